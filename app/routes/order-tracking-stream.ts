import {
  latestOrderChangeId,
  listOrderChangesSince,
  type OrderChange,
} from "~/domain/orders/order-events.server";
import { findTrackedOrder } from "~/domain/orders/tracking.server";
import { admitStream, TRACKING_LIMITS } from "~/domain/orders/stream-limits.server";
import { consume, release } from "~/domain/rate-limit/rate-limit.server";
import { isValidStoreId } from "~/domain/stores/store-id";
import { eventStreamResponse } from "~/lib/event-stream.server";
import type { Route } from "./+types/order-tracking-stream";

const CHANGED = "event: changed\ndata: {}\n\n";

/**
 * GET /s/<storeId>/pedido/<number>/stream: tells the shopper's open tracking page that
 * its order changed, so the page reloads its data at once instead of polling. It rides on the
 * owners' live order events (docs/decisions/007): the same LISTEN connection, filtered to this one
 * order. After the listener was down the store's changes are read from the table, and the page is
 * told if one of them was its order's. The number is the only credential, so opening a stream takes a look-up slot like the
 * page does, given back when the order exists.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, orderEvents } = context.services;
  const slot = await consume(db, [{ name: "orderLookupPerAddress", subject: context.clientIp }]);
  if (slot.exceeded) {
    return new Response(null, { status: 429, headers: { "Retry-After": String(slot.retryAfterSeconds) } });
  }
  const order = isValidStoreId(params.storeId)
    ? await findTrackedOrder(db, params.storeId, params.number)
    : null;
  if (!order) return new Response(null, { status: 404 });
  await release(db, slot.hitIds);
  const storeId = params.storeId;
  /** The store's last change this page has accounted for. */
  let seen = await latestOrderChangeId(db, storeId);
  return eventStreamResponse(request, ({ send, stop }) => {
    const account = (changes: Pick<OrderChange, "id" | "orderId">[]) => {
      const fresh = changes.filter((change) => change.id > seen);
      for (const change of fresh) seen = Math.max(seen, change.id);
      if (fresh.some((change) => change.orderId === order.id)) send(CHANGED);
    };
    const unsubscribe = orderEvents.subscribe(storeId, {
      onChange: (change) => account([change]),
      // What may have been missed is read from the table: the page hears only of its own order.
      onResync: () => {
        listOrderChangesSince(db, storeId, seen).then(account, () => send(CHANGED));
      },
    });
    const unregister = admitStream(
      {
        session: `tracking:${context.clientIp}`,
        storeId: `tracking:${storeId}`,
        close: (reason) => {
          // "replaced": the page falls back to asking now and then; "shutdown": come back soon.
          send(reason === "replaced" ? "event: replaced\ndata: {}\n\n" : "retry: 500\n\n");
          stop();
        },
      },
      TRACKING_LIMITS,
    );
    send("retry: 3000\n: connected\n\n");
    return () => {
      unregister();
      unsubscribe();
    };
  });
}
