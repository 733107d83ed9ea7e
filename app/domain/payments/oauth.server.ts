/**
 * "Vincular cuenta": the store's Mercado Pago account linked through the operator's application
 * (MERCADOPAGO_CLIENT_ID, _SECRET) by OAuth's authorization code (docs/decisions/052). The `state`
 * is sealed with the payments key and names the store and the account that asked, for ten minutes:
 * a code brought back under another session, another store or later is refused.
 */
import type { Executor } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { PAYMENT_ACCOUNT_MESSAGES } from "./payment-account";
import { checkToken, saveLinkedAccount, type Payments } from "./payments.server";

export const OAUTH_PATH = "/i/admin/mercadopago/vincular";
const STATE_MS = 10 * 60_000;

type Asker = { storeId: string; userId: string };

/** Where the owner is sent to authorize the operator's application. */
export function authorizationUrl(payments: Payments, asker: Asker, now = new Date()): string {
  if (!payments.oauth) throw new Error("OAuth linking is not configured");
  const state = payments.sealer.seal(JSON.stringify({ ...asker, until: now.getTime() + STATE_MS }));
  const url = new URL("/authorization", payments.oauth.authUrl);
  url.searchParams.set("client_id", payments.oauth.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("platform_id", "mp");
  url.searchParams.set("state", state);
  url.searchParams.set("redirect_uri", `${payments.origin}${OAUTH_PATH}`);
  return url.toString();
}

function stateHolds(payments: Payments, state: string, asker: Asker, now: Date): boolean {
  try {
    const opened = JSON.parse(payments.sealer.open(state)) as Asker & { until: number };
    return opened.storeId === asker.storeId && opened.userId === asker.userId && opened.until > now.getTime();
  } catch {
    return false;
  }
}

/** The code Mercado Pago sent back, exchanged for the account's tokens, checked, then the save to run. */
export async function exchangeCode(
  payments: Payments,
  { code, state }: { code: string; state: string },
  asker: Asker,
  now = new Date(),
) {
  if (!payments.oauth || !stateHolds(payments, state, asker, now))
    throw new AppError("VALIDATION", PAYMENT_ACCOUNT_MESSAGES.oauthFailed);
  const { clientId, clientSecret } = payments.oauth;
  let token;
  try {
    token = await payments.client.oauthToken(
      { client_id: clientId, client_secret: clientSecret },
      { grant_type: "authorization_code", code, redirect_uri: `${payments.origin}${OAUTH_PATH}` },
    );
  } catch (error) {
    throw new AppError("VALIDATION", PAYMENT_ACCOUNT_MESSAGES.oauthFailed, { internal: String(error) });
  }
  const owner = await checkToken(payments, token.access_token);
  const account = {
    linkedVia: "oauth" as const,
    ...owner,
    publicKey: token.public_key ?? "",
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? null,
    expiresAt: token.expires_in ? new Date(now.getTime() + token.expires_in * 1000) : null,
  };
  return (tx: Executor) => saveLinkedAccount(tx, payments, asker.storeId, account);
}
