import { Form, Link, useNavigation } from "react-router";
import { maskEmail } from "~/domain/mail/mail-text";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { SubmitButton } from "~/components/forms/submit-button";
import { LoginForLink, SignupForLink } from "~/components/link-account-forms";
import { LogoutButton } from "~/components/logout-button";
import { ClaimSignupSchema } from "~/domain/auth/account-forms";
import { getCurrentUser } from "~/domain/auth/guards.server";
import { answerLinkForm } from "~/domain/auth/link-sign-in.server";
import {
  invitationStatusMessage,
  isInvitedEmail,
  invitationPath,
  roleLabel,
  TEAM_MESSAGES,
} from "~/domain/team/invitations";
import { acceptInvitation, findInvitation, joinWithNewAccount } from "~/domain/team/invitations.server";
import { findStoreRole } from "~/domain/team/members.server";
import type { FormFailure } from "~/lib/form-result";
import { retryAfterOf } from "~/lib/retry-after";
import { z } from "~/lib/zod";
import type { Route } from "./+types/invitation";

export const headers: Route.HeadersFunction = retryAfterOf;

export const meta: Route.MetaFunction = () => [
  { title: "Únete al equipo · Tianguis" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

const SignupSchema = ClaimSignupSchema.extend({
  name: z.string().trim().min(1, "Escribe tu nombre.").max(80, "Escribe un nombre más corto."),
});

/**
 * /i/invitacion/<token>: a store's invitation to its team (docs/decisions/033), for the address it
 * was sent to. A visitor creates the account of that address or signs in with it; the signed-in
 * account of that address, without a store, accepts with one button; any other account is told
 * whose invitation it is and may sign out. Opening the page uses nothing up.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const { status, invitation } = await findInvitation(db, params.token);
  const user = await getCurrentUser(request, context);
  const storeId = user ? ((await findStoreRole(db, user.id))?.storeId ?? null) : null;
  const invited = invitation ? invitation.email : "";
  const isInvited = user !== null && invitation !== null && isInvitedEmail(invited, user.email);
  return {
    status,
    invitation: invitation && {
      storeName: invitation.storeName,
      role: invitation.role,
      // The whole address only where it is filled in for its owner; another account reads it masked.
      email: user && !isInvited ? maskEmail(invited) : invited,
    },
    user: user ? { email: user.email, storeId, isInvited } : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services;
  return answerLinkForm(request, context, {
    useIntent: "accept",
    pagePath: `/i/invitacion/${params.token}`,
    failed: TEAM_MESSAGES.failed,
    logLines: {
      failed: "invitation failed",
      used: "invitation accepted",
      signedUp: "invitation accepted by a new account",
    },
    signupSchema: SignupSchema,
    useAs: (userId) => acceptInvitation(db, { token: params.token, userId }),
    signUp: (fields) => joinWithNewAccount(db, params.token, fields),
  });
}

export default function Invitation({ loaderData, actionData, params }: Route.ComponentProps) {
  const { token } = params;
  const { status, invitation, user } = loaderData;
  const failure: FormFailure | null = actionData?.ok === false ? actionData : null;
  if (status !== "valid" || !invitation) {
    return (
      <AuthCard title="Únete al equipo">
        <FormNotice ok={false}>{invitationStatusMessage(status === "valid" ? "unknown" : status)}</FormNotice>
        <Link to="/" className="mt-6 block text-center font-semibold text-brand-800 underline">
          Ir a Tianguis
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Únete al equipo" wide>
      <p className="text-center text-stone-700">
        <strong>{invitation.storeName}</strong> te invita a su equipo como{" "}
        <strong>{roleLabel(invitation.role).toLowerCase()}</strong>.
      </p>
      <div className="mt-6 space-y-6">
        {failure && !failure.fieldErrors ? <FormNotice ok={false}>{failure.message}</FormNotice> : null}
        {user ? (
          !user.isInvited || user.storeId ? (
            <>
              <FormNotice ok={false}>
                {user.isInvited
                  ? TEAM_MESSAGES.alreadyInStore(user.storeId!)
                  : TEAM_MESSAGES.wrongAccount(invitation.email)}
              </FormNotice>
              <div className="flex justify-center">
                <LogoutButton returnTo={invitationPath(token)} />
              </div>
            </>
          ) : (
            <AcceptAsUser email={user.email} />
          )
        ) : (
          <>
            <SignupForLink
              failure={failure}
              submitLabel="Crear cuenta y unirme"
              withName
              email={invitation.email}
            />
            <LoginForLink
              heading="¿Ya tienes cuenta sin tienda?"
              submitLabel="Entrar y unirme"
              email={invitation.email}
            />
          </>
        )}
      </div>
    </AuthCard>
  );
}

function AcceptAsUser({ email }: { email: string }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="accept" />
      <p className="text-sm text-stone-700">Entraste como {email}. Te unirás al equipo con esta cuenta.</p>
      <SubmitButton busy={submitting} busyLabel="Uniéndote…">
        Aceptar la invitación
      </SubmitButton>
    </Form>
  );
}
