/**
 * The edge's defences (docs/decisions/012): every request gets a CSP nonce; a state-changing
 * request from another origin is refused before anything reads it; bodies are refused as soon as
 * they pass their entry point's limit; private pages are never cached; CSP violations are logged.
 * Which paths are private, each body's limit and which bodies stream are the entry points' own
 * declarations (app/lib/entry-points.ts).
 */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { Database } from "~/db/client.server";
import type { RequestSite } from "~/domain/domains/site-cache.server";
import { consume } from "~/domain/rate-limit/rate-limit.server";
import { contentSecurityPolicy, CSP_REPORT_PATH, framedByOwnPages } from "~/lib/csp";
import { entryFor, entryPoint, isPrivatePath, type Body } from "~/lib/entry-points";
import { cspReportLog, CSP_REPEAT_WINDOW_MS, readCspReports, type CspViolation } from "~/lib/csp-report-log";
import type { Env } from "~/lib/env.server";
import type { Logger } from "~/lib/logger.server";
import { redactTokens } from "~/lib/metrics.server";
import { plainPage } from "~/lib/plain-page.server";

export const SECURITY_MESSAGES = {
  foreignOrigin:
    "Por seguridad no aceptamos este envío porque no viene de Tianguis. Abre la página de nuevo e intenta otra vez.",
  tooLarge: "Lo que enviaste es demasiado grande. Revisa los datos e intenta de nuevo.",
  controlCharacters: "Este campo tiene caracteres que no se permiten. Bórralos e intenta de nuevo.",
  notAForm:
    "No pudimos leer lo que enviaste: no es un formulario. Abre la página de nuevo e intenta otra vez.",
  unreadableForm: "No pudimos leer el formulario que enviaste. Abre la página de nuevo e intenta otra vez.",
  methodNotAllowed: "Método no permitido.",
  /** What the 404 page says (app/components/error-page.tsx): an address with a control character names nothing. */
  pathNotFound: "La dirección que buscas no existe o ya no está disponible.",
} as const;

/**
 * NUL and the other control characters no text of ours contains (tab and line breaks are fine),
 * and half of a UTF-16 surrogate pair: JSON can spell one (`"\\ud800"`), but it is no character,
 * PostgreSQL refuses it inside JSON and it cannot be encoded as UTF-8 (a push's text, an e-mail).
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * A write to an address no entry point takes with its method (a page without an action): read up
 * to a form's limit, and answered further on (405, or the 404 page).
 */
const UNDECLARED_BODY: Body = { limit: 32 * 1024 };

/** The body the entry point this request names declares. */
function bodyOf(req: Request): Body {
  return entryFor(req.path, req.method)?.body ?? UNDECLARED_BODY;
}

/**
 * The headers every answer carries. On a store's own domain HSTS covers that host alone: the
 * owner's other subdomains are not ours to force.
 */
export function setSecurityHeaders(res: ServerResponse, env: Env, site: RequestSite) {
  const headers = securityHeaderList(env)(site);
  for (let at = 0; at < headers.length; at += 2) res.setHeader(headers[at]!, headers[at + 1]!);
}

const headerLists = new WeakMap<Env, (site: RequestSite) => readonly string[]>();

/**
 * The same headers as one flat list (`[name, value, …]`, as `writeHead` takes them), made once per
 * kind of site: the page cache writes them with the rest of a kept page's headers in one call.
 */
export function securityHeaderList(env: Env): (site: RequestSite) => readonly string[] {
  let listFor = headerLists.get(env);
  if (listFor) return listFor;
  const every = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
  const https = env.publicOrigin.startsWith("https://");
  const withHsts = (value: string) =>
    (https ? [...every, ["Strict-Transport-Security", value]] : every).flat();
  const platform = Object.freeze(withHsts("max-age=31536000; includeSubDomains"));
  const storeDomain = Object.freeze(withHsts("max-age=31536000"));
  listFor = (site) => (site.kind === "platform" ? platform : storeDomain);
  headerLists.set(env, listFor);
  return listFor;
}

/** A nonce per request, for the scripts of the page React renders (app/entry.server.tsx). */
export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
}

/**
 * Headers decided when the answer is written: `Cache-Control: private, no-store` on private pages
 * whatever the route said, a policy that runs no script on any HTML page React did not render
 * (the last-resort error page, a guard's plain 403, offline.html), and `X-Frame-Options:
 * SAMEORIGIN` instead of `DENY` on the one page our own pages frame (`framedByOwnPages`, whose
 * `frame-ancestors` app/entry.server.tsx writes), once the site the `Host` names is known.
 */
