/**
 * The rendered-page cache (docs/decisions/021). Anonymous GETs of the landing, store and
 * city pages are answered from compressed HTML rendered once, keyed by the page and the host, and
 * served only while the `page_versions` of what the page shows are the ones it was rendered under
 * (triggers bump them with every write, migration 0012). A signed-in owner's pending-orders tab is
 * kept per session and checked by its own fingerprint (server/panel-cache.ts, docs/decisions/037).
 * Every other signed-in request, and every other page, goes through React Router as before.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { Database } from "~/db/client.server";
import type { ReadRouting } from "~/db/replica.server";
import { routeOnCustomHost } from "~/domain/domains/host-routing";
import type { RequestSite, SiteResolver } from "~/domain/domains/site-cache.server";
import { contentSecurityPolicy, REPORTING_ENDPOINTS } from "~/lib/csp";
import { pageCacheRequests } from "~/lib/metrics.server";
import { ByteLru } from "~/lib/page-cache/byte-lru";
import { criticalStylesheet } from "~/lib/page-cache/critical-css";
import { cacheablePage, SEARCH_RESULTS_HEADER, type CacheablePage } from "~/lib/page-cache/cacheable-page";
import { findCity } from "~/domain/directory/city.server";
import { recordSearch, searchProducts } from "~/domain/directory/search.server";
import { sameVersions, type Versions } from "~/lib/page-cache/page-versions.server";
import type { PageVersions } from "~/lib/page-cache/version-mirror.server";
import { matchesEtag, preferredEncoding } from "~/lib/page-cache/negotiation";
import { inlineScriptHashes } from "~/lib/page-cache/script-hashes.server";
import {
  createPanelFingerprintReader,
  PANEL_CACHE_CONTROL,
  panelRequest,
  type PanelAnswer,
} from "./panel-cache";
import type { DoorAnswer, DoorRequest } from "./kept-page-door";
import { logAnswer, observeRequest, requestIdFrom, requestIdOf } from "./request-log";
import { type SearchFrame, searchFrame, searchPage, searchSectionClasses } from "./search-page";
import { fieldWithControlCharacter } from "./security";
import { createUnknownStorePage, sendUnknownStore } from "./unknown-store-page";

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Browsers revalidate every time (a 304 when nothing changed); a CDN or shared cache may keep the
 * page for 10 s and serve it up to 30 s more while it fetches a fresh one (README, "Behind a CDN").
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";
/** The same pages for a signed-in owner: fresh every time, and never kept by a shared cache. */
export const SIGNED_IN_CACHE_CONTROL = "private, no-cache";
/** Whether the answer came from the cache (tests and the bench read it). */
export const CACHE_RESULT_HEADER = "X-Tianguis-Cache";

/** Opening hours, pauses, slots and trials change pages with the clock: renders last to the minute. */
const MINUTE_MS = 60_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?tianguis\.session_token=/;
/** Headers of the rendered response worth keeping (the route's own, not the transfer's). */
const KEPT_HEADERS = new Set(["content-type", "x-robots-tag", "link", "content-language"]);

type Entry = {
  scopes: readonly string[];
  /** A search page: how many results it shows (its analytics event says so). */
  searchResults: number;
  versions: Versions;
  expiresAt: number;
  etag: string;
  headers: [string, string][];
  csp: string;
  gzip: Buffer;
  /** Brotli, prepared once when a visitor first asks for it. */
  br?: Promise<Buffer>;
  /** The same, once made (the door sends only what is at hand). */
  brotli?: Buffer;
  /** A search page, rarely asked for twice: never compressed again with brotli. */
  gzipOnly?: boolean;
  /** A city page, cut where its search goes once a search needs it. */
  searchFrame?: Promise<SearchFrame | null>;
  /** A signed-in pending tab (server/panel-cache.ts): what it was rendered from. */
  fingerprint?: string;
  /** Its headers as sent (`[name, value, …]`), by result and encoding, made on the first answer of each. */
  sent?: Map<string, string[]>;
};

/** What the first look at a request found, for the render further on. */
type Looked = { key: string; versions: Versions };
const looked = new WeakMap<IncomingMessage, Looked>();
/** The same for a signed-in pending tab: its fingerprint, read after the request came. */
const panelLooked = new WeakMap<IncomingMessage, { key: string; fingerprint: string | null }>();

