/**
 * "Avísame cuando haya" (docs/decisions/030): requests to be told once when a sold-out product is
 * back, kept in `restock_requests` until then. Whatever brings stock back — the owner's edit, the
 * daily refill, a cancelled order's units — calls `notifyRestocked` in its own transaction: the
 * requests of the products now available are deleted and their e-mails or pushes queued as jobs,
 * so the messages leave with the stock's commit and never without it, once each.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { inTransaction } from "~/db/after-commit.server";
import type { Executor } from "~/db/client.server";
import { products, restockRequests, storeSettings } from "~/db/schema";
import { restockMail } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { acceptPushEndpoint, type PushServiceHost } from "~/domain/push/push-endpoint";
import { restockPush } from "~/domain/push/push-text";
import { queuePush } from "~/domain/push/push.server";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { productPath } from "~/domain/stores/store-links";
import { findStore } from "~/domain/stores/store.server";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import { RESTOCK_WORDS, type RestockRequest } from "./restock";
import { hasStock, stockBadge } from "./stock";

export type RestockRequestInput = {
  storeId: string;
  form: RestockRequest;
  clientIp: string;
  origin: string;
  /** The push services the operator added (PUSH_SERVICE_HOSTS), for a push request's endpoint. */
  pushServiceHosts: readonly PushServiceHost[];
};

/**
 * Keeps a shopper's request for a sold-out product of an open store. A push subscription must be
 * on a push service the server sends to (docs/decisions/024), as an owner's device must. Counted
 * against the address's limit first, whatever the product, so the endpoint cannot be used to probe
 * the catalogue fast. The same e-mail (or browser) for the same product is one request: asking
 * again answers as the first time but hands out no cancel link (whoever asks again may not own the
 * address).
 */
export async function requestRestock(
  db: Executor,
  { storeId, form, clientIp, origin, pushServiceHosts }: RestockRequestInput,
) {
  if (form.channel === "push" && !acceptPushEndpoint(form.address, pushServiceHosts)) {
    throw new AppError("VALIDATION", RESTOCK_WORDS.pushService);
  }
  await enforce(db, [{ name: "restockPerAddress", subject: clientIp }], RESTOCK_WORDS.tooMany);
  const store = await findStore(db, storeId);
  if (!store) throw new AppError("NOT_FOUND", RESTOCK_WORDS.notFound);
  // The product's row is held (FOR SHARE) until the request is written: stock coming back meanwhile
  // waits for this commit, and its notifyRestocked then sees the request. Without it a restock
  // between the check and the insert would leave the request waiting for the next one.
  return inTransaction(db, async (tx) => {
    const [product] = await tx
      .select({
        unit: products.unit,
        quantityStep: products.quantityStep,
        minQuantity: products.minQuantity,
        stock: products.stock,
        lowStockThreshold: products.lowStockThreshold,
        optionStock: products.optionStock,
        choiceGroups: products.choiceGroups,
      })
      .from(products)
      .where(
        and(eq(products.storeId, storeId), eq(products.id, form.productId), eq(products.available, true)),
      )
      .for("share");
    if (!product) throw new AppError("NOT_FOUND", RESTOCK_WORDS.notFound);
    if (!hasStock(store.licence.tier) || !stockBadge(product)?.soldOut) {
      throw new AppError("UNAVAILABLE", RESTOCK_WORDS.notSoldOut);
    }
    const [created] = await tx
      .insert(restockRequests)
      .values({
        storeId,
        productId: form.productId,
        channel: form.channel,
        address: form.address,
        p256dh: form.p256dh,
        auth: form.auth,
        token: randomId(32),
        origin,
      })
      .onConflictDoNothing()
      .returning({ token: restockRequests.token });
    return { token: created?.token ?? null };
  });
}

type Waiting = {
  id: number;
  channel: "email" | "push";
  address: string;
  p256dh: string | null;
  auth: string | null;
  origin: string;
  storeId: string;
  productId: string;
  productName: string;
  storeName: string;
  unit: (typeof products.$inferSelect)["unit"];
  quantityStep: number | null;
  minQuantity: number | null;
  stock: number | null;
  optionStock: Record<string, number> | null;
  choiceGroups: (typeof products.$inferSelect)["choiceGroups"];
};

