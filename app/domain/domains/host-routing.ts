/**
 * What a store's own domain answers (docs/decisions/018): its storefront at `/`, its product pages at
 * `/p/<id>`, and what those pages need — the storefront API, the tracking page, images, the
 * build's assets, its link-preview cards. Nothing else of the platform exists there: no admin, no
 * login, no directory. Pure, so the rule reads in one place and is tested exhaustively.
 */
export type CustomHostRoute =
  /** A storefront page, rendered by the platform route at this path. */
  | { kind: "store-page"; path: string }
  /** The store's platform-style address on its own domain: to the same page at its short address. */
  | { kind: "redirect"; location: string }
  /** Served as on the platform (API, tracking, images, assets, cards). */
  | { kind: "pass" }
  /** The store does not serve here now (plan lapsed, domain failing): the explanation page. */
  | { kind: "unavailable" }
  | { kind: "not-found" };

const PRODUCT_PAGE = /^\/p\/([^/]+)\/?$/;
/** Files of the build every page loads (hashed assets) and the icon. */
const STATIC = /^\/(assets\/.+|favicon\.svg)$/;

export function routeOnCustomHost(pathname: string, storeId: string, active: boolean): CustomHostRoute {
  const own = (pattern: string) => new RegExp(`^/(?:s/)?${storeId}${pattern}$`);
  const storePage = pathname === "/" ? "" : PRODUCT_PAGE.exec(pathname) ? pathname : null;
  const platformAddress = own("/?").test(pathname) ? "/" : (own("/p/([^/]+)/?").exec(pathname)?.[1] ?? null);
  if (!active) {
    return storePage !== null || platformAddress !== null ? { kind: "unavailable" } : { kind: "not-found" };
  }
  if (storePage !== null) return { kind: "store-page", path: `/${storeId}${storePage.replace(/\/$/, "")}` };
  if (platformAddress !== null) {
    return { kind: "redirect", location: platformAddress === "/" ? "/" : `/p/${platformAddress}` };
  }
  const servable =
    STATIC.test(pathname) ||
    pathname.startsWith("/media/") ||
    pathname === `/s/${storeId}/api` ||
    new RegExp(`^/s/${storeId}/pedido/[^/]+(\\.data|/stream)?$`).test(pathname) ||
    new RegExp(`^/i/og/(tienda|producto)/${storeId}/`).test(pathname) ||
    // React Router's route discovery, asked by the router-hydrated tracking page.
    pathname === "/__manifest" ||
    pathname === "/robots.txt" ||
    pathname === "/sitemap.xml" ||
    pathname === "/i/csp-report";
  return servable ? { kind: "pass" } : { kind: "not-found" };
}