export type PageCacheOptions = {
  db: Database;
  /** Where a search's reads run: the read replica when it holds the city's versions (docs/decisions/047). */
  reads: ReadRouting;
  /** The current versions of a page's scopes: from memory while they can be trusted (docs/decisions/051). */
  versions: PageVersions;
  sites: SiteResolver;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  budgetBytes: number;
  imageOrigins: string[];
  /** The same load context the app's handler gives, for a request rendered for the cache. */
  loadContext: (req: Request, res: ExpressResponse) => AppLoadContext;
  /**
   * The headers every answer carries (server/security.ts `securityHeaderList`), for the answers
   * given before the app: one list per kind of site.
   */
  securityHeaders: (site: RequestSite) => readonly string[];
  /** Express's `trust proxy` decision: whether X-Forwarded-Host names the host. */
  trustProxy: (address: string, hop: number) => boolean;
  logRequest: Parameters<typeof observeRequest>[2];
  /** A stylesheet of the build by its URL (`/assets/…css`), to put inside the page kept. */
  stylesheet?: (href: string) => string | undefined;
  now?: () => number;
};

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/**
 * The page with its stylesheets inside it: a phone on 4G paints the page without first fetching
 * them (a round trip on the way to the largest paint); the HTML is compressed once anyway.
 *
 * Only the rules of what the page draws (app/lib/page-cache/critical-css.ts), about half the
 * compressed bytes, so that the document fits the first round trip of a new connection: the
 * classes of its HTML, and `drawsLater` (a city page's search results, put in without a render). A
 * page with an island also names the whole stylesheet (`data-stylesheet`): its script start links
 * it once a frame is painted (app/components/island.tsx), for what the island draws after a tap (a
 * dialog, the cart). A page without scripts draws nothing else.
 */
function withInlineStylesheets(
  html: string,
  stylesheet: PageCacheOptions["stylesheet"],
  drawsLater?: Iterable<string>,
) {
  if (!stylesheet) return html;
  const island = html.includes(" data-island=");
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = stylesheet(href);
    if (css === undefined || css.includes("</")) return link;
    const drawn = criticalStylesheet(css, html, drawsLater);
    return island ? `<style data-stylesheet="${href}">${drawn}</style>` : `<style>${drawn}</style>`;
  });
}

