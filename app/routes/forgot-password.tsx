import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { TextField } from "~/components/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { ForgotPasswordSchema, RESET_MESSAGES } from "~/domain/auth/account-forms";
import { requireAccess } from "~/lib/entry-access.server";
import { requestPasswordReset } from "~/domain/auth/password-reset.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/forgot-password";

export const headers: Route.HeadersFunction = retryAfterOf;

export const meta: Route.MetaFunction = () => [{ title: "¿Olvidaste tu contraseña? · Tianguis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "forgot-password");
  return null;
}

/**
 * The answer is the same sentence, status and work whether or not an account has this e-mail
 * (app/domain/auth/password-reset.server.ts); only the address's own limit answers otherwise.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAccess(request, context, "forgot-password");
  const parsed = ForgotPasswordSchema.safeParse({ email: (await request.formData()).get("email") ?? "" });
  if (!parsed.success) return data(invalidForm(RESET_MESSAGES.email, fieldErrors(parsed.error)), 400);
  return answering(
    { logger: context.logger, fallback: RESET_MESSAGES.failed, logLine: "password reset request failed" },
    async () => {
      await requestPasswordReset(context.services.db, { email: parsed.data.email, ip: context.clientIp });
      return { ok: true as const, message: RESET_MESSAGES.sent };
    },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard title="¿Olvidaste tu contraseña?">
      {actionData?.ok ? (
        <FormNotice ok>{actionData.message}</FormNotice>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-stone-700">
            Escribe el correo con el que entras a Tianguis y te enviaremos un enlace para elegir una nueva
            contraseña.
          </p>
          <TextField
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={actionData?.ok === false ? actionData.fieldErrors?.email : undefined}
          />
          {actionData?.ok === false && !actionData.fieldErrors ? (
            <FormNotice ok={false}>{actionData.message}</FormNotice>
          ) : null}
          <SubmitButton busy={submitting} busyLabel="Enviando…">
            Enviar enlace
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/i/login" className="font-semibold text-brand-800 underline">
          Volver a Inicia Sesión
        </Link>
      </p>
    </AuthCard>
  );
}
