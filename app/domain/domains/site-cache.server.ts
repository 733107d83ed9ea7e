/**
 * Which site a request's `Host` names: the platform, or a store's own domain. Each
 * instance keeps the answer for a few seconds (a miss too, so random names cost one look-up
 * each), and concurrent requests for one name share one look-up. Changes made on another
 * instance are seen once the entry is older than the TTL; this instance forgets a name the
 * moment it changes it. The plan is resolved at every request, so a trial that ends is seen at once.
 */
import { isIP } from "node:net";
import type { Executor } from "~/db/client.server";
import { customOrigin } from "./custom-domain";
import { findSiteByHost, isSiteActive, type HostSite } from "./custom-domains.server";
import { normaliseRequestHost } from "./host-name.server";

/** The request's site, kept in the load context (`context.site`): a page cache keys on it. */
export type RequestSite =
  | { kind: "platform" }
  | {
      kind: "store";
      /** The ASCII host name the request used. */
      host: string;
      /** Where the store's pages live on it (canonical and Open Graph URLs). */
      origin: string;
      storeId: string;
      storeName: string;
      /** False while the store's plan does not include it or the domain is failing its check. */
      active: boolean;
    };

export const PLATFORM_SITE: RequestSite = { kind: "platform" };
export const SITE_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type SiteResolver = {
  /** The platform's own names answer at once (no promise): a kept page's hit waits on nothing. */
  resolve: (hostname: string) => RequestSite | Promise<RequestSite>;
  /** Drops one name (after this instance changed it), or every name. */
  forget: (host?: string) => void;
};

export function createSiteResolver(options: {
  db: Executor;
  publicOrigin: string;
  ttlMs?: number;
}): SiteResolver {
  const { db, publicOrigin, ttlMs = SITE_CACHE_TTL_MS } = options;
  const platformHost = normaliseRequestHost(new URL(publicOrigin).hostname);
  const cache = new Map<string, { at: number; site: Promise<HostSite | null> }>();

  const lookUp = (host: string) => {
    const now = Date.now();
    const cached = cache.get(host);
    if (cached && now - cached.at < ttlMs) return cached.site;
    const site = findSiteByHost(db, host);
    // A failed look-up is not remembered: the next request asks again.
    site.catch(() => cache.get(host)?.site === site && cache.delete(host));
    cache.delete(host);
    cache.set(host, { at: now, site });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    return site;
  };

  return {
    resolve(hostname) {
      // Almost every request names the platform exactly as it is written: nothing to normalise.
      if (hostname === platformHost) return PLATFORM_SITE;
      const host = normaliseRequestHost(hostname);
      // Addresses and the machine's own names are never a store's domain: no look-up.
      if (host === platformHost || host === "localhost" || isIP(host) !== 0 || !host.includes(".")) {
        return PLATFORM_SITE;
      }
      return lookUp(host).then((site): RequestSite => {
        if (!site) return PLATFORM_SITE;
        return {
          kind: "store",
          host,
          origin: customOrigin(host, publicOrigin),
          storeId: site.storeId,
          storeName: site.storeName || site.storeId,
          active: isSiteActive(site),
        };
      });
    },
    forget(host) {
      if (host === undefined) cache.clear();
      else cache.delete(normaliseRequestHost(host));
    },
  };
}