/** The cache's memory and the parts of a render every entrance shares. */
function keptPages(options: PageCacheOptions) {
  const { db, reads, budgetBytes, imageOrigins, loadContext, now = Date.now } = options;
  const pages = new ByteLru<Entry>(budgetBytes);
  // Versions of another history say nothing about what was kept under the old primary's.
  reads.onFailover(() => pages.clear());
  const { versions } = options;
  // Prepared by name; a pool behind a transaction pooler drops the names (createPool).
  const panelFingerprint = createPanelFingerprintReader(db.$client);
  const renderPage = createRequestHandler(options.build, options.mode);
  /** Renders under way, so a burst of visitors to one page renders it once. */
  const rendering = new Map<string, Promise<Entry | globalThis.Response>>();
  const off = budgetBytes === 0;
  const unknownStore = createUnknownStorePage({ imageOrigins });

  /** The page of a store id that never was a store's: its one scope, its store's version row, has no version. */
  const neverAStore = (page: CacheablePage, versionsNow: Versions) =>
    page.storeId !== undefined && !versionsNow.has(page.scopes[0]!);

  /** The page in memory, if a render now would still show the same. */
  const currentEntry = (page: CacheablePage, versionsNow: Versions) => {
    const entry = pages.get(page.key);
    if (!entry) return undefined;
    if (entry.expiresAt > now() && sameVersions(page.scopes, entry.versions, versionsNow)) return entry;
    pages.delete(page.key);
    return undefined;
  };

  const send = (
    entry: Entry,
    key: string,
    result: "HIT" | "MISS",
    req: IncomingMessage,
    res: ServerResponse,
    before?: BeforeTheApp,
  ) => sendEntry(entry, result, req, res, () => pages.resize(key, weight(entry)), before);

  /** The request as React Router takes it, for another path of the platform when `path` is given. */
  const fetchRequest = (req: Request, path?: string) => {
    const request = toFetchRequest(req);
    if (path === undefined) return request;
    const url = new URL(request.url);
    url.pathname = path;
    url.search = "";
    return new globalThis.Request(url, { headers: request.headers });
  };

  const renderEntry = async (
    req: Request,
    res: ExpressResponse,
    page: CacheablePage,
    versionsNow: Versions,
    path?: string,
  ): Promise<Entry | globalThis.Response> => {
    // No nonce: the same bytes go to every visitor; the policy lists its inline scripts by hash.
    const response = await renderPage(fetchRequest(req, path), {
      ...loadContext(req, res),
      cspNonce: undefined,
      pageVersions: versionsNow,
    });
    // A city's page carries the rules of the search results that may go into it later.
    const drawsLater = page.searchSection ? searchSectionClasses() : undefined;
    return entryOf(response, { scopes: page.scopes, versions: versionsNow }, drawsLater);
  };

  /** A rendered page as kept, to the end of this minute; any other answer (not a page, a cookie) as is. */
  const entryOf = async (
    response: globalThis.Response,
    of: Pick<Entry, "scopes" | "versions" | "fingerprint">,
    drawsLater?: Iterable<string>,
  ): Promise<Entry | globalThis.Response> => {
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) {
      return response;
    }
    // An owner's panel keeps its stylesheets linked: their phone has them from the last visit.
    const stylesheet = of.fingerprint === undefined ? options.stylesheet : undefined;
    const html = Buffer.from(withInlineStylesheets(await response.text(), stylesheet, drawsLater), "utf8");
    return {
      ...of,
      expiresAt: (Math.floor(now() / MINUTE_MS) + 1) * MINUTE_MS,
      etag: etagOf(html),
      headers: [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
      searchResults: Number(response.headers.get(SEARCH_RESULTS_HEADER) ?? 0),
      csp: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html.toString("utf8")), imageOrigins }),
      gzip: await gzip(html),
    };
  };

  /**
   * A kept page sent before Express sees the request, with its id and headers, then its log line:
   * the request id and the security headers go first in the one list `writeHead` is given.
   */
  const answerHit = (
    req: IncomingMessage,
    res: ServerResponse,
    site: RequestSite,
    { entry, key, result }: { entry: Entry; key: string; result: "hit" | "panel-hit" },
  ): true | Promise<true> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    pageCacheRequests.inc(RESULT_LABELS[result]);
    const sent = send(entry, key, "HIT", req, res, { requestId, security: options.securityHeaders(site) });
    const logged = () => (logAnswer(req, res, options.logRequest, requestId, started), true as const);
    return sent ? sent.then(logged) : logged();
  };

  /** One render of a page at its versions, however many requests ask for it at the same time. */
  const renderOnce = (
    page: CacheablePage,
    versionsNow: Versions,
    render: () => Promise<Entry | globalThis.Response>,
  ) => {
    const flight = `${page.key}\n${page.scopes.map((scope) => versionsNow.get(scope) ?? 0).join(",")}`;
    const underWay = rendering.get(flight);
    if (underWay) return { rendered: underWay, here: false };
    const rendered = render().finally(() => rendering.delete(flight));
    rendering.set(flight, rendered);
    return { rendered, here: true };
  };

  return {
    options,
    pages,
    versions,
    panelFingerprint,
    renderPage,
    off,
    unknownStore,
    neverAStore,
    currentEntry,
    send,
    fetchRequest,
    renderEntry,
    entryOf,
    answerHit,
    renderOnce,
  };
}

type Kept = ReturnType<typeof keptPages>;