/**
 * In the transaction that gave stock back to some of these stores' products: the requests of the
 * products no longer sold out are deleted and one message per request queued, by the request's
 * channel: an e-mail, or a push to the browser that asked. The delete decides:
 * two transactions that both see a request send it once, since the second deletes nothing.
 * Answers how many messages were queued.
 */
export async function notifyRestocked(tx: Executor, storeIds: string[]): Promise<number> {
  if (storeIds.length === 0) return 0;
  const waiting: Waiting[] = await tx
    .select({
      id: restockRequests.id,
      channel: restockRequests.channel,
      address: restockRequests.address,
      p256dh: restockRequests.p256dh,
      auth: restockRequests.auth,
      origin: restockRequests.origin,
      storeId: products.storeId,
      productId: products.id,
      productName: products.name,
      storeName: sql<string>`coalesce(nullif(${storeSettings.displayName}, ''), ${products.storeId})`,
      unit: products.unit,
      quantityStep: products.quantityStep,
      minQuantity: products.minQuantity,
      stock: products.stock,
      optionStock: products.optionStock,
      choiceGroups: products.choiceGroups,
    })
    .from(restockRequests)
    .innerJoin(
      products,
      and(eq(products.storeId, restockRequests.storeId), eq(products.id, restockRequests.productId)),
    )
    .innerJoin(storeSettings, eq(storeSettings.storeId, restockRequests.storeId))
    .where(and(inArray(restockRequests.storeId, storeIds), eq(products.available, true)));
  const back = waiting.filter((request) => !stockBadge({ ...request, lowStockThreshold: null })?.soldOut);
  if (back.length === 0) return 0;
  const deleted = await tx
    .delete(restockRequests)
    .where(
      inArray(
        restockRequests.id,
        back.map((request) => request.id),
      ),
    )
    .returning({ id: restockRequests.id });
  const sent = new Set(deleted.map((row) => row.id));
  for (const request of back.filter((request) => sent.has(request.id))) {
    const { storeId, productId, storeName, productName } = request;
    const url = `${request.origin}${productPath(storeId, productId)}`;
    if (request.channel === "push" && request.p256dh && request.auth) {
      const subscription = { endpoint: request.address, p256dh: request.p256dh, auth: request.auth };
      await queuePush(tx, subscription, restockPush({ storeId, productId, storeName, productName, url }));
    } else {
      await queueMail(tx, restockMail({ to: request.address, storeName, productName, url }));
    }
  }
  return sent.size;
}

/** The request behind a cancel link, for the page that asks before cancelling; null when gone. */
export async function findRestockRequest(db: Executor, token: string) {
  const [request] = await db
    .select({
      productName: products.name,
      storeName: sql<string>`coalesce(nullif(${storeSettings.displayName}, ''), ${products.storeId})`,
    })
    .from(restockRequests)
    .innerJoin(
      products,
      and(eq(products.storeId, restockRequests.storeId), eq(products.id, restockRequests.productId)),
    )
    .innerJoin(storeSettings, eq(storeSettings.storeId, restockRequests.storeId))
    .where(eq(restockRequests.token, token));
  return request ?? null;
}

/**
 * Forgets the request of a cancel link; answers its channel, or null when it was already gone
 * (cancelled or sent).
 */
export async function cancelRestockRequest(db: Executor, token: string) {
  const [deleted] = await db
    .delete(restockRequests)
    .where(eq(restockRequests.token, token))
    .returning({ channel: restockRequests.channel });
  return deleted?.channel ?? null;
}

/** For the owner's product list: how many shoppers wait for each product of the store. */
export async function waitingByProduct(db: Executor, storeId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ productId: restockRequests.productId, waiting: count() })
    .from(restockRequests)
    .where(eq(restockRequests.storeId, storeId))
    .groupBy(restockRequests.productId);
  return Object.fromEntries(rows.map((row) => [row.productId, row.waiting]));
}
