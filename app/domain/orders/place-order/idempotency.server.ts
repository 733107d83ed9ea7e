/**
 * One order per form, however often it arrives: a double tap, a retry or a reload sends the
 * form's key again, and every request with that key, concurrent or later, gets the one order's
 * number. Only the first counts against the address's limit.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { builtOnce } from "~/db/built-once.server";
import type { Executor } from "~/db/client.server";
import { executeKept } from "~/db/kept-statement.server";
import { orders } from "~/db/schema";
import type { ConsumedRow } from "~/domain/rate-limit/rate-limit.server";
import { hasStock } from "~/domain/products/stock";
import { hasPromotions } from "~/domain/promotions/promotions";
import { readPromotions, type PromotionsRead } from "~/domain/promotions/redeem.server";
import { resolveLicence } from "~/domain/stores/licence";
import { selectOpenStore } from "~/domain/stores/store.server";
import { AppError } from "~/lib/errors";
import { ORDER_MESSAGES } from "../order-form";
import { offeredMethods } from "../payment";
import type { OrderSummary } from "../order-summary";
import { readOrderSummary } from "../order-summary.server";
import type { StoreSettings } from "./parse";
import type { ProductRow } from "./price";

/**
 * The store's settings, or the order this key already placed: a replay gets its order whatever
 * the store's settings say now, even once the store is closed. One statement when the store is
 * open. An unknown or closed store with no such order is NOT_FOUND.
 */
export async function findStoreOrReplay(
  db: Executor,
  storeId: string,
  idempotencyKey: string,
  now = new Date(),
): Promise<
  | { replay: OrderSummary; settings?: never; countsStock?: never; promotes?: never }
  | { replay: null; settings: StoreSettings; countsStock: boolean; promotes: boolean }
> {
  const [found] = await storeAndReplayQuery(db).execute({ storeId, idempotencyKey });
  if (found?.replayId) return { replay: (await readOrderSummary(db, storeId, found.replayId))! };
  // Stock counts while the store's plan has it; a store back on Emprendedor sells without limit.
  if (found) {
    const { tier } = resolveLicence(found.store, now);
    return {
      replay: null,
      // Card payments online come with the paid plans: a store back on Emprendedor takes none.
      settings: { ...found.settings, paymentMethods: offeredMethods(found.settings.paymentMethods, tier) },
      countsStock: hasStock(tier),
      promotes: hasPromotions(tier),
    };
  }
  const replay = await orderForKey(db, storeId, idempotencyKey);
  if (replay) return { replay };
  throw new AppError("NOT_FOUND", ORDER_MESSAGES.failure);
}

/**
 * Requests with one key wait for each other here until the transaction ends: the first places
 * the order, the others then find it.
 */
export async function lockIdempotencyKey(tx: Executor, storeId: string, idempotencyKey: string) {
  await executeKept(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`${storeId}:${idempotencyKey}`}, 11))`,
  );
}

export type ReadUnderKey =
  | { replay: OrderSummary; limit?: never; products?: never; promotions?: never }
  | { replay: null; limit: ConsumedRow | null; products: ProductRow[]; promotions: PromotionsRead };

/**
 * After the key's lock, so that it sees an order the key placed meanwhile: that order, or else
 * the address's limit counted (`limit`, ./store-rules.server.ts) and the products re-read
 * (`products`, ./price.server.ts). One statement, because the transaction holds its locks for
 * every round trip it waits on.
 */
export async function readUnderKey(
  tx: Executor,
  storeId: string,
  idempotencyKey: string,
  parts: { limit: SQL; products: SQL; promotions?: SQL | null },
): Promise<ReadUnderKey> {
  const { rows } = await executeKept<{
    existing_id: string | null;
    limit_state: ConsumedRow | null;
    products: ProductRow[];
    promotions: unknown;
  }>(
    tx,
    sql`
      with existing as (
        select id from ${orders} where store_id = ${storeId} and idempotency_key = ${idempotencyKey}
      )
      select (select id from existing) as existing_id,
        case when exists (select 1 from existing) then null else ${parts.limit} end as limit_state,
        ${parts.products} as products, ${parts.promotions ?? sql`null::json`} as promotions`,
  );
  const { existing_id: existingId, limit_state: limit, products, promotions } = rows[0]!;
  if (existingId) return { replay: (await readOrderSummary(tx, storeId, existingId))! };
  return { replay: null, limit, products, promotions: readPromotions(promotions) };
}

/**
 * The order another request with this key committed while this one was pricing (its insert then
 * wrote nothing).
 */
export async function orderPlacedMeanwhile(tx: Executor, storeId: string, idempotencyKey: string) {
  const winner = await orderForKey(tx, storeId, idempotencyKey);
  if (!winner) throw new AppError("ALREADY_EXISTS", ORDER_MESSAGES.failure);
  return winner;
}

async function orderForKey(db: Executor, storeId: string, idempotencyKey: string) {
  const [row] = await orderByKeyQuery(db).execute({ storeId, idempotencyKey });
  return row ? readOrderSummary(db, storeId, row.id) : null;
}

/** Prepared by name, so that each connection plans it once (see executeKept). */
const storeAndReplayQuery = builtOnce((db) =>
  selectOpenStore(db, {
    replayId: sql<string | null>`(select ${orders.id} from ${orders}
      where ${orders.storeId} = ${sql.placeholder("storeId")}
        and ${orders.idempotencyKey} = ${sql.placeholder("idempotencyKey")})`,
  }).prepare("tianguis-store-and-replay"),
);

const orderByKeyQuery = builtOnce((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, sql.placeholder("storeId")),
        eq(orders.idempotencyKey, sql.placeholder("idempotencyKey")),
      ),
    )
    .prepare(""),
);
