import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { TextField } from "~/components/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { RESET_MESSAGES, ResetPasswordSchema } from "~/domain/auth/account-forms";
import { isResetTokenValid, resetPassword } from "~/domain/auth/password-reset.server";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/reset-password";

export const headers: Route.HeadersFunction = retryAfterOf;

export const meta: Route.MetaFunction = () => [
  { title: "Elige una nueva contraseña · Tianguis" },
  // The address holds a secret: never indexed, never sent on as a referrer.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/**
 * /i/restablecer/<token>: the link of the reset e-mail. Opening it uses nothing up (a mail
 * scanner that follows links does no harm); the new password does, once. Open to anyone: the
 * token is the proof, and whoever is signed in elsewhere is signed out by the reset.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { valid: await isResetTokenValid(context.services.db, params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = ResetPasswordSchema.safeParse({
    password: form.get("password") ?? "",
    confirmation: form.get("confirmation") ?? "",
  });
  if (!parsed.success) return data(invalidForm(RESET_MESSAGES.resetFailed, fieldErrors(parsed.error)), 400);
  return answering(
    { logger: context.logger, fallback: RESET_MESSAGES.resetFailed, logLine: "password reset failed" },
    async () => {
      await resetPassword(context.services.db, { token: params.token, password: parsed.data.password });
      context.logger.info("password reset");
      return redirect("/i/login?aviso=contrasena");
    },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.ok === false ? (actionData.fieldErrors ?? {}) : {};
  const linkFailed = actionData?.ok === false && !actionData.fieldErrors;
  if (!loaderData.valid || (linkFailed && actionData.message === RESET_MESSAGES.invalidLink)) {
    return (
      <AuthCard title="Enlace no válido">
        <FormNotice ok={false}>{RESET_MESSAGES.invalidLink}</FormNotice>
        <Link
          to="/i/olvide-contrasena"
          className="mt-6 block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
        >
          Pedir un enlace nuevo
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Elige una nueva contraseña">
      <Form method="post" className="space-y-4">
        <TextField
          label="Nueva contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="Al menos 8 caracteres."
          required
          error={errors.password}
        />
        <TextField
          label="Repite la nueva contraseña"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmation}
        />
        {linkFailed ? <FormNotice ok={false}>{actionData.message}</FormNotice> : null}
        <SubmitButton busy={submitting} busyLabel="Guardando…">
          Guardar mi nueva contraseña
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