export function responseHeaders(env: Env): RequestHandler {
  const scriptless = contentSecurityPolicy({ imageOrigins: env.imageOrigins });
  const scriptlessFramed = contentSecurityPolicy({ imageOrigins: env.imageOrigins, framedByOwnPages: true });
  return (req, res, next) => {
    const isPrivate = isPrivatePath(req.path);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      const site = res.locals.site as RequestSite | undefined;
      const framed = framedByOwnPages(req.path, site?.kind === "store");
      if (framed) this.setHeader("X-Frame-Options", "SAMEORIGIN");
      if (isPrivate) {
        // An event stream's no-transform stays: it keeps compression from buffering the stream.
        const keepRaw = String(this.getHeader("Cache-Control") ?? "").includes("no-transform");
        this.setHeader("Cache-Control", keepRaw ? "private, no-store, no-transform" : "private, no-store");
      }
      const type = String(this.getHeader("Content-Type") ?? "");
      if (type.startsWith("text/html") && !this.hasHeader("Content-Security-Policy")) {
        this.setHeader("Content-Security-Policy", framed ? scriptlessFramed : scriptless);
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/**
 * OWASP's "verifying origin with standard headers": a POST (or any unsafe method) must come from our
 * public origin, by its `Origin` or, without one, its `Referer`. A browser always sends one of them
 * with a form or a fetch; a request with neither that still carries the browser's `Sec-Fetch-Site`
 * and a cookie is refused, since it can only be a browser sending someone's session. Other clients
 * (scripts, the tests) carry no one's cookies by accident and pass.
 */
export function originGuard(env: Env): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path === CSP_REPORT_PATH) return next();
    // On a store's own domain only its storefront's posts get this far (server/custom-domains.ts):
    // they come from that domain, never from the platform (docs/decisions/018).
    const site = res.locals.site as RequestSite | undefined;
    const allowed = new Set([site?.kind === "store" ? site.origin : env.publicOrigin]);
    // Without a configured PUBLIC_ORIGIN (a local run), the address the browser used is ours too.
    if (!env.PUBLIC_ORIGIN) allowed.add(`${req.protocol}://${req.get("host")}`);
    const source = requestSource(req);
    const browser = req.get("sec-fetch-site") !== undefined;
    const ok = source === null ? !(browser && req.get("cookie")) : source !== "null" && allowed.has(source);
    if (ok) return next();
    (res.locals.logger as Logger).warn("foreign origin refused", {
      method: req.method,
      path: req.path,
      origin: source ?? "none",
    });
    refuse(req, res, 403, SECURITY_MESSAGES.foreignOrigin);
  };
}

function requestSource(req: Request): string | null {
  const origin = req.get("origin");
  if (origin) return origin;
  const referer = req.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * Reads the body of an unsafe request up to its entry point's limit, answering 413 as soon as
 * `Content-Length` or the bytes counted so far pass it, then hands React Router the body it read.
 * Bodies are small (forms and JSON), so memory stays flat however much a client sends; a body that
 * streams is left to its route, which reads it under the same declared cap.
 */
export function bodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const { limit, streamed } = bodyOf(req);
    if (streamed) {
      dropUnreadBody(req, res);
      return next();
    }
    const declared = Number(req.get("content-length") ?? Number.NaN);
    if (declared > limit) return tooLarge(req, res);
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        done = true;
        req.off("data", onData);
        tooLarge(req, res);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("error", (error) => {
      if (!done) next(error);
      done = true;
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      req.off("data", onData);
      res.locals.body = Buffer.concat(chunks);
      next();
    });
  };
}

/**
 * A route that reads its own body may answer before reading it (a guard's refusal, a limit): the
 * rest is then read and dropped, so that the client reads the answer and its connection serves
 * the next request. Left unread, the body stalled the connection: the next request on it hung.
 * A body still arriving two seconds later is cut off with its connection.
 */
function dropUnreadBody(req: Request, res: Response) {
  res.once("finish", () => {
    if (req.complete) return;
    // React Router's reader of the body is gone with the answer: nothing reads it any more.
    req.removeAllListeners("data");
    req.on("data", () => {});
    req.resume();
    setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, 2_000).unref();
  });
}

/**
 * 413 at once. What the client still sends is read and dropped (memory stays flat) for a moment,
 * then the connection is cut: closing a socket at once with unread bytes resets it, and the client
 * could lose the answer before reading it.
 */
