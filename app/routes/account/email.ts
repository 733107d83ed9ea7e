import { data } from "react-router";
import { ACCOUNT_MESSAGES, ChangeEmailSchema } from "~/domain/auth/account-forms";
import { requestEmailChange } from "~/domain/auth/account.server";
import { requireAccess } from "~/lib/entry-access.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/email";

/**
 * POST /i/cuenta/correo: a confirmation link to the new address and a notice to the current one,
 * with the current password (or right after signing in).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, signedInAt } = await requireAccess(request, context, "account-email");
  const form = await request.formData();
  const parsed = ChangeEmailSchema.safeParse({
    newEmail: form.get("newEmail") ?? "",
    currentPassword: form.get("currentPassword") ?? "",
  });
  if (!parsed.success) return data(invalidForm(ACCOUNT_MESSAGES.emailFailed, fieldErrors(parsed.error)), 400);
  return answering(
    { logger: context.logger, fallback: ACCOUNT_MESSAGES.emailFailed, logLine: "e-mail change failed" },
    async () => {
      await requestEmailChange(
        context.services,
        {
          userId: user.id,
          email: user.email,
          signedInAt,
          ip: context.clientIp,
          headers: request.headers,
          origin: context.services.env.publicOrigin,
        },
        parsed.data,
      );
      return { ok: true as const, message: ACCOUNT_MESSAGES.emailRequested(parsed.data.newEmail) };
    },
  );
}
