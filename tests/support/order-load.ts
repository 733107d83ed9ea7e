import { randomBytes } from "node:crypto";
import { orderRequest } from "./shopper";

/**
 * One answer the load saw: when its request was sent and when the answer came, its status (0: no
 * HTTP answer at all), its Retry-After, and whether Tianguis made it (it carries a request id) or
 * a proxy in front did.
 */
export type LoadAnswer = {
  sentAt: number;
  at: number;
  status: number;
  retryAfter: string | null;
  fromApp: boolean;
  error?: string;
};

/**
 * Shoppers placing orders as the store page does, `clients` at a time, each from an address of its
 * own (the server must trust X-Forwarded-For from loopback, TRUST_PROXY=loopback). A shopper whose
 * order is answered 503 or not answered at all sends the same order again with the same key, as
 * the page's "Reintentar" does, until it is acknowledged; then places the next one. Behind a proxy,
 * `retryStatuses` adds the proxy's own failures (a 502 is not JSON: the page shows its failure
 * message and "Reintentar" too). Every answer and every acknowledged order (key → number) is kept
 * for the test to check.
 */
export function startOrderLoad(
  baseUrl: string,
  shop: { storeId: string; productId: string },
  {
    clients = 20,
    retryMs = 100,
    retryStatuses = [0, 503],
  }: { clients?: number; retryMs?: number; retryStatuses?: number[] } = {},
) {
  const answers: LoadAnswer[] = [];
  const acknowledged = new Map<string, { number: string; at: number }>();
  let running = true;

  const client = async (index: number) => {
    while (running) {
      const key = `carga-${index}-${randomBytes(6).toString("hex")}`;
      const address = `10.${index}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      // Once a key is sent it is sent until acknowledged, even after the load is told to stop.
      for (;;) {
        const answer = await send(key, address);
        answers.push(answer);
        if (answer.status === 200) break;
        if (!retryStatuses.includes(answer.status)) return;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };

  const send = async (key: string, address: string): Promise<LoadAnswer> => {
    const sentAt = Date.now();
    try {
      const response = await fetch(`${baseUrl}/s/${shop.storeId}/api`, {
        method: "POST",
        signal: AbortSignal.timeout(30_000),
        headers: { "Content-Type": "application/json", Origin: baseUrl, "X-Forwarded-For": address },
        body: JSON.stringify(orderRequest(shop, key)),
      });
      const body = (await response.json().catch(() => null)) as { order?: { number: string } } | null;
      const at = Date.now();
      if (response.status === 200 && body?.order) acknowledged.set(key, { number: body.order.number, at });
      return {
        sentAt,
        at,
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        fromApp: response.headers.has("x-request-id"),
      };
    } catch (error) {
      return {
        sentAt,
        at: Date.now(),
        status: 0,
        retryAfter: null,
        fromApp: false,
        error: String((error as Error).cause ?? error),
      };
    }
  };

  const done = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return {
    answers,
    acknowledged,
    /** Orders acknowledged after `since` (epoch ms). */
    acknowledgedAfter: (since: number) =>
      [...acknowledged.values()].filter((order) => order.at > since).length,
    /** Stops placing new orders; resolves once every order sent has been acknowledged. */
    async stop() {
      running = false;
      await done;
    },
  };
}

export type OrderLoad = ReturnType<typeof startOrderLoad>;

/** What a test checks of a load's answers: only successes and 503 with Retry-After. */
export function summarise(answers: LoadAnswer[]) {
  const byStatus = new Map<number, number>();
  for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  return {
    total: answers.length,
    ok: byStatus.get(200) ?? 0,
    unavailable: byStatus.get(503) ?? 0,
    unavailableWithoutRetryAfter: answers.filter((answer) => answer.status === 503 && !answer.retryAfter)
      .length,
    noAnswer: answers.filter((answer) => answer.status === 0),
    other: answers.filter((answer) => ![0, 200, 503].includes(answer.status)),
  };
}
