import { eq } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { KEEP_PAUSE_END } from "./pause";

/**
 * "Pausar pedidos": pauses the store's new orders from `now`, with an optional message
 * and an end in `minutes` (null: until resumed; "keep": the end already chosen stays).
 */
export async function pauseOrders(
  db: Executor,
  storeId: string,
  { message, minutes }: { message: string; minutes: number | null | typeof KEEP_PAUSE_END },
  now = new Date(),
) {
  await db
    .update(storeSettings)
    .set({
      pausedAt: now,
      pauseMessage: message,
      ...(minutes === KEEP_PAUSE_END
        ? {}
        : { pauseUntil: minutes === null ? null : new Date(now.getTime() + minutes * 60_000) }),
    })
    .where(eq(storeSettings.storeId, storeId));
}

export async function resumeOrders(db: Executor, storeId: string) {
  await db
    .update(storeSettings)
    .set({ pausedAt: null, pauseUntil: null, pauseMessage: "" })
    .where(eq(storeSettings.storeId, storeId));
}
