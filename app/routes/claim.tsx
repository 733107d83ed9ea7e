import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { SubmitButton } from "~/components/forms/submit-button";
import { LogoutButton } from "~/components/logout-button";
import { getCurrentUser } from "~/domain/auth/guards.server";
import { answerLinkForm } from "~/domain/auth/link-sign-in.server";
import { LoginForLink, SignupForLink } from "~/components/link-account-forms";
import { CLAIM_MESSAGES, claimStatusMessage } from "~/domain/super-admin/claim";
import { claimForUser, claimWithSignup, findClaim } from "~/domain/super-admin/claim.server";
import { ClaimSignupSchema } from "~/domain/auth/account-forms";
import { findStoreRole } from "~/domain/team/members.server";
import type { FormFailure } from "~/lib/form-result";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/claim";

export const headers: Route.HeadersFunction = retryAfterOf;

export const meta: Route.MetaFunction = () => [
  { title: "Reclama tu tienda · Tianguis" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/**
 * /i/reclamar/<token>: the link the super-admin made for a store without an owner. Anyone with
 * the link may claim it (the token is the proof): a visitor creates an account or signs in, a
 * signed-in user without a store claims it with one button; opening the page uses nothing up.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const claim = await findClaim(db, params.token);
  const user = await getCurrentUser(request, context);
  const ownedStoreId = user ? ((await findStoreRole(db, user.id))?.storeId ?? null) : null;
  return {
    status: claim.status,
    store: claim.store,
    user: user ? { email: user.email, ownedStoreId } : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.services;
  return answerLinkForm(request, context, {
    useIntent: "claim",
    pagePath: `/i/reclamar/${params.token}`,
    failed: CLAIM_MESSAGES.failed,
    logLines: {
      failed: "store claim failed",
      used: "store claimed",
      signedUp: "store claimed by a new account",
    },
    signupSchema: ClaimSignupSchema,
    useAs: (userId) => claimForUser(db, { token: params.token, userId }),
    signUp: (fields) => claimWithSignup(db, { token: params.token, ...fields }),
  });
}

export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { status, store, user } = loaderData;
  const failure: FormFailure | null = actionData?.ok === false ? actionData : null;
  if (status !== "valid" || !store) {
    return (
      <AuthCard title="Reclama tu tienda">
        <FormNotice ok={false}>{claimStatusMessage(status === "valid" ? "unknown" : status)}</FormNotice>
        <Link to="/" className="mt-6 block text-center font-semibold text-brand-800 underline">
          Ir a Tianguis
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reclama tu tienda" wide>
      <p className="text-center text-stone-700">
        La tienda <strong>{store.displayName}</strong> (/{store.id}) está lista para tu negocio.
      </p>
      <div className="mt-6 space-y-6">
        {failure && !failure.fieldErrors ? <FormNotice ok={false}>{failure.message}</FormNotice> : null}
        {user ? (
          user.ownedStoreId ? (
            <>
              <FormNotice ok={false}>{CLAIM_MESSAGES.alreadyOwner(user.ownedStoreId)}</FormNotice>
              <div className="flex justify-center">
                <LogoutButton />
              </div>
            </>
          ) : (
            <ClaimAsUser email={user.email} />
          )
        ) : (
          <>
            <SignupForLink failure={failure} submitLabel="Crear cuenta y reclamar la tienda" />
            <LoginForLink heading="¿Ya tienes cuenta sin tienda?" submitLabel="Entrar y reclamar la tienda" />
          </>
        )}
      </div>
    </AuthCard>
  );
}

function ClaimAsUser({ email }: { email: string }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="claim" />
      <p className="text-sm text-stone-700">
        Entraste como {email}. La tienda quedará a nombre de esta cuenta.
      </p>
      <SubmitButton busy={submitting} busyLabel="Reclamando…">
        Reclamar esta tienda
      </SubmitButton>
    </Form>
  );
}
