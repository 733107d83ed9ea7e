import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { SubmitButton } from "~/components/forms/submit-button";
import { ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { confirmEmailChange } from "~/domain/auth/account.server";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/confirm-email";

export const meta: Route.MetaFunction = () => [
  { title: "Confirma tu nuevo correo · Tianguis" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader() {
  return null;
}

/**
 * /i/cuenta/correo/<token>: the link of the confirmation e-mail. Opening it changes nothing (a
 * mail scanner following links does no harm); the button does, once. The token is the proof, so
 * it works in any browser.
 */
export async function action({ params, context }: Route.ActionArgs) {
  return answering(
    { logger: context.logger, fallback: ACCOUNT_MESSAGES.emailFailed, logLine: "e-mail confirmation failed" },
    async () => {
      await confirmEmailChange(context.services.db, params.token);
      context.logger.info("e-mail changed");
      return { ok: true as const, message: ACCOUNT_MESSAGES.emailConfirmed };
    },
  );
}

export default function ConfirmEmail({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <AuthCard title="Confirma tu nuevo correo">
      {actionData ? (
        <FormNotice ok={actionData.ok}>{actionData.message}</FormNotice>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-stone-700">
            Al confirmar, entrarás a Tianguis con este correo en lugar del anterior.
          </p>
          <SubmitButton busy={submitting} busyLabel="Confirmando…">
            Confirmar mi nuevo correo
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/i/cuenta" className="font-semibold text-brand-800 underline">
          Ir a mi cuenta
        </Link>
      </p>
    </AuthCard>
  );
}