function tooLarge(req: Request, res: Response) {
  refuse(req, res, 413, SECURITY_MESSAGES.tooLarge);
  req.resume();
  res.once("finish", () =>
    setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, 2_000).unref(),
  );
}

/**
 * The request React Router reads: the same request, but its body comes from what `bodyLimit` read
 * (the socket's stream is already consumed).
 */
export function withReadBody(req: Request, res: Response): Request {
  const body = res.locals.body as Buffer | undefined;
  if (body === undefined) return req;
  const stream = Readable.from(body.length > 0 ? [body] : []);
  const replay = Object.create(req) as Request & Record<string, unknown>;
  for (const method of ["on", "once", "off", "addListener", "removeListener", "pause", "resume", "destroy"]) {
    replay[method] = (stream as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!.bind(
      stream,
    );
  }
  Object.defineProperty(replay, "readable", { get: () => stream.readable });
  return replay;
}

/**
 * A method the address's entry point does not take (a GET of the image upload, a POST to a page
 * without a form, a PUT anywhere) is a 405 that says which it takes, before React Router: the
 * entry points declare their methods (app/lib/entry-points.ts). Express's own entry points answer
 * for themselves further up.
 */
export function declaredMethods(): RequestHandler {
  return (req, res, next) => {
    const entry = entryFor(req.path);
    if (!entry || "express" in entry.by) return next();
    const method = req.method === "HEAD" ? "GET" : req.method;
    if ((entry.methods as readonly string[]).includes(method)) return next();
    res.setHeader(
      "Allow",
      entry.methods.includes("GET") ? [...entry.methods, "HEAD"].join(", ") : entry.methods.join(", "),
    );
    refuse(req, res, 405, SECURITY_MESSAGES.methodNotAllowed, { title: "Método no permitido" });
  };
}

/**
 * An address whose decoded path holds a control character names no page, store or order of ours:
 * the 404 page at once, before a route passes the segment to PostgreSQL (which cannot even read a
 * NUL). Runs before everything that reads the path.
 */
export function controlCharactersInPath(): RequestHandler {
  return (req, res, next) => {
    if (!req.path.split("/").some(isControlledSegment)) return next();
    refuse(req, res, 404, SECURITY_MESSAGES.pathNotFound, { title: "No encontramos esta página" });
  };
}

function isControlledSegment(segment: string): boolean {
  if (CONTROL_CHARACTERS.test(segment)) return true;
  try {
    return CONTROL_CHARACTERS.test(decodeURIComponent(segment));
  } catch {
    return false; // a malformed escape: the router answers it with its own 404
  }
}

/**
 * Refuses, with a 400 naming the field, any query parameter or form, multipart or JSON field that
 * carries a control character: PostgreSQL cannot store NUL, and no name, address or search needs one.
 */
export function controlCharacters(): RequestHandler {
  return (req, res, next) => {
    const inQuery = fieldWithControlCharacter(req.query);
    const found =
      inQuery !== null
        ? Promise.resolve({ field: inQuery, json: false })
        : bodyFieldWithControlCharacter(req, res.locals.body);
    found.then((found) => {
      if (found === null) return next();
      // A body read as JSON came from a script, whatever its type said: it reads JSON back.
      refuse(req, res, 400, SECURITY_MESSAGES.controlCharacters, { field: found.field, json: found.json });
    }, next);
  };
}

async function bodyFieldWithControlCharacter(
  req: Request,
  body: Buffer | undefined,
): Promise<{ field: string; json: boolean } | null> {
  if (!body || body.length === 0) return null;
  if (req.is("urlencoded")) {
    for (const [key, value] of new URLSearchParams(body.toString("utf8"))) {
      if (CONTROL_CHARACTERS.test(key) || CONTROL_CHARACTERS.test(value)) return { field: key, json: false };
    }
    return null;
  }
  if (req.is("multipart")) {
    const field = await multipartFieldWithControlCharacter(req, body);
    return field === null ? null : { field, json: false };
  }
  // JSON, and any other body read as JSON: the storefront API parses what it gets whatever the
  // type (its beacon sends text/plain, a script may send none).
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return null; // the route answers a body it cannot read
  }
  const field = fieldWithControlCharacter(parsed);
  return field === null ? null : { field, json: true };
}

