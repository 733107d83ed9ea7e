/**
 * The store's rules that count other orders: how many one address may place, and how many one
 * slot takes. Both hold under concurrency: the limit's keys and the slot are locked until the
 * transaction ends.
 */
import { and, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { orders } from "~/db/schema";
import {
  consumeCall,
  hitIdsOrRefuse,
  limitStateOf,
  type ConsumedRow,
  type LimitHit,
} from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import { ORDER_MESSAGES } from "../order-form";
import { SCHEDULE_MESSAGES } from "../scheduling";

/**
 * The address's order counted against its limit, as a part of the statement that reads under
 * the order's key: a replay, which that statement answers instead, is never counted.
 */
export function addressLimit(clientIp: string): SQL {
  const hits: LimitHit[] = [{ name: "orderPerAddress", subject: clientIp }];
  return sql`(select row_to_json(consumed) from ${consumeCall(hits)} as consumed)`;
}

/** RATE_LIMITED (429 with Retry-After) when the address's limit was already full. */
export function refuseOverLimit(counted: ConsumedRow | null): void {
  hitIdsOrRefuse(limitStateOf(counted ?? undefined), ORDER_MESSAGES.failure);
}

/**
 * Takes a place in a slot with a capacity, or refuses the full slot. Orders for one slot wait for
 * each other here until the transaction ends, so the capacity holds under concurrency.
 */
export async function holdSlot(
  tx: Executor,
  storeId: string,
  slot: Date | null,
  capacity: number | null,
): Promise<void> {
  if (!slot || capacity === null) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${storeId}:slot:${slot.toISOString()}`}, 13))`,
  );
  const [taken] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.scheduledFor, slot), ne(orders.status, "cancelled")));
  if ((taken?.n ?? 0) >= capacity)
    throw new AppError("VALIDATION", SCHEDULE_MESSAGES.slotFull, { field: "scheduledFor" });
}
