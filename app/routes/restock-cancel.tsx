import { Form, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/auth-card";
import { SubmitButton } from "~/components/forms/submit-button";
import { RESTOCK_CANCEL_WORDS } from "~/domain/products/restock";
import { cancelRestockRequest, findRestockRequest } from "~/domain/products/restock.server";
import type { Route } from "./+types/restock-cancel";

export const meta: Route.MetaFunction = () => [
  { title: `${RESTOCK_CANCEL_WORDS.title} · Tianguis` },
  // The address holds a secret: never indexed, never sent on as a referrer.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/**
 * /i/avisame/baja/<token>: the cancel link of "Avísame cuando haya" (docs/decisions/030). Opening
 * it changes nothing (a mail scanner or a link preview may follow it); the button does. Open to
 * anyone: the token is the proof.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { request: await findRestockRequest(context.services.db, params.token) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const channel = await cancelRestockRequest(context.services.db, params.token);
  if (channel) context.logger.info("restock request cancelled", { channel });
  return { cancelled: channel !== null, channel };
}

export default function RestockCancel({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (actionData?.cancelled) {
    return (
      <AuthCard title={RESTOCK_CANCEL_WORDS.title}>
        <FormNotice ok>
          {actionData.channel === "push" ? RESTOCK_CANCEL_WORDS.donePush : RESTOCK_CANCEL_WORDS.done}
        </FormNotice>
      </AuthCard>
    );
  }
  const { request } = loaderData;
  if (!request || actionData) {
    return (
      <AuthCard title={RESTOCK_CANCEL_WORDS.title}>
        <FormNotice ok={false}>{RESTOCK_CANCEL_WORDS.gone}</FormNotice>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={RESTOCK_CANCEL_WORDS.title}>
      <Form method="post" className="space-y-4">
        <p>{RESTOCK_CANCEL_WORDS.question(request.productName, request.storeName)}</p>
        <SubmitButton busy={submitting} busyLabel="Cancelando…">
          {RESTOCK_CANCEL_WORDS.confirm}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
