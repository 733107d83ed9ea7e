import net from "node:net";

export type StreamEvent = { id: number | null; type: string; orderId: string | null; at: number };

/**
 * A real Server-Sent Events client for the owner's order stream, as a browser's EventSource
 * reads it: it keeps the last event id and, when the connection drops, reconnects with
 * `Last-Event-ID` after the server's retry delay.
 */
export function openOrderStream(baseUrl: string, cookie: string) {
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let lastEventId: string | null = null;
  let closed = false;
  let abort = new AbortController();
  let connections = 0;
  let retryMs = 2_000;

  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const run = async () => {
    while (!closed) {
      abort = new AbortController();
      try {
        const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
        if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
        const response = await fetch(`${baseUrl}/i/admin/orders/stream`, { headers, signal: abort.signal });
        if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
        connections++;
        notify();
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: ?(.*)$/m.exec(message)?.[1];
            if (id !== undefined) lastEventId = id;
            const retry = /^retry: ?(\d+)$/m.exec(message)?.[1];
            if (retry) retryMs = Number(retry);
            const type = /^event: ?(.+)$/m.exec(message)?.[1];
            const data = /^data: ?(.+)$/m.exec(message)?.[1];
            if (!type || !data || type === "ping") continue;
            const orderId = (JSON.parse(data) as { orderId?: string }).orderId ?? null;
            events.push({ id: id === undefined ? null : Number(id), type, orderId, at: performance.now() });
            notify();
          }
        }
      } catch {
        // dropped or refused: retry below, as EventSource does
      }
      if (!closed) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };
  void run();

  return {
    events,
    get connections() {
      return connections;
    },
    /** The ids of the orders whose creation arrived, in arrival order. */
    createdOrders: () => events.filter((e) => e.type === "order.created").map((e) => e.orderId!),
    /** Resolves when the condition holds, rejects after the timeout. */
    until(condition: () => boolean, timeoutMs = 15_000, what = "stream condition"): Promise<void> {
      if (condition()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}`));
        }, timeoutMs);
        const check = () => {
          if (!condition()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close() {
      closed = true;
      abort.abort();
    },
  };
}

/**
 * A TCP proxy (in front of PostgreSQL, or of a server) whose outage the test controls: `refuse()`
 * drops every connection through it and refuses new ones (the port is closed), `accept()` opens it
 * again.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let unavailable = false;
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        sockets.add(client);
        client.on("close", () => sockets.delete(client));
        if (unavailable) {
          // What a reverse proxy answers while the instance behind it restarts.
          client.end("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
          return;
        }
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream).pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async refuse() {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closing;
      server = undefined;
    },
    /** Drops every connection and answers new ones with HTTP 503 (an HTTP proxy's outage). */
    answerUnavailable() {
      unavailable = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    async accept() {
      unavailable = false;
      if (!server) await listen();
    },
    close() {
      return this.refuse();
    },
  };
}

/** Signs an owner in against one server instance and returns the session cookie. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/i/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`login answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/** Places a pickup order through a server's storefront, as a shopper's browser does. */
export async function placeStorefrontOrder(
  baseUrl: string,
  storeId: string,
  productId: string,
  customerName: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/s/${storeId}/api`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      intent: "place-order",
      form: {
        customerName,
        customerPhone: "",
        deliveryType: "pickup",
        address: "",
        comments: "",
        idempotencyKey: crypto.randomUUID(),
        lines: [{ productId, variation: "", quantity: 1 }],
      },
    }),
  });
  const body = (await response.json()) as { ok: boolean; order?: { number: string }; message?: string };
  if (!body.ok || !body.order) throw new Error(`order refused: ${response.status} ${body.message}`);
  return body.order.number;
}
