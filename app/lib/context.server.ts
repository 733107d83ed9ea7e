import type { Database } from "~/db/client.server";
import type { ReadRouting } from "~/db/replica.server";
import type { Auth } from "~/domain/auth/auth.server";
import type { CityFrames } from "~/domain/directory/city-frame.server";
import type { DnsResolver } from "~/domain/domains/dns-check.server";
import type { RequestSite, SiteResolver } from "~/domain/domains/site-cache.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import type { JobWorker } from "~/domain/jobs/jobs.server";
import type { OrderEventHub } from "~/domain/orders/order-events.server";
import type { Payments } from "~/domain/payments/payments.server";
import type { VapidKeys } from "~/domain/push/push.server";
import type { Env } from "./env.server";
import type { Versions } from "./page-cache/page-versions.server";
import type { PageVersions } from "./page-cache/version-mirror.server";
import type { Logger } from "./logger.server";

/** What the server builds once at start-up and hands to every loader and action. */
export type AppServices = {
  db: Database;
  /**
   * Where the public reads run (docs/decisions/047): on the read replica when it holds what they
   * show, else on `db`. Loaders reach it through `publicReads` and `recentReads`
   * (app/lib/public-reads.server.ts).
   */
  reads: ReadRouting;
  auth: Auth;
  env: Env;
  logger: Logger;
  orderEvents: OrderEventHub;
  /** The versions of the public pages, in memory while the listener proves them current (decision 051). */
  pageVersions: PageVersions;
  /** Where uploaded images live (local disk or S3-compatible). */
  storage: ImageStorage;
  /** The background worker of this instance (pushes, the daily rotation). */
  jobs: JobWorker;
  /** Web Push keys: the public one goes to browsers that subscribe. */
  vapid: VapidKeys;
  /** DNS look-ups for stores' own domains (DNS_SERVERS). */
  resolver: DnsResolver;
  /** Which site a request's Host names: the platform or a store's own domain (cached briefly). */
  sites: SiteResolver;
  /** What a city's page shows around its search, kept per city while it is current. */
  cityFrames: CityFrames;
  /** Card payments through the stores' own Mercado Pago accounts (docs/decisions/052). */
  payments: Payments;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    requestId: string;
    clientIp: string;
    /** The request's logger: every line carries the request id. */
    logger: Logger;
    /** The request's Content-Security-Policy nonce; absent in development. */
    cspNonce?: string;
    /**
     * The site the request's Host names (docs/decisions/018): the platform, or a store's own domain with
     * its store. Anything that varies by host (canonical URLs, a page cache's key) reads it here.
     */
    site: RequestSite;
    /**
     * The versions of the page's scopes the page cache read for this request (server/page-cache.ts),
     * when it renders the page; a loader may reuse what it loaded under the same versions.
     */
    pageVersions?: Versions;
    /**
     * Marks the answer as failed by a database that could not be reached: it goes out as 503
     * with `Retry-After` instead of 500 (server/outage.ts).
     */
    databaseUnavailable: () => void;
  }
}
