/**
 * Card payments through each store's own Mercado Pago account (docs/decisions/052): what one
 * instance builds at start (the REST client, the sealing key, the operator's OAuth application)
 * and the store's linked account — saved only once Mercado Pago recognised its token, its secrets
 * sealed, never shown again.
 */
import { and, eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Database, Executor } from "~/db/client.server";
import { paymentAccounts, storeSettings } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { Env } from "~/lib/env.server";
import { mercadoPagoClient, ProviderError, type MercadoPagoClient } from "./mercadopago-client.server";
import { createSealer, loadSealingKey, type Sealer } from "./sealed.server";
import { PAYMENT_ACCOUNT_MESSAGES } from "./payment-account";

export type Payments = {
  client: MercadoPagoClient;
  sealer: Sealer;
  /** The operator's application, when MERCADOPAGO_CLIENT_ID and _SECRET are set: "Vincular cuenta". */
  oauth: { clientId: string; clientSecret: string; authUrl: string } | null;
  /** What the operator's application signs webhooks with, for accounts linked by OAuth. */
  oauthWebhookSecret: string | null;
  /** The platform's origin: the back URLs and the webhook's address. */
  origin: string;
  /** An unpaid card order is cancelled as expired after this long. */
  expiryMs: number;
  sweepMs: number;
};

export async function createPayments(db: Database, env: Env): Promise<Payments> {
  const key = await loadSealingKey(db, env.PAYMENTS_ENCRYPTION_KEY);
  return {
    client: mercadoPagoClient({ baseUrl: env.MERCADOPAGO_API_URL, timeoutMs: env.MERCADOPAGO_TIMEOUT_MS }),
    sealer: createSealer(key),
    oauth:
      env.MERCADOPAGO_CLIENT_ID && env.MERCADOPAGO_CLIENT_SECRET
        ? {
            clientId: env.MERCADOPAGO_CLIENT_ID,
            clientSecret: env.MERCADOPAGO_CLIENT_SECRET,
            authUrl: env.MERCADOPAGO_AUTH_URL,
          }
        : null,
    oauthWebhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET ?? null,
    origin: env.publicOrigin,
    expiryMs: env.CARD_PAYMENT_EXPIRY_MINUTES * 60_000,
    sweepMs: env.PAYMENTS_SWEEP_SECONDS * 1000,
  };
}

/** What the owner's settings show of a linked account: its nickname, never a secret. */
export async function readLinkedAccount(db: Executor, storeId: string) {
  const [account] = await db
    .select({ nickname: paymentAccounts.nickname, linkedVia: paymentAccounts.linkedVia })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.storeId, storeId));
  return account ?? null;
}

export type StoreCredentials = { accessToken: string; webhookSecret: string | null };

/** How long Mercado Pago's OAuth tokens last when its answer does not say: 180 days. */
const OAUTH_TOKEN_SECONDS = 15_552_000;

/** An access token from "Vincular cuenta" is renewed when it has less than this left (it lasts 180 days). */
export const TOKEN_RENEWAL_MS = 7 * 86_400_000;

/**
 * The store's credentials, opened; null when it has no linked account. An account linked by OAuth
 * whose token is about to expire is renewed first with its refresh token, once however many
 * requests ask at the same time (the row is locked); if Mercado Pago refuses, the old token is
 * used while it lasts and the next request tries again.
 */
export async function storeCredentials(
  db: Executor,
  payments: Payments,
  storeId: string,
  now = new Date(),
): Promise<StoreCredentials | null> {
  const [found] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, storeId));
  if (!found) return null;
  const account = renewalDue(found, payments, now) ? await renewToken(db, payments, storeId, now) : found;
  const webhookSecret = account.webhookSecret
    ? payments.sealer.open(account.webhookSecret)
    : account.linkedVia === "oauth"
      ? payments.oauthWebhookSecret
      : null;
  return { accessToken: payments.sealer.open(account.accessToken), webhookSecret };
}

type AccountRow = typeof paymentAccounts.$inferSelect;

