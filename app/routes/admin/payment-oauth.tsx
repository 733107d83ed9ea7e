import { Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { hasCardPayments } from "~/domain/orders/payment";
import { authorizationUrl, exchangeCode } from "~/domain/payments/oauth.server";
import { PAYMENT_ACCOUNT_MESSAGES } from "~/domain/payments/payment-account";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { requireAccess } from "~/lib/entry-access.server";
import { AppError } from "~/lib/errors";
import type { Route } from "./+types/payment-oauth";

export const meta: Route.MetaFunction = () => [{ title: "Vincular Mercado Pago · Tianguis" }];

const UNAVAILABLE =
  "La vinculación directa con Mercado Pago no está configurada en este Tianguis. Vincula tu cuenta con tus credenciales en Configuración.";

/**
 * GET /i/admin/mercadopago/vincular (docs/decisions/052): without `code`, sends the owner to Mercado
 * Pago to authorize the operator's application; Mercado Pago sends them back here with `code` and
 * `state`, which are exchanged for the account's tokens, checked and saved. Without the operator's
 * application, or on a plan without card payments, it says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, store } = await requireAccess(request, context, "admin-mercadopago-oauth");
  const { db, payments } = context.services;
  if (!hasCardPayments(store.licence.tier)) return { message: PAYMENT_ACCOUNT_MESSAGES.planRequired };
  if (!payments.oauth) return { message: UNAVAILABLE };
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const asker = { storeId: store.id, userId: user.id };
  if (!code || !state) throw redirect(authorizationUrl(payments, asker));
  try {
    const save = await exchangeCode(payments, { code, state }, asker);
    await withActivity(db, actorOf(user), store.id, save, { kind: "payments" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.logger.warn("mercado pago oauth refused", {
      storeId: store.id,
      error: error.internal ?? error.message,
    });
    return { message: error.message };
  }
  throw redirect("/i/admin?tab=configuracion");
}

export default function PaymentOAuth({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Vincular Mercado Pago">
      <p role="alert" className="text-stone-800">
        {loaderData.message}
      </p>
      <Link
        to="/i/admin?tab=configuracion"
        className="mt-6 block text-center font-semibold text-brand-800 underline"
      >
        Volver a Configuración
      </Link>
    </AuthCard>
  );
}