/** The signed-in pending tab, kept per session (server/panel-cache.ts, docs/decisions/037). */
function panelPages(kept: Kept) {
  const { options, pages, panelFingerprint, renderPage, fetchRequest, entryOf, answerHit, send } = kept;
  const { sites, loadContext, imageOrigins, now = Date.now } = options;
  /** The kept pending tab of this request's session, if it was rendered from what is there now. */
  const currentPanel = (key: string, fingerprint: string | null) => {
    const entry = pages.get(key);
    if (!entry) return undefined;
    if (fingerprint !== null && entry.expiresAt > now() && entry.fingerprint === fingerprint) return entry;
    pages.delete(key);
    return undefined;
  };

  /** The signed-in pending tab from memory (server/panel-cache.ts), before the app sees it. */
  const answerPanel: PanelAnswer = async (req, res) => {
    const panel = panelRequest(req);
    if (!panel || !pages.get(panel.key)) return false;
    const site = await sites.resolve(hostnameOf(req, options.trustProxy));
    if (site.kind === "store") return false;
    const fingerprint = await panelFingerprint(panel.token);
    const entry = currentPanel(panel.key, fingerprint);
    if (!entry) {
      panelLooked.set(req, { key: panel.key, fingerprint });
      return false;
    }
    return answerHit(req, res, site, { entry, key: panel.key, result: "panel-hit" });
  };

  /** The signed-in pending tab: from memory when current, else rendered, kept and sent. */
  const renderPanel = async (
    req: Request,
    res: ExpressResponse,
    next: (error?: unknown) => void,
    panel: { key: string; token: string },
  ) => {
    const first = panelLooked.get(req);
    const fingerprint = first?.key === panel.key ? first.fingerprint : await panelFingerprint(panel.token);
    // No session: the route sends the visitor to the login page.
    if (fingerprint === null) return next();
    let entry = currentPanel(panel.key, fingerprint);
    const result = entry ? "HIT" : "MISS";
    if (!entry) {
      const response = await renderPage(fetchRequest(req), { ...loadContext(req, res), cspNonce: undefined });
      const outcome = await entryOf(response, { scopes: [], versions: new Map(), fingerprint });
      if (outcome instanceof globalThis.Response) return sendResponse(outcome, req, res, imageOrigins);
      entry = outcome;
      pages.set(panel.key, entry, weight(entry));
    }
    pageCacheRequests.inc({ result: result === "HIT" ? "panel-hit" : "panel-miss" });
    await send(entry, panel.key, result, req, res);
  };

  return { answerPanel, renderPanel };
}

/** A city search made from the kept city page (server/search-page.ts, docs/decisions/027). */
function searchPages(kept: Kept) {
  const { options, pages, currentEntry, renderOnce, renderEntry } = kept;
  const { db, reads, loadContext } = options;
  /**
   * A search not seen before: the kept city page with this search's section in it
   * (server/search-page.ts), the city page rendered first if it is not kept; the whole page
   * rendered when the city page has no search section (a city without stores) or is not a page.
   */
  const renderSearch = async (
    req: Request,
    res: ExpressResponse,
    page: CacheablePage,
    versionsNow: Versions,
  ): Promise<Entry | globalThis.Response> => {
    const search = page.search!;
    const cityPath = `/c/${search.cityId}`;
    const cityPage = cacheablePage({ path: cityPath, query: new URLSearchParams(), site: "" })!;
    let city = currentEntry(cityPage, versionsNow);
    if (!city) {
      const outcome = await renderOnce(cityPage, versionsNow, () =>
        renderEntry(req, res, cityPage, versionsNow, cityPath),
      ).rendered;
      if (outcome instanceof globalThis.Response) return renderEntry(req, res, page, versionsNow);
      pages.set(cityPage.key, outcome, weight(outcome));
      city = outcome;
    }
    const frame = await (city.searchFrame ??= cutForSearch(city, search.cityId, versionsNow));
    if (!frame) return renderEntry(req, res, page, versionsNow);
    const scoped = { scopes: page.scopes, versions: versionsNow };
    const found = await reads.page(scoped, (db) => searchProducts(db, search));
    const html = searchPage(frame, { ...search, ...found });
    // A section the kept page has no rules for: the whole page, whose render counts the search.
    if (!html) return renderEntry(req, res, page, versionsNow);
    // The search's analytics events are a write: on the primary.
    await recordSearch(db, search, found.products.length, loadContext(req, res).clientIp);
    return {
      scopes: page.scopes,
      versions: versionsNow,
      expiresAt: city.expiresAt,
      // The page is the kept city page's with this section in its gap: the two name it, and the
      // section is a fraction of the page to hash.
      etag: etagOf(Buffer.from(`${city.etag}\n${html.section}`)),
      headers: city.headers,
      searchResults: found.products.length,
      csp: city.csp,
      gzip: html.gzip,
      gzipOnly: true,
    };
  };

  /** The kept city page cut where its search goes; forgotten if it fails, to be tried again. */
  const cutForSearch = (city: Entry, cityId: string, versionsNow: Versions): Promise<SearchFrame | null> => {
    const scoped = { scopes: city.scopes, versions: versionsNow };
    const named = reads.page(scoped, (db) => findCity(db, cityId));
    const cut = Promise.all([gunzip(city.gzip), named]).then(([html, found]) =>
      found ? searchFrame(html.toString("utf8"), found) : null,
    );
    cut.catch(() => (city.searchFrame = undefined));
    return cut;
  };

  return { renderSearch };
}

