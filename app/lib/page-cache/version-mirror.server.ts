import type pg from "pg";
import type { Listener } from "~/db/listen.server";
import type { Logger } from "~/lib/logger.server";
import { createPageVersionReader, type Versions } from "./page-versions.server";

/** The channel page_versions' triggers announce every change on (migration 0027). */
export const PAGE_VERSIONS_CHANNEL = "tianguis_page_versions";
/**
 * How old the newest proof that the listening connection is live and caught up may be for the
 * versions in memory to be trusted: a change committed at t is never served after t + TRUST_MS,
 * whatever happened to its notice (docs/decisions/051).
 */
export const TRUST_MS = 2_000;
/** How often the listening connection is asked a statement, to prove it is live and caught up. */
export const PING_MS = 500;
const STORE_SCOPE = "store:";

export type PageVersions = {
  /**
   * The versions of `scopes` as they stand now (0, absent, for one never written): from memory when
   * it can be trusted, else read from the database as every answer was before (batched).
   */
  read: (scopes: readonly string[]) => Versions | Promise<Versions>;
  /** The versions of `scopes` when memory can answer for them now, else undefined (nothing is read). */
  held: (scopes: readonly string[]) => Versions | undefined;
  /** Where the next answer's versions come from (readiness, tests). */
  source: () => "memory" | "database";
  /** This worker wrote: no answer trusts memory until the listener has heard what it wrote. */
  wrote: () => void;
  /** Versions of another history (a failover): forget them and read the whole table again. */
  forget: () => void;
  close: () => void;
};

/**
 * The whole `page_versions` table in memory, kept current by the notices its triggers send at
 * every commit. Memory is trusted only while a statement sent on the listening connection at most
 * TRUST_MS ago has come back: PostgreSQL hands a session every notice committed before its statement
 * began before the statement's answer, so memory then holds every change committed before that
 * statement. Until the first catch-up, while the connection is down, after a notice that says
 * "read it all" and after a failover, answers read the database instead.
 */
export function startVersionMirror({
  listener,
  pool,
  logger,
  now = () => performance.now(),
}: {
  listener: Listener;
  pool: pg.Pool;
  logger: Logger;
  now?: () => number;
}): PageVersions {
  const fromDatabase = createPageVersionReader(pool);
  let versions = new Map<string, number>();
  /** Every event below takes the next mark: the order in which they happened on this worker. */
  let mark = 0;
  /** Notices heard since the catch-up under way began (applied over what it reads), or null. */
  let heardDuringCatchUp: [string, number | null][] | null = null;
  let caughtUp = false;
  /** The mark and time at which the newest statement that came back on the connection was sent. */
  let proven = { mark: 0, at: -Infinity };
  /** The mark of this worker's newest write: memory is trusted only once proven after it. */
  let wroteAt = 0;
  let pinging = false;
  let catchingUp = false;
  /** A catch-up was asked for while one was under way, whose read may predate the reason. */
  let again = false;
  let trustedBefore = false;

  const apply = (scope: string, version: number | null) => {
    if (version === null) versions.delete(scope);
    // Within one history a scope's version only grows: a notice older than what is known is no news.
    else if (version > (versions.get(scope) ?? 0)) versions.set(scope, version);
  };

  const notice = (payload: string | undefined) => {
    if (payload === "*") return void catchUp();
    let written: Record<string, number | null>;
    try {
      written = JSON.parse(payload ?? "") as Record<string, number | null>;
    } catch (error) {
      logger.warn("bad page versions notice; reading them all again", { error: String(error) });
      return void catchUp();
    }
    for (const [scope, version] of Object.entries(written)) {
      heardDuringCatchUp?.push([scope, version]);
      apply(scope, version);
    }
  };

  /** Reads the whole table on the listening connection: afterwards memory holds every change. */
  const catchUp = () => {
    caughtUp = false;
    if (catchingUp) return void (again = true);
    catchingUp = true;
    again = false;
    heardDuringCatchUp = [];
    const sent = { mark: ++mark, at: now() };
    listener
      .query<{ scope: string; version: string }>("select scope, version from page_versions")
      .then(({ rows }) => {
        const fresh = new Map(rows.map((row) => [row.scope, Number(row.version)]));
        versions = fresh;
        for (const [scope, version] of heardDuringCatchUp ?? []) apply(scope, version);
        caughtUp = listener.isListening() && !again;
        if (caughtUp) proven = sent;
      })
      .catch((error: unknown) => logger.debug("page versions catch-up failed", { error: String(error) }))
      .finally(() => {
        catchingUp = false;
        heardDuringCatchUp = null;
        if (again && listener.isListening()) catchUp();
      });
  };

  const ping = () => {
    if (pinging || !caughtUp) return;
    pinging = true;
    const sent = { mark: ++mark, at: now() };
    listener.query(`listen ${PAGE_VERSIONS_CHANNEL}`).then(
      () => {
        pinging = false;
        if (sent.mark > proven.mark) proven = sent;
        // A write made while this statement was on its way is proven heard only by the next one.
        if (wroteAt > proven.mark) ping();
      },
      () => (pinging = false),
    );
  };

  const trusted = () => caughtUp && proven.mark > wroteAt && now() - proven.at <= TRUST_MS;

  const stopHearing = listener.on(PAGE_VERSIONS_CHANNEL, {
    notice,
    connected: catchUp,
    lost: () => {
      caughtUp = false;
    },
  });
  const pinger = setInterval(() => {
    ping();
    const trustedNow = trusted();
    if (trustedNow !== trustedBefore) {
      // The listener's own loss is warned of once (app/db/listen.server.ts); this is its consequence.
      if (trustedNow) logger.info("page versions: answered from memory");
      else logger.info("page versions: read from the database until the listener is caught up again");
      trustedBefore = trustedNow;
    }
  }, PING_MS);
  pinger.unref();
  if (listener.isListening()) catchUp();

  const held = (scopes: readonly string[]): Versions | undefined => {
    if (!trusted()) return undefined;
    const found = new Map<string, number>();
    for (const scope of scopes) {
      const version = versions.get(scope);
      // A store memory does not know is asked of the database: its page would be the "free
      // address" 404, and a store created a moment ago on another instance must never get it.
      if (version === undefined && scope.startsWith(STORE_SCOPE)) return undefined;
      if (version !== undefined) found.set(scope, version);
    }
    return found;
  };

  return {
    read: (scopes) => held(scopes) ?? fromDatabase.read(scopes),
    held,
    source: () => (trusted() ? "memory" : "database"),
    wrote() {
      wroteAt = ++mark;
      // The next statement on the connection proves this write heard; sent now, not at the next tick.
      ping();
    },
    forget() {
      versions = new Map();
      catchUp();
    },
    close() {
      clearInterval(pinger);
      stopHearing();
    },
  };
}
