/**
 * `npm run check:mercadopago`: the card payment's flow against Mercado Pago's real sandbox, with the
 * same REST client the server uses (docs/decisions/052). It needs the internet and a seller test
 * user's credentials; the test suite runs the flow against the local stand-in instead.
 *
 *   MERCADOPAGO_TEST_ACCESS_TOKEN   the seller test user's access token (TEST-… or APP_USR-…)
 *   MERCADOPAGO_API_URL             optional, https://api.mercadopago.com by default
 *   MERCADOPAGO_CHECK_WAIT_SECONDS  optional, how long to wait for the payment (default 300)
 *   MERCADOPAGO_CHECK_REFUND        optional, 1: refund the payment at the end
 *
 * It checks the credentials (GET /users/me), makes a preference for a $10.00 order, prints its
 * init_point — open it and pay with a buyer test user and a test card — then searches the payments
 * by the order's external reference until one is approved, reads it by its id as the webhook does,
 * and refunds it when asked.
 */
import { randomBytes } from "node:crypto";
import { mercadoPagoClient } from "~/domain/payments/mercadopago-client.server";

const token = process.env.MERCADOPAGO_TEST_ACCESS_TOKEN;
if (!token) {
  console.error("Set MERCADOPAGO_TEST_ACCESS_TOKEN to a seller test user's access token.");
  process.exit(2);
}
const client = mercadoPagoClient({
  baseUrl: process.env.MERCADOPAGO_API_URL ?? "https://api.mercadopago.com",
  timeoutMs: 15_000,
});
const waitMs = Number(process.env.MERCADOPAGO_CHECK_WAIT_SECONDS ?? 300) * 1000;

const me = await client.me(token);
console.log(`credentials: ${me.nickname} (${me.id})`);
const reference = `CHECK-${randomBytes(4).toString("hex").toUpperCase()}`;
const back = "https://example.com/pedido";
const preference = await client.createPreference(token, {
  items: [
    {
      id: reference,
      title: `Pedido ${reference} · comprobación`,
      quantity: 1,
      unit_price: 10,
      currency_id: "MXN",
    },
  ],
  external_reference: reference,
  back_urls: { success: back, failure: back, pending: back },
  auto_return: "approved",
  notification_url: "https://example.com/i/pagos/mercadopago/comprobacion",
  expires: true,
  expiration_date_to: new Date(Date.now() + waitMs).toISOString(),
});
console.log(`preference ${preference.id}: pay it at\n  ${preference.init_point}`);

const deadline = Date.now() + waitMs;
let approved: string | null = null;
while (!approved && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const { results } = await client.searchPayments(token, reference);
  approved = results.find((payment) => payment.status === "approved")?.id.toString() ?? null;
}
if (!approved) {
  console.error(`no approved payment for ${reference} within ${waitMs / 1000} s`);
  process.exit(1);
}
const payment = await client.payment(token, approved);
const ok =
  payment.status === "approved" &&
  payment.external_reference === reference &&
  payment.transaction_amount === 10;
console.log(
  `payment ${payment.id}: ${payment.status}, $${payment.transaction_amount}, ${payment.external_reference}`,
);
if (!ok) process.exit(1);
if (process.env.MERCADOPAGO_CHECK_REFUND === "1") {
  const refund = await client.refund(token, approved, `check:${reference}`);
  console.log(`refund ${refund.id}: ${refund.status}`);
}
console.log("Mercado Pago sandbox: the flow holds.");