/**
 * Two entrances to one cache. `answer` sees each request before the app does and sends a current
 * page straight from memory (Express's own work per request costs more than the whole answer);
 * what it cannot answer goes on to the app as before. `render`, an Express middleware placed where
 * React Router would render, renders a missing or outdated page once, keeps it and sends it.
 */
export function createPageCache(options: PageCacheOptions) {
  const kept = keptPages(options);
  const { pages, versions, renderPage, off, unknownStore, neverAStore, currentEntry } = kept;
  const { send, fetchRequest, renderEntry, answerHit, renderOnce } = kept;
  const { db, sites, imageOrigins, loadContext } = options;
  const { answerPanel, renderPanel } = panelPages(kept);
  const { renderSearch } = searchPages(kept);

  /**
   * Answers from memory and gives true, or gives false and leaves the request untouched. A hit on
   * the platform, with its versions in memory, waits on no promise: true comes back at once.
   */
  const answer = (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    if (off || (req.method !== "GET" && req.method !== "HEAD")) return false;
    if (hasSession(req)) return answerPanel(req, res);
    const site = sites.resolve(hostnameOf(req, options.trustProxy));
    return site instanceof Promise
      ? site.then((known) => answerOn(req, res, known))
      : answerOn(req, res, site);
  };

  /** `answer` once the request's site is known. */
  const answerOn = (
    req: IncomingMessage,
    res: ServerResponse,
    site: RequestSite,
  ): boolean | Promise<boolean> => {
    const page = pageAt(req.url ?? "/", site);
    if (!page) return false;
    const versionsNow = versions.read(page.scopes);
    return versionsNow instanceof Promise
      ? versionsNow.then((read) => answerAt(req, res, site, page, read))
      : answerAt(req, res, site, page, versionsNow);
  };

  /** `answer` once the page's versions are known. */
  const answerAt = (
    req: IncomingMessage,
    res: ServerResponse,
    site: RequestSite,
    page: CacheablePage,
    versionsNow: Versions,
  ): boolean | Promise<boolean> => {
    const unknown = neverAStore(page, versionsNow) ? unknownStore.current() : undefined;
    if (unknown) {
      observeRequest(req, res, options.logRequest, requestIdOf(req));
      const security = options.securityHeaders(site);
      for (let at = 0; at < security.length; at += 2) res.setHeader(security[at]!, security[at + 1]!);
      pageCacheRequests.inc({ result: "unknown-store" });
      res.setHeader(CACHE_RESULT_HEADER, "UNKNOWN-STORE");
      sendUnknownStore(unknown, page.storeId!, req, res);
      return true;
    }
    const entry = currentEntry(page, versionsNow);
    if (!entry) {
      // The render further on uses the versions read here: they were read after the request came.
      looked.set(req, { key: page.key, versions: versionsNow });
      return false;
    }
    return answerHit(req, res, site, { entry, key: page.key, result: "hit" });
  };

  /**
   * The door's question (server/kept-page-door.ts): the answer when a current page is in memory and
   * all it needs is at hand now, with nothing to wait for; else null, and nothing was started, so
   * that Node's server takes the request as if the door were not there.
   */
  const answerAtTheDoor = (request: DoorRequest): DoorAnswer | null => {
    if (off || hasSessionCookie(request.cookie)) return null;
    const hostname = hostnameFrom(
      request.host,
      request.forwardedHost,
      request.remoteAddress,
      options.trustProxy,
    );
    const site = sites.resolve(hostname);
    if (site instanceof Promise) return null;
    const page = pageAt(request.url, site);
    if (!page) return null;
    const versionsNow = versions.held(page.scopes);
    if (!versionsNow || neverAStore(page, versionsNow)) return null;
    const entry = currentEntry(page, versionsNow);
    if (!entry) return null;
    const { unchanged, encoding } = negotiated(entry, request.ifNoneMatch, request.acceptEncoding);
    // Plain HTML is unzipped, brotli made once: both on Node's server's side, which may wait.
    const body = unchanged
      ? undefined
      : encoding === "gzip"
        ? entry.gzip
        : encoding === "br"
          ? entry.brotli
          : undefined;
    if (!unchanged && body === undefined) return null;
    pageCacheRequests.inc(RESULT_LABELS.hit);
    const requestId = requestIdFrom(request.requestId);
    const head = wholeHead(sentHeaders(entry, "HIT", encoding, body?.length), {
      requestId,
      security: options.securityHeaders(site),
    });
    return {
      status: body === undefined ? 304 : 200,
      requestId,
      head,
      body: request.method === "HEAD" ? undefined : body,
    };
  };

  const render: RequestHandler = async (req, res, next) => {
    if (off || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const site = res.locals.site as RequestSite | undefined;
    const panel = site?.kind === "store" ? null : panelRequest(req);
    if (panel) return renderPanel(req, res, next, panel).catch(next);
    const query = new URLSearchParams(req.url.slice(req.url.indexOf("?") + 1 || req.url.length));
    const page = cacheablePage({ path: req.path, query, site: site?.kind === "store" ? site.origin : "" });
    if (!page || hasControlCharacter(query)) return next();
    if (hasSession(req)) {
      // An owner sees their own changes at once, and no shared cache keeps what they were shown.
      res.setHeader("Cache-Control", SIGNED_IN_CACHE_CONTROL);
      res.setHeader(CACHE_RESULT_HEADER, "BYPASS");
      pageCacheRequests.inc({ result: "bypass" });
      return next();
    }
    try {
      const first = looked.get(req);
      const versionsNow = first?.key === page.key ? first.versions : await versions.read(page.scopes);
      if (neverAStore(page, versionsNow)) {
        const unknown =
          unknownStore.current() ??
          (await unknownStore.prepare((path) =>
            renderPage(fetchRequest(req, path), { ...loadContext(req, res), cspNonce: undefined }),
          ));
        if (unknown) {
          pageCacheRequests.inc({ result: "unknown-store" });
          res.setHeader(CACHE_RESULT_HEADER, "UNKNOWN-STORE");
          return sendUnknownStore(unknown, page.storeId!, req, res);
        }
      }
      let entry = currentEntry(page, versionsNow);
      let result: "HIT" | "MISS" = "HIT";
      /** Whether this request's own render ran the loader (and so counted a search). */
      let renderedHere = false;
      if (!entry) {
        result = "MISS";
        const flight = renderOnce(page, versionsNow, () =>
          page.search ? renderSearch(req, res, page, versionsNow) : renderEntry(req, res, page, versionsNow),
        );
        renderedHere = flight.here;
        const outcome = await flight.rendered;
        if (outcome instanceof globalThis.Response) {
          // Not a page to keep (a 404, a redirect): only the request that rendered it may send it.
          if (!outcome.bodyUsed) return void (await sendResponse(outcome, req, res, imageOrigins));
          return next();
        }
        entry = outcome;
        pages.set(page.key, entry, weight(entry));
      }
      if (page.search && !renderedHere) {
        // A search the loader did not run for this visitor is still one search.
        await recordSearch(db, page.search, entry.searchResults, loadContext(req, res).clientIp);
      }
      pageCacheRequests.inc({ result: result === "HIT" ? "hit" : "miss" });
      await send(entry, page.key, result, req, res);
    } catch (error) {
      next(error);
    }
  };

  return { answer, answerAtTheDoor, render, pages };
}

/** The kept page an address is on a site, or null (a panel, a search, not a page that is kept). */
function pageAt(url: string, site: RequestSite): CacheablePage | null {
  const at = url.indexOf("?");
  let path = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? "" : url.slice(at + 1);
  if (site.kind === "store") {
    const route = routeOnCustomHost(path, site.storeId, site.active);
    if (route.kind !== "store-page") return null;
    path = route.path;
  }
  const origin = site.kind === "store" ? site.origin : "";
  // Most visits carry no query: nothing to parse or to look through, and the page is known.
  return search === "" ? pageWithoutQuery(path, origin) : pageWithQuery(path, search, origin);
}

/** The query of an address without one, shared: only ever read. */
const NO_QUERY = new URLSearchParams();

/**
 * The kept page a path without a query is, remembered: the same few paths are asked again and
 * again. Per site (the platform, or a store's domain the site resolver found), then per path:
 * paths are the visitor's to choose, so each site's map is bounded and starts again when full;
 * what it holds is derived from the site and path alone (cacheablePage is pure).
 */
const pagesBySite = new Map<string, Map<string, CacheablePage | null>>();
const MAX_PAGES_BY_PATH = 2_000;
function pageWithoutQuery(path: string, site: string): CacheablePage | null {
  // By site, then by path: no key to join for each request.
  let pagesByPath = pagesBySite.get(site);
  if (!pagesByPath) pagesBySite.set(site, (pagesByPath = new Map()));
  let page = pagesByPath.get(path);
  if (page === undefined) {
    if (pagesByPath.size >= MAX_PAGES_BY_PATH) pagesByPath.clear();
    page = cacheablePage({ path, query: NO_QUERY, site });
    // A search is answered further on, where it is counted with the visitor's address.
    if (page?.search) page = null;
    pagesByPath.set(path, page);
  }
  return page;
}

/**
 * The kept page of a path with a query, or null: a control character in the query is refused
 * further on (server/security.ts), never kept; a search is answered further on too.
 */
function pageWithQuery(path: string, search: string, site: string): CacheablePage | null {
  const query = new URLSearchParams(search);
  const page = cacheablePage({ path, query, site });
  return !page || page.search || hasControlCharacter(query) ? null : page;
}

const hasSession = (req: IncomingMessage) => hasSessionCookie(req.headers.cookie);
const hasSessionCookie = (cookie: string | undefined) => SESSION_COOKIE.test(cookie ?? "");

/**
 * What an answer of `entry` sends, by the request's If-None-Match and Accept-Encoding: nothing (a
 * 304) when the page is unchanged, else the encoding its body goes in (null: plain HTML).
 */
function negotiated(entry: Entry, ifNoneMatch: string | undefined, acceptEncoding: string | undefined) {
  const unchanged = matchesEtag(ifNoneMatch, entry.etag);
  const encoding = unchanged ? null : encodingFor(acceptEncoding ?? "", !entry.gzipOnly);
  return { unchanged, encoding };
}

function hasControlCharacter(query: URLSearchParams) {
  for (const [key, value] of query) {
    if (fieldWithControlCharacter({ [key]: value }) !== null) return true;
  }
  return false;
}

/** The request's host name as Express's `req.hostname` reads it (X-Forwarded-Host when trusted). */
function hostnameOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean) {
  const forwarded = req.headers["x-forwarded-host"];
  return hostnameFrom(
    req.headers.host ?? "",
    typeof forwarded === "string" ? forwarded : undefined,
    req.socket.remoteAddress ?? "",
    trust,
  );
}