/**
 * Every route past this point reads a form (React Router's actions call `request.formData()`): a
 * body of another type is a 415, and a multipart body that does not parse a 400, each with a
 * Spanish message, where reading it in the action would have thrown (a 500). A post with no body
 * and no type is an empty form. An entry point whose body streams reads its own (the image upload).
 */
export function formBodies(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || bodyOf(req).streamed) return next();
    const body = res.locals.body as Buffer | undefined;
    if (!req.get("content-type") && (body === undefined || body.length === 0)) {
      req.headers["content-type"] = "application/x-www-form-urlencoded";
      return next();
    }
    if (req.is("urlencoded")) return next();
    if (!req.is("multipart")) return refuse(req, res, 415, SECURITY_MESSAGES.notAForm);
    readMultipart(req, body ?? Buffer.alloc(0)).then((form) => {
      if (form) return next();
      refuse(req, res, 400, SECURITY_MESSAGES.unreadableForm);
    }, next);
  };
}

/** A multipart body as the router will read it, or null when it cannot be read. */
async function readMultipart(req: Request, body: Buffer): Promise<FormData | null> {
  try {
    return await new Response(new Uint8Array(body), {
      headers: { "Content-Type": req.get("content-type")! },
    }).formData();
  } catch {
    return null;
  }
}

/** The text parts of a form sent as multipart/form-data (files are data, not text: skipped). */
async function multipartFieldWithControlCharacter(req: Request, body: Buffer): Promise<string | null> {
  const form = await readMultipart(req, body);
  if (!form) return null; // answered further on (formBodies)
  for (const [key, value] of form) {
    if (CONTROL_CHARACTERS.test(key)) return key;
    if (typeof value === "string" && CONTROL_CHARACTERS.test(value)) return key;
  }
  return null;
}

/** The key (the innermost one) of the first string holding a control character, or null. */
export function fieldWithControlCharacter(value: unknown, key = "form", depth = 0): string | null {
  if (typeof value === "string") return CONTROL_CHARACTERS.test(value) ? key : null;
  if (depth > 8 || value === null || typeof value !== "object") return null;
  for (const [childKey, child] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(childKey)) return key;
    const found = fieldWithControlCharacter(child, Array.isArray(value) ? key : childKey, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A refusal in the shape the caller reads: JSON for fetches, a small Spanish page for forms. */
function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  {
    field,
    title = "No pudimos recibir tu envío",
    json = false,
  }: { field?: string; title?: string; json?: boolean } = {},
) {
  if (res.headersSent) return;
  const wantsJson =
    json || req.accepts(["html", "json"]) === "json" || req.is("json") || req.path.endsWith(".data");
  if (wantsJson)
    res.status(status).json({ ok: false, message, ...(field ? { fieldErrors: { [field]: message } } : {}) });
  else res.status(status).type("html").send(plainPage({ title, message }));
}

/**
 * Where browsers send CSP violations: at most 20 per address in 10 minutes are looked at, each
 * request writes at most one short line, and a violation seen again within a minute is counted
 * and summed up once its minute is over (app/lib/csp-report-log.ts).
 */
export function cspReportRoute(db: Database, logger: Logger): RequestHandler {
  const parse = express.text({ type: () => true, limit: entryPoint("csp-report").body.limit });
  const log = cspReportLog();
  const sweep = setInterval(() => {
    for (const line of log.flush(Date.now())) logger.warn(line.msg, line.fields);
    const unlogged = log.takeUnlogged();
    if (unlogged > 0) logger.warn("csp violations not logged: too many distinct ones", { count: unlogged });
  }, CSP_REPEAT_WINDOW_MS / 4);
  sweep.unref();
  return (req, res, next) => {
    parse(req, res, async (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status;
        return status === 413 ? void res.status(413).end() : next(error);
      }
      try {
        const ip = req.ip ?? req.socket.remoteAddress ?? "unknown";
        const state = await consume(db, [{ name: "cspReportPerAddress", subject: ip }]);
        const reports = state.exceeded ? null : readCspReports(String(req.body ?? ""));
        const line = reports ? log.record(reports.map(withoutTokens), Date.now()) : null;
        if (line) (res.locals.logger as Logger).warn(line.msg, line.fields);
        res.status(204).end();
      } catch (failure) {
        next(failure);
      }
    });
  };
}

/** A reset or claim page's address holds its token: the log keeps the page without it. */
function withoutTokens(report: CspViolation): CspViolation {
  try {
    const url = new URL(report.page);
    return { ...report, page: `${url.origin}${redactTokens(url.pathname)}` };
  } catch {
    return report;
  }
}