const renewalDue = (account: AccountRow, payments: Payments, now: Date) =>
  account.linkedVia === "oauth" &&
  account.refreshToken !== null &&
  account.expiresAt !== null &&
  payments.oauth !== null &&
  account.expiresAt.getTime() - now.getTime() < TOKEN_RENEWAL_MS;

async function renewToken(db: Executor, payments: Payments, storeId: string, now: Date): Promise<AccountRow> {
  return inTransaction(db, async (tx) => {
    const [account] = await tx
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.storeId, storeId))
      .for("update");
    // Another request renewed it while this one waited for the row.
    if (!account || !renewalDue(account, payments, now)) return account!;
    try {
      const token = await payments.client.oauthToken(
        { client_id: payments.oauth!.clientId, client_secret: payments.oauth!.clientSecret },
        { grant_type: "refresh_token", refresh_token: payments.sealer.open(account.refreshToken!) },
      );
      const renewed = {
        accessToken: payments.sealer.seal(token.access_token),
        refreshToken: token.refresh_token ? payments.sealer.seal(token.refresh_token) : account.refreshToken,
        expiresAt: new Date(now.getTime() + (token.expires_in ?? OAUTH_TOKEN_SECONDS) * 1000),
      };
      await tx.update(paymentAccounts).set(renewed).where(eq(paymentAccounts.storeId, storeId));
      return { ...account, ...renewed };
    } catch {
      return account;
    }
  });
}

/** Asks Mercado Pago whose token this is: a refused token is the owner's mistake, said beside the field. */
export async function checkToken(payments: Payments, accessToken: string) {
  try {
    const me = await payments.client.me(accessToken);
    return { userId: String(me.id), nickname: me.nickname };
  } catch (error) {
    if (error instanceof ProviderError && (error.status === 401 || error.status === 403))
      throw new AppError("VALIDATION", PAYMENT_ACCOUNT_MESSAGES.tokenRefused, { field: "accessToken" });
    throw new AppError("SERVICE_UNAVAILABLE", PAYMENT_ACCOUNT_MESSAGES.providerDown, {
      internal: String(error),
    });
  }
}

export type LinkedAccount = {
  linkedVia: "token" | "oauth";
  userId: string;
  nickname: string;
  publicKey: string;
  accessToken: string;
  refreshToken?: string | null;
  webhookSecret?: string | null;
  expiresAt?: Date | null;
};

/**
 * Saves the account (replacing one linked before) and offers card payments in the store: the
 * settings' row changes in the same transaction, so the kept store page is rendered again.
 */
export async function saveLinkedAccount(
  tx: Executor,
  payments: Payments,
  storeId: string,
  account: LinkedAccount,
) {
  const { sealer } = payments;
  const row = {
    linkedVia: account.linkedVia,
    providerUserId: account.userId,
    nickname: account.nickname,
    publicKey: account.publicKey,
    accessToken: sealer.seal(account.accessToken),
    refreshToken: account.refreshToken ? sealer.seal(account.refreshToken) : null,
    webhookSecret: account.webhookSecret ? sealer.seal(account.webhookSecret) : null,
    expiresAt: account.expiresAt ?? null,
  };
  await tx
    .insert(paymentAccounts)
    .values({ storeId, ...row })
    .onConflictDoUpdate({ target: paymentAccounts.storeId, set: row });
  await tx
    .update(storeSettings)
    .set({
      paymentMethods: sql`array_append(array_remove(${storeSettings.paymentMethods}, 'mercadopago'), 'mercadopago')`,
    })
    .where(eq(storeSettings.storeId, storeId));
}

/** "Desvincular": the account is forgotten and the store stops offering card payments. */
export async function unlinkAccount(tx: Executor, storeId: string) {
  await tx.delete(paymentAccounts).where(and(eq(paymentAccounts.storeId, storeId)));
  await tx
    .update(storeSettings)
    .set({ paymentMethods: sql`array_remove(${storeSettings.paymentMethods}, 'mercadopago')` })
    .where(eq(storeSettings.storeId, storeId));
}