/** `hostnameOf` from the Host and X-Forwarded-Host headers and the socket's address. */
function hostnameFrom(
  hostHeader: string,
  forwarded: string | undefined,
  address: string,
  trust: (address: string, hop: number) => boolean,
) {
  let host = forwarded && trust(address, 0) ? forwarded.split(",")[0]!.trim() : hostHeader;
  const offset = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", offset);
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}

const etagOf = (html: Buffer) => `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;

const weight = (entry: Entry) => entry.gzip.length * (entry.br ? 2 : 1) + 512;

/** Reused label sets of the page cache's counter for the answers given before the app. */
const RESULT_LABELS = { hit: { result: "hit" }, "panel-hit": { result: "panel-hit" } } as const;

/** What an answer given before the app adds to the page's headers: its request id, its site's security headers. */
type BeforeTheApp = { requestId: string; security: readonly string[] };

/**
 * Sends a kept page. Before the app its headers are written in one `writeHead` with a list made
 * once per entry, result, encoding and kind of site (`wholeHead`); through Express they are set
 * one by one, so the app's own headers (server/security.ts `responseHeaders`) still have the last
 * word when the head is written.
 */
function sendEntry(
  entry: Entry,
  result: "HIT" | "MISS",
  req: IncomingMessage,
  res: ServerResponse,
  grew: () => void,
  before?: BeforeTheApp,
): Promise<void> | undefined {
  const { unchanged, encoding } = negotiated(
    entry,
    req.headers["if-none-match"],
    req.headers["accept-encoding"],
  );
  const body = unchanged ? undefined : bodyIn(entry, encoding, grew);
  // The gzip kept is sent at once: no promise to wait for on the way of almost every hit.
  if (body instanceof Promise) {
    return body.then((ready) => writeAnswer(req, res, entry, result, encoding, ready, before));
  }
  writeAnswer(req, res, entry, result, encoding, body, before);
}

/** The answer's head and body; `body` undefined for a 304. */
function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  result: "HIT" | "MISS",
  encoding: "br" | "gzip" | null,
  body: Buffer | undefined,
  before?: BeforeTheApp,
) {
  const headers = sentHeaders(entry, result, encoding, body?.length);
  const status = body === undefined ? 304 : 200;
  if (before) res.writeHead(status, wholeHead(headers, before));
  else {
    for (let at = 0; at < headers.length; at += 2) res.setHeader(headers[at]!, headers[at + 1]!);
    res.statusCode = status;
  }
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The lists `wholeHead` made, by the entry's own list (`sentHeaders`) and the security headers'. */
const wholeHeads = new WeakMap<readonly string[], Map<readonly string[], string[]>>();

/**
 * The one list `writeHead` is given before the app: the request id, the security headers, the
 * entry's own. Made once per entry's list and kind of site, its first value the id of the answer
 * at hand: `writeHead` reads the list before it returns and keeps none of it.
 */
function wholeHead(headers: readonly string[], { requestId, security }: BeforeTheApp) {
  let bySecurity = wholeHeads.get(headers);
  if (!bySecurity) wholeHeads.set(headers, (bySecurity = new Map()));
  let head = bySecurity.get(security);
  if (!head) bySecurity.set(security, (head = ["x-request-id", "", ...security, ...headers]));
  head[1] = requestId;
  return head;
}

/** The kept page's body in `encoding`: brotli made once, the first time it is asked for. */
function bodyIn(entry: Entry, encoding: "br" | "gzip" | null, grew: () => void): Buffer | Promise<Buffer> {
  if (encoding === "gzip") return entry.gzip;
  if (encoding === null) return gunzip(entry.gzip);
  if (!entry.br) {
    entry.br = gunzip(entry.gzip).then((html) =>
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
    );
    entry.br.then(
      (made) => ((entry.brotli = made), grew()),
      () => {},
    );
  }
  return entry.br;
}

/**
 * The entry's own headers for this answer (a 304 when `length` is undefined), in the order they
 * were always sent, made once per result and encoding.
 */
function sentHeaders(entry: Entry, result: "HIT" | "MISS", encoding: "br" | "gzip" | null, length?: number) {
  const key = `${result} ${length === undefined ? "304" : (encoding ?? "identity")}`;
  entry.sent ??= new Map();
  let headers = entry.sent.get(key);
  if (headers) return headers;
  headers = [
    ...entry.headers.flat(),
    "Content-Security-Policy",
    entry.csp,
    "Reporting-Endpoints",
    REPORTING_ENDPOINTS,
    "Cache-Control",
    entry.fingerprint === undefined ? PUBLIC_PAGE_CACHE_CONTROL : PANEL_CACHE_CONTROL,
    "ETag",
    entry.etag,
    "Vary",
    "Accept-Encoding",
    CACHE_RESULT_HEADER,
    result,
  ];
  if (length !== undefined) {
    if (encoding) headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(length));
  }
  entry.sent.set(key, headers);
  return headers;
}

/** `preferredEncoding` of the few Accept-Encoding headers browsers send, remembered. */
const encodings = new Map<string, "br" | "gzip" | null>();
function encodingFor(accept: string, brotli: boolean) {
  const key = `${brotli ? "br" : "gzip"} ${accept}`;
  let encoding = encodings.get(key);
  if (encoding === undefined) {
    // The header is the visitor's to write: the map is bounded, and starts again when full.
    if (encodings.size >= 100) encodings.clear();
    encoding = preferredEncoding(accept, { brotli });
    encodings.set(key, encoding);
  }
  return encoding;
}

/** A response rendered for a cacheable path that is not kept (a 404, a redirect), sent as is. */
async function sendResponse(
  response: globalThis.Response,
  req: Request,
  res: ExpressResponse,
  imageOrigins: string[],
) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
    const scriptHashes = inlineScriptHashes(body.toString("utf8"));
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ scriptHashes, imageOrigins }));
    res.setHeader("Reporting-Endpoints", REPORTING_ENDPOINTS);
  }
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
  res.removeHeader("Content-Length");
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The Fetch API request React Router renders, from Express's, built as @react-router/express
 * builds it. A HEAD is rendered as the GET it stands for (the page kept must have its body), and
 * without an abort signal: a render may serve every visitor waiting for it, so one who leaves does
 * not cancel it for the others.
 */
function toFetchRequest(req: Request): globalThis.Request {
  const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
  const port = (forwarded ?? req.get("host"))?.split(":")[1];
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new globalThis.Request(url, { method: "GET", headers });
}
