/**
 * The kept page's door (server/kept-page-door.ts) on the built server, through raw sockets: a kept
 * page it answers is what Node's server sends for it, byte for byte but the date; requests on one
 * connection are answered in their order whoever answers them; and whatever it must not read goes
 * to Node's server whole. The door's own count in /metrics says which of the two answered.
 */
import { once } from "node:events";
import net from "node:net";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { createCity, createStore } from "~/db/factories.server";
import { readHead } from "../../server/kept-page-door";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";
import { processTestKit } from "../support/processes";
import { clearOfMinuteTurn, untilKept } from "../support/kept-pages";

const { db, url: databaseUrl } = await createTestDatabase();
const instance = useServerProcess(databaseUrl);
let storePath = "";
let storeName = "";

beforeAll(async () => {
  const city = await createCity(db, { name: "Puerta Vieja" });
  const store = await createStore(db, {
    cityId: city.id,
    licenceType: "basic",
    licenceExpires: new Date(Date.now() + 30 * 86_400_000),
  });
  storePath = `/${store.id}`;
  storeName = store.settings.displayName;
});

type Answer = { status: number; head: string; headers: Map<string, string>; body: Buffer };

/** A request's head as a browser writes it, with `headers` added (or replacing one of the same name). */
function head(path: string, headers: Record<string, string> = {}, method = "GET") {
  const all: Record<string, string> = {
    Host: `127.0.0.1:${instance.server.port}`,
    "User-Agent": "Mozilla/5.0 (Linux; Android 13) Chrome/120",
    Accept: "text/html",
    "Accept-Encoding": "gzip, deflate, br",
    ...headers,
  };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join("")}\r\n`;
}

/**
 * Writes `pieces` on one new connection, `gapMs` apart, and reads `count` answers; `bodiless` are
 * the answers (by place) to a HEAD, whose Content-Length names a body that is not sent.
 */
async function exchange(pieces: string[], count: number, { gapMs = 0, bodiless = [] as number[] } = {}) {
  const socket = net.connect(instance.server.port, "127.0.0.1");
  socket.setNoDelay(true);
  await once(socket, "connect");
  const answers: Answer[] = [];
  let buffer = Buffer.alloc(0);
  const read = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        const text = buffer.subarray(0, end).toString("latin1");
        const [statusLine, ...lines] = text.split("\r\n");
        const headers = new Map(
          lines.map((line) => [
            line.slice(0, line.indexOf(":")).toLowerCase(),
            line.slice(line.indexOf(":") + 2),
          ]),
        );
        const status = Number(statusLine!.split(" ")[1]);
        const length =
          status === 304 || bodiless.includes(answers.length)
            ? 0
            : Number(headers.get("content-length") ?? 0);
        if (buffer.length < end + 4 + length) return;
        answers.push({ status, head: text, headers, body: buffer.subarray(end + 4, end + 4 + length) });
        buffer = buffer.subarray(end + 4 + length);
        if (answers.length === count) return resolve();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`the connection closed after ${answers.length} answers`)));
  });
  for (const piece of pieces) {
    socket.write(piece);
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await read;
  socket.destroy();
  return answers;
}

/** The same request with its head cut in two writes: the door sends the connection to Node's server. */
const cut = (request: string) => [request.slice(0, 20), request.slice(20)];

/** Requests the door answered itself, as /metrics counts them. */
async function answeredAtTheDoor() {
  const text = await (await fetch(`${instance.server.url}/metrics`)).text();
  return Number(/^tianguis_kept_page_door_total\{way="answered"\} (\d+)/m.exec(text)?.[1] ?? NaN);
}

/**
 * The store's page kept, brotli made: the door sends only what is at hand, and a browser's first
 * request for brotli is Node's server's, which makes it.
 */
async function keep() {
  await clearOfMinuteTurn(10_000);
  const kept = await untilKept(instance.server.url, storePath);
  await exchange([head(storePath)], 1);
  return kept;
}

/** The head without the Date line, the one thing that may differ between two answers. */
const withoutDate = (text: string) => text.replace(/\r\nDate: [^\r]+/, "");

describe("the kept page's door", () => {
  it("answers a kept page, a HEAD and a 304 itself, with the bytes Node's server sends for them", async () => {
    const kept = await keep();
    expect(kept.cache).toBe("HIT");
    const variants = [
      { name: "GET", request: head(storePath, { "X-Request-Id": "door-get" }), bodiless: [] },
      { name: "HEAD", request: head(storePath, { "X-Request-Id": "door-head" }, "HEAD"), bodiless: [0] },
      {
        name: "If-None-Match",
        request: head(storePath, { "X-Request-Id": "door-304", "If-None-Match": kept.etag! }),
        bodiless: [],
      },
    ];
    for (const { name, request, bodiless } of variants) {
      const before = await answeredAtTheDoor();
      const [door] = await exchange([request], 1, { bodiless });
      const between = await answeredAtTheDoor();
      const [server] = await exchange(cut(request), 1, { gapMs: 100, bodiless });
      const after = await answeredAtTheDoor();
      expect([between - before, after - between], name).toEqual([1, 0]);
      expect(door!.headers.get("x-tianguis-cache"), name).toBe("HIT");
      expect(withoutDate(door!.head), name).toBe(withoutDate(server!.head));
      expect(door!.body.equals(server!.body), name).toBe(true);
    }
    const [page] = await exchange([head(storePath, { "Accept-Encoding": "gzip" })], 1);
    expect(page!.status).toBe(200);
    expect(page!.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(page!.body).toString("utf8")).toContain(storeName);
  });

  it("answers requests written together in their order, the door's first and then Node's server's", async () => {
    await keep();
    const before = await answeredAtTheDoor();
    const answers = await exchange(
      [
        head(storePath, { "X-Request-Id": "one" }) +
          head(storePath, { "X-Request-Id": "two" }) +
          head("/healthz"),
      ],
      3,
    );
    expect(answers.map((answer) => [answer.status, answer.headers.get("x-request-id")])).toEqual([
      [200, "one"],
      [200, "two"],
      [200, expect.stringMatching(/^[0-9a-f-]{36}$/)],
    ]);
    expect(answers[2]!.body.toString()).toBe("ok");
    // The connection is Node's server's now: a kept page asked on it is still answered, by the server.
    const after = await answeredAtTheDoor();
    expect(after - before).toBe(2);
  });

  it("hands Node's server every request it must not read, and the server answers it as before", async () => {
    await keep();
    const host = `127.0.0.1:${instance.server.port}`;
    const odd = [
      { request: head(storePath, { "Transfer-Encoding": "chunked" }) + "0\r\n\r\n", status: 200 },
      { request: `GET ${storePath} HTTP/1.1\r\nHost: ${host}\r\nHost: other.test\r\n\r\n`, status: 200 },
      { request: `GET ${storePath} HTTP/1.1\r\nHost : ${host}\r\n\r\n`, status: 400 },
      { request: `GET ${storePath} HTTP/1.0\r\nHost: ${host}\r\n\r\n`, status: 200 },
      { request: `GET ${storePath} HTTP/1.1\r\n\r\n`, status: 400 },
      { request: head(storePath, { "X-Padding": "a".repeat(20_000) }), status: 431 },
    ];
    for (const { request, status } of odd) {
      const before = await answeredAtTheDoor();
      const [answer] = await exchange([request], 1);
      expect(answer!.status, request).toBe(status);
      expect((await answeredAtTheDoor()) - before, request).toBe(0);
    }
    // A client gone in the middle of its request costs the server nothing but that connection.
    const gone = net.connect(instance.server.port, "127.0.0.1");
    await once(gone, "connect");
    gone.write(head(storePath).repeat(50));
    gone.resetAndDestroy();
    expect((await fetch(`${instance.server.url}/healthz`)).status).toBe(200);
  });
});

describe("the kept page's door at a shutdown", () => {
  const kit = processTestKit("door");

  it("ends a connection it holds at once, and the process exits well within its grace", async () => {
    const server = await kit.start(await kit.newDataDir(), {
      env: { DATABASE_URL: databaseUrl, SHUTDOWN_GRACE_SECONDS: "30", LOG_LEVEL: "info" },
    });
    await clearOfMinuteTurn(10_000);
    await untilKept(server.url, storePath);
    const socket = net.connect(server.port, "127.0.0.1");
    await once(socket, "connect");
    const closed = once(socket, "close");
    socket.write(head(storePath, { "Accept-Encoding": "gzip", Host: `127.0.0.1:${server.port}` }));
    const [first] = (await once(socket, "data")) as [Buffer];
    expect(first.toString("latin1")).toMatch(/^HTTP\/1\.1 200 OK\r\n/);

    const stopping = performance.now();
    expect(await server.stop()).toBe(0);
    await closed;
    // Held open, the connection would keep the server's close waiting for the whole grace.
    expect(performance.now() - stopping).toBeLessThan(15_000);
    expect(server.output()).not.toContain("shutdown grace period over");
    expect(server.output()).toContain('"method":"GET","path":"' + storePath + '","status":200');
  });
});

describe("the head the door reads", () => {
  const read = (text: string) => readHead(text, 0, text.indexOf("\r\n\r\n"), "127.0.0.1");
  const request = (lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;

  it("takes a strictly formed GET or HEAD and the fields that choose its answer", () => {
    expect(
      read(
        request([
          "GET /tienda?x=1 HTTP/1.1",
          "Host: tianguis.test",
          "cookie:  a=1 ",
          'If-None-Match: W/"abc"',
          "Accept-Encoding: br",
          "X-Request-Id: id-1",
          "X-Forwarded-Host: tienda.mx",
          "Connection: Keep-Alive",
        ]),
      ),
    ).toEqual({
      method: "GET",
      url: "/tienda?x=1",
      host: "tianguis.test",
      forwardedHost: "tienda.mx",
      cookie: "a=1",
      ifNoneMatch: 'W/"abc"',
      acceptEncoding: "br",
      requestId: "id-1",
      remoteAddress: "127.0.0.1",
    });
    expect(read(request(["HEAD / HTTP/1.1", "host: a"]))?.method).toBe("HEAD");
  });

  it.each([
    ["another method", ["POST / HTTP/1.1", "Host: a"]],
    ["a method in lower case", ["get / HTTP/1.1", "Host: a"]],
    ["HTTP/1.0", ["GET / HTTP/1.0", "Host: a"]],
    ["an absolute address", ["GET http://a/ HTTP/1.1", "Host: a"]],
    ["a space in the address", ["GET /a b HTTP/1.1", "Host: a"]],
    ["a byte past ASCII in the address", ["GET /ñ HTTP/1.1", "Host: a"]],
    ["no Host", ["GET / HTTP/1.1", "Accept: */*"]],
    ["an empty Host", ["GET / HTTP/1.1", "Host:"]],
    ["two Hosts", ["GET / HTTP/1.1", "Host: a", "Host: b"]],
    ["two cookies", ["GET / HTTP/1.1", "Host: a", "Cookie: x=1", "Cookie: y=2"]],
    ["a space before the colon", ["GET / HTTP/1.1", "Host : a"]],
    ["a folded line", ["GET / HTTP/1.1", "Host: a", "X-Long: one", " two"]],
    ["a line feed alone", ["GET / HTTP/1.1", "Host: a\nX-Other: b"]],
    ["a control character", ["GET / HTTP/1.1", "Host: a", "X-Odd: a\x01b"]],
    ["a line without a colon", ["GET / HTTP/1.1", "Host: a", "nonsense"]],
    ["a body's length", ["GET / HTTP/1.1", "Host: a", "Content-Length: 0"]],
    ["a chunked body", ["GET / HTTP/1.1", "Host: a", "Transfer-Encoding: chunked"]],
    ["an Expect", ["GET / HTTP/1.1", "Host: a", "Expect: 100-continue"]],
    ["an Upgrade", ["GET / HTTP/1.1", "Host: a", "Upgrade: websocket", "Connection: Upgrade"]],
    ["Connection: close", ["GET / HTTP/1.1", "Host: a", "Connection: close"]],
  ])("leaves a request with %s to Node's server", (_name, lines) => {
    expect(read(request(lines))).toBeNull();
  });
});
