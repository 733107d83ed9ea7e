import { joinsOutage } from "~/db/outage.server";
import { requireAccess } from "~/lib/entry-access.server";
import {
  latestOrderChangeId,
  listOrderChangesSince,
  type OrderChange,
} from "~/domain/orders/order-events.server";
import { admitStream, sessionOf } from "~/domain/orders/stream-limits.server";
import { eventStreamResponse } from "~/lib/event-stream.server";
import { findStoreRole } from "~/domain/team/members.server";
import { can } from "~/domain/team/team-roles";
import type { Route } from "./+types/orders-stream";

const RETRY_READ_MS = 1_000;
/** How often a member's stream checks that they still work at the store. */
const MEMBERSHIP_CHECK_MS = 5_000;

/** The event id the browser last saw: EventSource's own header, or `?after=` on a fresh stream. */
function lastSeenId(request: Request): number | null {
  const raw = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("after");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * GET /i/admin/orders/stream: the owner's live order events as Server-Sent Events, each with the
 * id of its `order_changes` row. A stream that starts after id N first replays the store's changes
 * after N from the database, and reads the table again whenever the server's LISTEN connection
 * comes back, so nothing published while it was down is lost and nothing is sent twice
 * (docs/decisions/007-replayable-order-stream.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store, user, role } = await requireAccess(request, context, "admin-orders-stream");
  const { db, orderEvents } = context.services;
  const logger = context.logger;
  const asked = lastSeenId(request);
  let lastSent =
    asked !== null && asked <= (await latestOrderChangeId(db))
      ? asked
      : await latestOrderChangeId(db, store.id);
  return eventStreamResponse(request, ({ send, stop, isStopped }) => {
    let reading: Promise<void> | undefined;
    let readAgain = false;
    let retry: NodeJS.Timeout | undefined;
    const sendChange = (change: Pick<OrderChange, "id" | "type" | "orderId">) => {
      if (change.id <= lastSent) return;
      lastSent = change.id;
      send(
        `id: ${change.id}\nevent: ${change.type}\ndata: ${JSON.stringify({ orderId: change.orderId })}\n\n`,
      );
    };
    // Reads the table after lastSent; one read at a time, and one more if asked meanwhile.
    const catchUp = () => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = (async () => {
        do {
          readAgain = false;
          const changes = await listOrderChangesSince(db, store.id, lastSent);
          if (isStopped()) return;
          for (const change of changes) sendChange(change);
          if (changes.length === 1_000) readAgain = true;
        } while (readAgain && !isStopped());
      })()
        .catch((error) => {
          if (!joinsOutage(error)) {
            logger.warn("order stream could not read missed changes", { error: String(error) });
          }
          clearTimeout(retry);
          retry = setTimeout(catchUp, RETRY_READ_MS);
        })
        .finally(() => (reading = undefined));
    };
    const unsubscribe = orderEvents.subscribe(store.id, {
      // Commits of one store notify in id order, so a live change can go straight out unless a
      // read of the table is under way (it would then overtake rows the read has not sent).
      onChange: (change) => (reading ? catchUp() : sendChange(change)),
      onResync: catchUp,
    });
    const release = admitStream({
      session: sessionOf(request),
      storeId: store.id,
      userId: user.id,
      close: (reason) => {
        // "shutdown": come back soon; otherwise this tab stays quiet until it is looked at again.
        send(reason === "shutdown" ? "retry: 500\n\n" : "event: replaced\ndata: {}\n\n");
        stop();
      },
    });
    // A member removed on another instance: their stream ends at the next check of their membership.
    const membership =
      role === "owner"
        ? undefined
        : setInterval(() => {
            findStoreRole(db, user.id)
              .then((access) => {
                if (isStopped() || (access?.storeId === store.id && can(access.role, "orders"))) return;
                send("event: replaced\ndata: {}\n\n");
                stop();
              })
              .catch(() => undefined);
          }, MEMBERSHIP_CHECK_MS);
    // The first id tells a fresh EventSource where it stands, for its own reconnections.
    send(`retry: 2000\nid: ${lastSent}\n: connected\n\n`);
    catchUp();
    return () => {
      clearInterval(membership);
      release();
      clearTimeout(retry);
      unsubscribe();
    };
  });
}
