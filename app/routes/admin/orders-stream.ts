import { requireStoreOwner } from "~/domain/auth/guards.server";
import type { Route } from "./+types/orders-stream";

const HEARTBEAT_MS = 25_000;

/**
 * GET /i/admin/orders/stream: the owner's live order events as Server-Sent Events. The browser's
 * EventSource reconnects by itself; heartbeat comments keep proxies from closing an idle stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireStoreOwner(request, context);
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = context.services.orderEvents.subscribe(store.id, (event) => {
        send(`event: ${event.type}\ndata: ${JSON.stringify({ orderId: event.orderId })}\n\n`);
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", () => stop(), { once: true });
      send("retry: 3000\n: connected\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
