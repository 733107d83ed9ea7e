/**
 * A Server-Sent Events response: the plumbing every live stream shares (the owner's orders, the
 * shopper's tracking page). Heartbeat comments keep proxies from closing an idle stream and let a
 * browser notice a dead one; the stream stops once, whether the browser leaves, the server closes
 * it, or a write fails.
 */
export type EventStreamControls = {
  /** Writes raw SSE text ("event: …\ndata: …\n\n"); a failed write stops the stream. */
  send: (text: string) => void;
  stop: () => void;
  isStopped: () => boolean;
};

const HEARTBEAT_MS = 15_000;

/** `start` sets the stream up and returns what to undo when it stops. */
export function eventStreamResponse(
  request: Request,
  start: (controls: EventStreamControls) => () => void,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let stopped = false;
      let cleanup = () => {};
      const controls: EventStreamControls = {
        send: (text) => {
          if (stopped) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        },
        stop: () => stop(),
        isStopped: () => stopped,
      };
      const heartbeat = setInterval(() => controls.send("event: ping\ndata: {}\n\n"), HEARTBEAT_MS);
      stop = () => {
        if (stopped) return;
        stopped = true;
        clearInterval(heartbeat);
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", () => stop(), { once: true });
      cleanup = start(controls);
      if (stopped) cleanup();
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
