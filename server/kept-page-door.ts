/**
 * The kept page's door (docs/decisions/056). Every connection's requests are read here first: a
 * GET or HEAD of a page the cache holds, current and ready to send, is answered on the socket
 * itself, without Node's HTTP server; anything else hands the connection over to that server, with
 * the bytes already read, and it is the server's from then on.
 *
 * The door reads only what it can answer without doubt: a request whose whole head came in the
 * bytes at hand, HTTP/1.1, strictly formed (a token before each colon, no control character, no
 * folded line), one Host, no body (no Content-Length nor Transfer-Encoding), no Expect, no Upgrade,
 * no Connection but keep-alive. Any doubt is Node's parser's to settle, so no request is read two
 * ways. A head cut across two reads goes to the server too: the door never waits for the rest, and
 * so keeps no partial request, no buffer and no time-out of its own but the idle connection's.
 */
import { maxHeaderSize } from "node:http";
import type http from "node:http";
import type { Socket } from "node:net";
import { doorCounts } from "~/lib/metrics.server";

/** What the door tells the page cache of a request: its head's few fields that choose the answer. */
export type DoorRequest = {
  method: "GET" | "HEAD";
  url: string;
  host: string;
  forwardedHost: string | undefined;
  cookie: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
  requestId: string | undefined;
  /** The socket's own address (whether X-Forwarded-Host may be trusted). */
  remoteAddress: string;
};

/**
 * A page to send: `head` is the list `writeHead` would be given (`[name, value, …]`, its first pair
 * the request id), `body` undefined for a 304 or a HEAD.
 */
export type DoorAnswer = {
  status: 200 | 304;
  requestId: string;
  head: readonly string[];
  body: Buffer | undefined;
};

export type DoorOptions = {
  /** The page cache's answer from memory (server/page-cache.ts `answerAtTheDoor`), or null. */
  answer: (request: DoorRequest) => DoorAnswer | null;
  /** Logs and counts an answer once it is written. */
  answered: (request: DoorRequest, answer: DoorAnswer, started: number) => void;
};

export type KeptPageDoor = {
  /** Answers no more requests but the ones in hand; ends the connections it holds, once written. */
  closeIdle: () => void;
  /** Ends every connection it holds at once (a shutdown's grace is over). */
  closeAll: () => void;
};

/**
 * Puts the door in front of `server`'s own handling of its connections. The server's time-outs
 * still hold: a connection waits for its first request `headersTimeout` and for each next one
 * `keepAliveTimeout`, as the server itself would let it.
 */
export function openKeptPageDoor(server: http.Server, options: DoorOptions): KeptPageDoor {
  const listeners = server.listeners("connection");
  if (listeners.length !== 1)
    throw new Error("the kept page's door expects only the HTTP server's own connection listener");
  const toServer = listeners[0] as (this: http.Server, socket: Socket) => void;
  server.removeListener("connection", toServer);
  const held = new Set<Socket>();
  let closing = false;

  server.on("connection", (socket: Socket) => {
    held.add(socket);
    let waitingForFirst = true;
    socket.setTimeout(server.headersTimeout);

    const handOver = (rest: Buffer | undefined) => {
      doorCounts.handedOver += 1;
      held.delete(socket);
      socket.setTimeout(0);
      socket.removeListener("data", onData);
      socket.removeListener("timeout", onTimeout);
      socket.removeListener("end", onEnd);
      socket.removeListener("error", onError);
      socket.removeListener("close", onClose);
      toServer.call(server, socket);
      // The server reads the socket itself from now on; what the door read goes to it first.
      if (rest !== undefined && rest.length > 0) socket.emit("data", rest);
    };

    const onData = (chunk: Buffer) => {
      // Ended by the shutdown, it takes nothing more; one that came just as the shutdown began is
      // the server's to answer (and close).
      if (closing) return socket.writableEnded ? void socket.destroy() : handOver(chunk);
      const text = chunk.toString("latin1");
      let at = 0;
      while (at < text.length) {
        const end = text.indexOf("\r\n\r\n", at);
        // No end in sight, or a head longer than the server takes (its 431 is its own to send).
        if (end === -1 || end - at > maxHeaderSize) return handOver(chunk.subarray(at));
        const started = performance.now();
        const request = readHead(text, at, end, socket.remoteAddress ?? "");
        const answer = request && answerOrNull(options, request);
        if (!answer) return handOver(chunk.subarray(at));
        const flushed = writeAnswer(socket, answer, server.keepAliveTimeout);
        doorCounts.answered += 1;
        options.answered(request!, answer, started);
        at = end + 4;
        if (!flushed) {
          // A client that does not read what it asked for: the server holds it back from now on.
          return handOver(at < text.length ? chunk.subarray(at) : undefined);
        }
      }
      if (waitingForFirst) {
        // From now on the time-out counts from the socket's last read or write.
        waitingForFirst = false;
        socket.setTimeout(server.keepAliveTimeout);
      }
    };
    const onTimeout = () => socket.destroy();
    // The server allows half-open connections: a client done sending is answered, then closed.
    const onEnd = () => socket.end();
    // A reset connection: the socket closes itself.
    const onError = () => {};
    const onClose = () => held.delete(socket);
    socket.on("data", onData);
    socket.on("timeout", onTimeout);
    socket.on("end", onEnd);
    socket.on("error", onError);
    socket.on("close", onClose);
  });

  return {
    closeIdle() {
      closing = true;
      // Every request the door took is written by now: what is still in the socket's buffer goes out first.
      for (const socket of held) socket.end(() => socket.destroy());
    },
    closeAll() {
      closing = true;
      for (const socket of held) socket.destroy();
    },
  };
}

