import { data } from "react-router";
import { ACCOUNT_MESSAGES, ChangePasswordSchema } from "~/domain/auth/account-forms";
import { changePassword } from "~/domain/auth/account.server";
import { requireAccess } from "~/lib/entry-access.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/password";

/** POST /i/cuenta/contrasena: the current password and a new one; every other session ends. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAccess(request, context, "account-password");
  const form = await request.formData();
  const parsed = ChangePasswordSchema.safeParse({
    currentPassword: form.get("currentPassword") ?? "",
    newPassword: form.get("newPassword") ?? "",
  });
  if (!parsed.success)
    return data(invalidForm(ACCOUNT_MESSAGES.passwordFailed, fieldErrors(parsed.error)), 400);
  return answering(
    { logger: context.logger, fallback: ACCOUNT_MESSAGES.passwordFailed, logLine: "password change failed" },
    async () => {
      const headers = await changePassword(
        context.services,
        { userId: user.id, email: user.email, ip: context.clientIp, headers: request.headers },
        parsed.data,
      );
      context.logger.info("password changed", { userId: user.id });
      // The new session's cookie: this browser stays signed in, every other one is out.
      return data({ ok: true as const, message: ACCOUNT_MESSAGES.passwordChanged }, { headers });
    },
  );
}
