import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export const ORDERS_STREAM_URL = "/i/admin/orders/stream";
export type LiveConnection = "connecting" | "open" | "closed";

/** The server sends a ping every 15 s; a stream silent for longer than this is dead. */
const SILENT_STREAM_MS = 40_000;
const REOPEN_MS = 2_000;

/**
 * Listens to the store's order events while the panel is open; a new or changed order reloads
 * the panel's data (which carries the unseen orders the alarm rings for). Every event has the id
 * of its change; the browser sends the last one back when it reconnects and the server replays
 * what the panel missed. A stream the browser gave up on, or one silent since the phone slept,
 * is opened again from the last id (docs/decisions/007-replayable-order-stream.md).
 */
export function useLiveOrders(cursor: number | null) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [connection, setConnection] = useState<LiveConnection>("connecting");
  const enabled = cursor !== null;
  const lastId = useRef(cursor ?? 0);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let reopen: number | undefined;
    let lastMessage = Date.now();
    let stopped = false;
    // Another tab of this session took this one's place (the server keeps a few per session).
    let replaced = false;

    const onMessage = (event: MessageEvent) => {
      lastMessage = Date.now();
      const id = Number(event.lastEventId);
      if (Number.isSafeInteger(id) && id > lastId.current) lastId.current = id;
    };
    const onOrder = (event: MessageEvent) => {
      onMessage(event);
      revalidate.current();
    };
    const open = () => {
      replaced = false;
      source?.close();
      window.clearTimeout(reopen);
      lastMessage = Date.now();
      setConnection("connecting");
      // A new EventSource starts without Last-Event-ID: `after` carries it instead.
      const next = new EventSource(`${ORDERS_STREAM_URL}?after=${lastId.current}`);
      source = next;
      next.addEventListener("order.created", onOrder);
      next.addEventListener("order.updated", onOrder);
      next.addEventListener("ping", onMessage);
      next.addEventListener("replaced", () => {
        replaced = true;
        next.close();
        setConnection("closed");
      });
      let opened = false;
      next.addEventListener("open", () => {
        lastMessage = Date.now();
        // The replay brings the missed events; reloading too covers a store with many of them.
        if (opened) revalidate.current();
        opened = true;
        setConnection("open");
      });
      next.addEventListener("error", () => {
        if (next.readyState !== EventSource.CLOSED) return setConnection("connecting");
        // The browser gave up (the server answered with an error while restarting): try again.
        setConnection("closed");
        if (!stopped) reopen = window.setTimeout(open, REOPEN_MS);
      });
    };
    const checkAlive = () => {
      // A replaced tab reconnects only when it is looked at: then it is the one the owner uses.
      if (replaced) {
        if (document.visibilityState === "visible") open();
        return;
      }
      if (Date.now() - lastMessage > SILENT_STREAM_MS) open();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") checkAlive();
    };
    open();
    const watchdog = window.setInterval(checkAlive, 5_000);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", open);
    return () => {
      stopped = true;
      window.clearInterval(watchdog);
      window.clearTimeout(reopen);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", open);
      source?.close();
    };
  }, [enabled]);

  return { connection };
}