/**
 * The page cache's answer, or null when it threw: Node's server then takes the request, meets the
 * same fault on its own way, and answers it as it answers any (a 503 while the database is away).
 */
function answerOrNull(options: DoorOptions, request: DoorRequest) {
  try {
    return options.answer(request);
  } catch {
    return null;
  }
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Control characters HTTP allows in no field value (a tab is allowed). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;
/** A request target in origin form: printable ASCII, no space. */
const ORIGIN_FORM = /^\/[\x21-\x7e]*$/;

/**
 * The request whose head is `text` from `start` to `end` (where its blank line begins), or null
 * when the door should not answer it (see the module's comment). Exported for its tests.
 */
export function readHead(
  text: string,
  start: number,
  end: number,
  remoteAddress: string,
): DoorRequest | null {
  const lineEnd = text.indexOf("\r\n", start);
  const space = text.indexOf(" ", start);
  if (space === -1 || space > lineEnd) return null;
  const method = text.slice(start, space);
  if (method !== "GET" && method !== "HEAD") return null;
  const targetEnd = text.indexOf(" ", space + 1);
  if (targetEnd === -1 || targetEnd > lineEnd || text.slice(targetEnd + 1, lineEnd) !== "HTTP/1.1")
    return null;
  const url = text.slice(space + 1, targetEnd);
  if (!ORIGIN_FORM.test(url)) return null;

  const fields: Partial<Record<HeadField, string>> = {};
  let at = lineEnd + 2;
  while (at < end + 2) {
    const next = text.indexOf("\r\n", at);
    const line = text.slice(at, next);
    at = next + 2;
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(OPTIONAL_WHITESPACE, "");
    if (!TOKEN.test(name) || CONTROL.test(value)) return null;
    const lower = name.toLowerCase();
    const field = HEAD_FIELDS.get(lower);
    if (field !== undefined) {
      // One of each: two values would be joined (or one dropped) by Node's server.
      if (fields[field] !== undefined) return null;
      fields[field] = value;
    } else if (REFUSED.has(lower) || (lower === "connection" && value.toLowerCase() !== "keep-alive")) {
      return null;
    }
  }
  if (!fields.host) return null;
  return {
    method,
    url,
    host: fields.host,
    forwardedHost: fields.forwardedHost,
    cookie: fields.cookie,
    ifNoneMatch: fields.ifNoneMatch,
    acceptEncoding: fields.acceptEncoding,
    requestId: fields.requestId,
    remoteAddress,
  };
}

type HeadField = "host" | "forwardedHost" | "cookie" | "ifNoneMatch" | "acceptEncoding" | "requestId";
/** The headers that choose a kept page's answer, by their lower-case names. */
const HEAD_FIELDS = new Map<string, HeadField>([
  ["host", "host"],
  ["x-forwarded-host", "forwardedHost"],
  ["cookie", "cookie"],
  ["if-none-match", "ifNoneMatch"],
  ["accept-encoding", "acceptEncoding"],
  ["x-request-id", "requestId"],
]);
/** A body, or a request to change the connection: the server's to read. */
const REFUSED = new Set(["content-length", "transfer-encoding", "expect", "upgrade"]);

const OPTIONAL_WHITESPACE = /^[ \t]+|[ \t]+$/g;

/** Writes the answer as Node's server would; false when the socket's buffer is full. */
function writeAnswer(socket: Socket, answer: DoorAnswer, keepAliveMs: number) {
  socket.cork();
  socket.write(
    `${answer.status === 200 ? "HTTP/1.1 200 OK" : "HTTP/1.1 304 Not Modified"}\r\n${answer.head[0]}: ${answer.head[1]}\r\n`,
    "latin1",
  );
  let flushed = socket.write(restOfHead(answer.head, keepAliveMs));
  if (answer.body !== undefined) flushed = socket.write(answer.body);
  socket.uncork();
  return flushed;
}

/**
 * The head after the request id, as bytes: the page cache keeps its lists, and only the date in it
 * changes, once a second, so each list's bytes are made once a second at most.
 */
const rests = new WeakMap<readonly string[], { second: number; bytes: Buffer }>();
function restOfHead(head: readonly string[], keepAliveMs: number) {
  const date = utcDate();
  let rest = rests.get(head);
  if (rest === undefined || rest.second !== dateSecond) {
    let text = "";
    for (let at = 2; at < head.length; at += 2) text += `${head[at]}: ${head[at + 1]}\r\n`;
    text += `Date: ${date}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n\r\n`;
    rest = { second: dateSecond, bytes: Buffer.from(text, "latin1") };
    rests.set(head, rest);
  }
  return rest.bytes;
}

let dateSecond = -1;
let dateText = "";
/** The Date header's value, made once a second as Node's server makes it. */
function utcDate() {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}
