/**
 * Every entry point of Tianguis, declared once (docs/decisions/048): each address the server
 * answers, whoever answers it — a React Router route, or an Express layer of server/http.ts — with
 * its methods, who may call it, whether its answers are private, its body, whether the page cache
 * may keep it and what it answers. Everything that used to keep its own list reads this one:
 *
 * - `app/routes.ts` is made from the router entries (the route table);
 * - server/http.ts mounts its own entry points by name (`LAYERS`), and a test holds both ways;
 * - `requireAccess` (app/lib/entry-access.server.ts) guards a loader or action as its entry says;
 * - the private headers, the body limits and the streamed bodies (server/security.ts);
 * - which pages the page cache may keep (app/lib/page-cache/cacheable-page.ts, server/panel-cache.ts);
 * - the store ids no store may take (app/domain/stores/store-id.ts);
 * - the labels of request metrics (server/request-log.ts);
 * - the guard and role test matrices (tests/integration/guards.test.ts, team-roles.test.ts);
 * - the table in docs/ARCHITECTURE.md ("Every entry point").
 *
 * Plain data with no imports but types: `app/routes.ts` reads it while the build starts, and the
 * sign-up form reads the reserved store ids in the browser.
 */
import type { Capability } from "../domain/team/team-roles";

/**
 * Who may call an entry point:
 * - `public`: anyone;
 * - `signed-out`: anyone not signed in (a signed-in account is sent to its panel);
 * - `link`: whoever holds the link — a secret token or an order's number in the address, checked by
 *   the route itself;
 * - `signed-in`: any signed-in account, for its own data;
 * - `member`: a store's owner or a member whose role has `capability` (app/domain/team/team-roles.ts);
 *   anyone else is answered "not found", as for another store's data. `withoutStore: "page"`: a
 *   signed-in account without a store gets the page that says so instead;
 * - `super-admin`: the platform's operator;
 * - `metrics-allow`: the addresses METRICS_ALLOW lists (the socket's own address, not a header).
 */
export type Access =
  | { readonly who: "public" }
  | { readonly who: "signed-out" }
  | { readonly who: "link" }
  | { readonly who: "signed-in" }
  | { readonly who: "member"; readonly capability: Capability; readonly withoutStore?: "page" }
  | { readonly who: "super-admin" }
  | { readonly who: "metrics-allow" };

/**
 * A POST's body: read by the body-limit layer up to `limit` bytes (a form or JSON), or `streamed`
 * to the route, which reads it under the same cap itself (an image, a catalogue with its photos).
 */
export type Body = { readonly limit: number; readonly streamed?: true };

/**
 * Who answers: a route module of the router (`file`, relative to app/), an Express layer of
 * server/http.ts, or React Router's own handler (its route discovery).
 */
export type AnsweredBy =
  { readonly router: string } | { readonly express: true } | { readonly reactRouter: "route-discovery" };

export type EntryPoint = {
  /** The entry's name: the route's id in the router, a layer's in server/http.ts, a fixture's key in the tests. */
  readonly name: string;
  /** As the router writes it: `/s/:storeId/api`; a trailing `/*` takes the rest of the path. */
  readonly path: string;
  readonly methods: readonly ("GET" | "POST")[];
  readonly access: Access;
  /** What a successful answer is: a page, JSON for a script, a file, an event stream, plain text. */
  readonly answers: "page" | "json" | "file" | "events" | "text";
  /** `Cache-Control: private, no-store` on every answer, its `.data` requests included. */
  readonly private: boolean;
  /**
   * Whether the page cache keeps it: `public`, the anonymous page for everyone (docs/decisions/021);
   * `per-session`, the pending-orders tab per session (docs/decisions/037).
   */
  readonly pageCache?: "public" | "per-session";
  /** The body of its POST; every entry with a POST has one. */
  readonly body?: Body;
  readonly by: AnsweredBy;
};

const KB = 1024;
const MB = 1024 * KB;
/** A form of the panel, the Cuenta area or a public page. */
const FORM = { limit: 32 * KB } as const;
/** The storefront's JSON API: an order, a look-up, a beacon. */
const JSON_BODY = { limit: 64 * KB } as const;

const PUBLIC = { who: "public" } as const;
const SIGNED_OUT = { who: "signed-out" } as const;
const LINK = { who: "link" } as const;
const SIGNED_IN = { who: "signed-in" } as const;
const SUPER_ADMIN = { who: "super-admin" } as const;
const member = <C extends Capability>(capability: C) => ({ who: "member", capability }) as const;
const EXPRESS = { express: true } as const;
const router = <F extends string>(file: F) => ({ router: file }) as const;

export const ENTRY_POINTS = [
  // The public pages, kept rendered for anonymous visitors.
  {
    name: "landing",
    path: "/",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    pageCache: "public",
    by: router("routes/home.tsx"),
  },
  {
    name: "city",
    path: "/c/:city",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    pageCache: "public",
    by: router("routes/city.tsx"),
  },
  {
    name: "storefront",
    path: "/:storeId",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    pageCache: "public",
    by: router("routes/storefront.tsx"),
  },
  {
    name: "storefront-s",
    path: "/s/:storeId",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    pageCache: "public",
    by: router("routes/storefront.tsx"),
  },
  {
    name: "storefront-product",
    path: "/:storeId/p/:productId",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    pageCache: "public",
    by: router("routes/storefront.tsx"),
  },
  {
    name: "storefront-s-product",
    path: "/s/:storeId/p/:productId",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    pageCache: "public",
    by: router("routes/storefront.tsx"),
  },
  {
    name: "storefront-api",
    path: "/s/:storeId/api",
    methods: ["POST"],
    access: PUBLIC,
    answers: "json",
    private: false,
    body: JSON_BODY,
    by: EXPRESS,
  },
  {
    name: "order-tracking",
    path: "/s/:storeId/pedido/:number",
    methods: ["GET", "POST"],
    access: LINK,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/order-tracking.tsx"),
  },
  {
    name: "order-tracking-stream",
    path: "/s/:storeId/pedido/:number/stream",
    methods: ["GET"],
    access: LINK,
    answers: "events",
    private: true,
    by: router("routes/order-tracking-stream.ts"),
  },
  {
    name: "store-closed",
    path: "/i/tienda-cerrada",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    by: router("routes/store-closed.tsx"),
  },
  {
    name: "restock-cancel",
    path: "/i/avisame/baja/:token",
    methods: ["GET", "POST"],
    access: LINK,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/restock-cancel.tsx"),
  },

  // Accounts: signing in and out, links sent by e-mail.
  {
    name: "login",
    path: "/i/login",
    methods: ["GET", "POST"],
    access: SIGNED_OUT,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/login.tsx"),
  },
  {
    name: "signup",
    path: "/i/signup",
    methods: ["GET", "POST"],
    access: SIGNED_OUT,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/signup.tsx"),
  },
  {
    name: "logout",
    path: "/i/logout",
    methods: ["GET", "POST"],
    access: PUBLIC,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/logout.tsx"),
  },
  {
    name: "forgot-password",
    path: "/i/olvide-contrasena",
    methods: ["GET", "POST"],
    access: SIGNED_OUT,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/forgot-password.tsx"),
  },
  {
    name: "reset-password",
    path: "/i/restablecer/:token",
    methods: ["GET", "POST"],
    access: LINK,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/reset-password.tsx"),
  },
  {
    name: "claim",
    path: "/i/reclamar/:token",
    methods: ["GET", "POST"],
    access: LINK,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/claim.tsx"),
  },
  {
    name: "invitation",
    path: "/i/invitacion/:token",
    methods: ["GET", "POST"],
    access: LINK,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/invitation.tsx"),
  },

  // The Cuenta area: every signed-in account's own.
  {
    name: "account",
    path: "/i/cuenta",
    methods: ["GET"],
    access: SIGNED_IN,
    answers: "page",
    private: true,
    by: router("routes/account.tsx"),
  },
  {
    name: "account-password",
    path: "/i/cuenta/contrasena",
    methods: ["POST"],
    access: SIGNED_IN,
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/account/password.ts"),
  },
  {
    name: "account-email",
    path: "/i/cuenta/correo",
    methods: ["POST"],
    access: SIGNED_IN,
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/account/email.ts"),
  },
  {
    name: "account-email-confirm",
    path: "/i/cuenta/correo/:token",
    methods: ["GET", "POST"],
    access: LINK,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/account/confirm-email.tsx"),
  },
  {
    name: "account-sessions",
    path: "/i/cuenta/sesiones",
    methods: ["POST"],
    access: SIGNED_IN,
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/account/sessions.ts"),
  },
  {
    name: "account-export",
    path: "/i/cuenta/exportar",
    methods: ["GET", "POST"],
    access: member("export"),
    answers: "file",
    private: true,
    body: FORM,
    by: router("routes/account/export.ts"),
  },
  {
    name: "account-close-store",
    path: "/i/cuenta/cerrar-tienda",
    methods: ["POST"],
    access: member("close"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/account/close-store.ts"),
  },

  // The store's panel: its page, and each tab's writes (docs/decisions/033).
  {
    name: "admin",
    path: "/i/admin",
    methods: ["GET"],
    // Every role has "orders"; each tab then asks for its own capability (app/domain/team/admin-tabs.ts).
    access: { who: "member", capability: "orders", withoutStore: "page" },
    answers: "page",
    private: true,
    pageCache: "per-session",
    by: router("routes/admin.tsx"),
  },
  {
    name: "admin-settings",
    path: "/i/admin/settings",
    methods: ["POST"],
    access: member("settings"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/settings.ts"),
  },
  {
    name: "admin-advanced-settings",
    path: "/i/admin/advanced-settings",
    methods: ["POST"],
    access: member("categories"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/advanced-settings.ts"),
  },
  {
    name: "admin-products",
    path: "/i/admin/products",
    methods: ["POST"],
    access: member("products"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/products.ts"),
  },
  {
    name: "admin-products-import",
    path: "/i/admin/products/import",
    methods: ["POST"],
    access: member("products"),
    answers: "json",
    private: true,
    // The sheet (5 MB), the ZIP of photos (50 MB) and the multipart boundaries around them.
    body: { limit: 55 * MB + 64 * KB, streamed: true },
    by: router("routes/admin/products-import.ts"),
  },
  {
    name: "admin-products-bulk",
    path: "/i/admin/products/bulk",
    methods: ["POST"],
    access: member("products"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/products-bulk.ts"),
  },
  {
    name: "products-export-csv",
    path: "/i/admin/productos.csv",
    methods: ["GET"],
    access: member("products"),
    answers: "file",
    private: true,
    by: router("routes/admin/products-export.ts"),
  },
  {
    name: "products-export-xlsx",
    path: "/i/admin/productos.xlsx",
    methods: ["GET"],
    access: member("products"),
    answers: "file",
    private: true,
    by: router("routes/admin/products-export.ts"),
  },
  {
    name: "admin-upload",
    path: "/i/admin/upload",
    methods: ["POST"],
    access: member("products"),
    answers: "json",
    private: true,
    // One image (10 MB) and the multipart boundaries and `kind` field around it.
    body: { limit: 10 * MB + 16 * KB, streamed: true },
    by: router("routes/image-upload.ts"),
  },
  {
    name: "admin-promotions",
    path: "/i/admin/promotions",
    methods: ["POST"],
    access: member("products"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/promotions.ts"),
  },
  {
    name: "admin-orders",
    path: "/i/admin/orders",
    methods: ["POST"],
    access: member("orders"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/orders.ts"),
  },
  {
    name: "admin-order-invoice",
    path: "/i/admin/orders/factura",
    methods: ["POST"],
    access: member("orders"),
    answers: "json",
    private: true,
    // An invoice's PDF (2 MB) and XML (512 KB), the order's number and the multipart boundaries.
    body: { limit: 2 * MB + 512 * KB + 16 * KB, streamed: true },
    by: router("routes/admin/order-invoice.ts"),
  },
  {
    name: "admin-orders-stream",
    path: "/i/admin/orders/stream",
    methods: ["GET"],
    access: member("orders"),
    answers: "events",
    private: true,
    by: router("routes/admin/orders-stream.ts"),
  },
  {
    name: "admin-ticket",
    path: "/i/admin/pedidos/:orderNumber/ticket",
    methods: ["GET"],
    access: member("orders"),
    answers: "page",
    private: true,
    by: router("routes/admin/ticket.tsx"),
  },
  {
    name: "admin-order-settings",
    path: "/i/admin/order-settings",
    methods: ["POST"],
    access: member("payments"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/order-settings.ts"),
  },
  {
    // The store's Mercado Pago account: linked with its credentials, or unlinked (decision 052).
    name: "admin-payment-account",
    path: "/i/admin/mercadopago",
    methods: ["POST"],
    access: member("payments"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/payment-account.ts"),
  },
  {
    // "Vincular cuenta" by OAuth: off to Mercado Pago and back with its code (decision 052).
    name: "admin-mercadopago-oauth",
    path: "/i/admin/mercadopago/vincular",
    methods: ["GET"],
    access: member("payments"),
    answers: "page",
    private: true,
    by: router("routes/admin/payment-oauth.tsx"),
  },
  {
    name: "admin-shop-rules",
    path: "/i/admin/shop-rules",
    methods: ["POST"],
    access: member("hours"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/shop-rules.ts"),
  },
  {
    name: "admin-pause",
    path: "/i/admin/pause",
    methods: ["POST"],
    access: member("pause"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/pause.ts"),
  },
  {
    name: "admin-push",
    path: "/i/admin/push",
    methods: ["GET", "POST"],
    access: member("alarm"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/push.ts"),
  },
  {
    name: "admin-order-email",
    path: "/i/admin/order-email",
    methods: ["POST"],
    access: member("notifications"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/order-email.ts"),
  },
  {
    name: "admin-trial",
    path: "/i/admin/trial",
    methods: ["POST"],
    access: member("plan"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/trial.ts"),
  },
  {
    name: "admin-custom-domain",
    path: "/i/admin/custom-domain",
    methods: ["POST"],
    access: member("domain"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/custom-domain.ts"),
  },
  {
    name: "admin-team",
    path: "/i/admin/team",
    methods: ["POST"],
    access: member("members"),
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/admin/team.ts"),
  },
  {
    name: "admin-share-qr",
    path: "/i/admin/share/qr.png",
    methods: ["GET"],
    access: member("settings"),
    answers: "file",
    private: true,
    by: router("routes/share/share-qr.ts"),
  },
  {
    name: "admin-share-poster",
    path: "/i/admin/share/poster.pdf",
    methods: ["GET"],
    access: member("settings"),
    answers: "file",
    private: true,
    by: router("routes/share/share-poster.ts"),
  },

  // The platform's operator.
  {
    name: "super-admin",
    path: "/i/super-admin",
    methods: ["GET", "POST"],
    access: SUPER_ADMIN,
    answers: "page",
    private: true,
    body: FORM,
    by: router("routes/super-admin.tsx"),
  },
  {
    name: "super-admin-actions",
    path: "/i/super-admin/actions",
    methods: ["POST"],
    access: SUPER_ADMIN,
    answers: "json",
    private: true,
    body: FORM,
    by: router("routes/super-admin-actions.ts"),
  },

  // Link previews and search engines.
  {
    name: "robots",
    path: "/robots.txt",
    methods: ["GET"],
    access: PUBLIC,
    answers: "text",
    private: false,
    by: router("routes/share/robots.ts"),
  },
  {
    name: "sitemap",
    path: "/sitemap.xml",
    methods: ["GET"],
    access: PUBLIC,
    answers: "text",
    private: false,
    by: router("routes/share/sitemap.ts"),
  },
  {
    name: "sitemap-page",
    path: "/sitemaps/:file",
    methods: ["GET"],
    access: PUBLIC,
    answers: "text",
    private: false,
    by: router("routes/share/sitemap.ts"),
  },
  {
    name: "og-tianguis",
    path: "/i/og/tianguis/:file",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: router("routes/share/og-image.ts"),
  },
  {
    name: "og-city",
    path: "/i/og/ciudad/:cityId/:file",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: router("routes/share/og-image.ts"),
  },
  {
    name: "og-store",
    path: "/i/og/tienda/:storeId/:file",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: router("routes/share/og-image.ts"),
  },
  {
    name: "og-product",
    path: "/i/og/producto/:storeId/:productId/:file",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: router("routes/share/og-image.ts"),
  },

  // The server's own: health, metrics, Caddy, images, files of the build, CSP reports.
  {
    name: "healthz",
    path: "/healthz",
    methods: ["GET"],
    access: PUBLIC,
    answers: "text",
    private: false,
    by: EXPRESS,
  },
  {
    name: "readyz",
    path: "/readyz",
    methods: ["GET"],
    access: PUBLIC,
    answers: "json",
    private: false,
    by: EXPRESS,
  },
  {
    name: "metrics",
    path: "/metrics",
    methods: ["GET"],
    access: { who: "metrics-allow" },
    answers: "text",
    private: false,
    by: EXPRESS,
  },
  {
    name: "caddy-ask",
    path: "/i/caddy/ask",
    methods: ["GET"],
    access: PUBLIC,
    answers: "text",
    private: false,
    by: EXPRESS,
  },
  {
    name: "media",
    path: "/media/*",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "assets",
    path: "/assets/*",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "favicon",
    path: "/favicon.svg",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "web-app-manifest",
    path: "/manifest.webmanifest",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "service-worker",
    path: "/sw.js",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "offline-page",
    path: "/offline.html",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "icons",
    path: "/icons/*",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    name: "sounds",
    path: "/sounds/*",
    methods: ["GET"],
    access: PUBLIC,
    answers: "file",
    private: false,
    by: EXPRESS,
  },
  {
    // Mercado Pago's notifications of a store's payments, signed with its webhook secret (decision 052).
    name: "mercadopago-webhook",
    path: "/i/pagos/mercadopago/:storeId",
    methods: ["POST"],
    access: PUBLIC,
    answers: "json",
    private: false,
    body: { limit: 16 * KB },
    by: EXPRESS,
  },
  {
    name: "csp-report",
    path: "/i/csp-report",
    methods: ["POST"],
    access: PUBLIC,
    answers: "text",
    private: false,
    body: { limit: 16 * KB },
    by: EXPRESS,
  },
  {
    name: "route-discovery",
    path: "/__manifest",
    methods: ["GET"],
    access: PUBLIC,
    answers: "json",
    private: false,
    by: { reactRouter: "route-discovery" },
  },

  // Anything else: the 404 page.
  {
    name: "not-found",
    path: "/*",
    methods: ["GET"],
    access: PUBLIC,
    answers: "page",
    private: false,
    by: router("routes/not-found.tsx"),
  },
] as const satisfies readonly EntryPoint[];

type Declared = (typeof ENTRY_POINTS)[number];
export type EntryName = Declared["name"];
export type EntryNamed<N extends EntryName> = Extract<Declared, { name: N }>;
/** The entries a route guards by name with `requireAccess`. */
export type GuardedEntryName = Extract<
  Declared,
  { access: { who: "member" | "signed-in" | "super-admin" | "signed-out" } }
>["name"];
/** The entries an Express layer of server/http.ts answers. */
export type ExpressEntryName = Extract<Declared, { by: { express: true } }>["name"];

/** The entries as the shape every one of them has, for code that goes through them all. */
export const ALL_ENTRY_POINTS: readonly EntryPoint[] = ENTRY_POINTS;

const BY_NAME = new Map<string, EntryPoint>(ALL_ENTRY_POINTS.map((entry) => [entry.name, entry]));

export function entryPoint<N extends EntryName>(name: N): EntryNamed<N> {
  return BY_NAME.get(name) as EntryNamed<N>;
}

export const isRouterEntry = (entry: EntryPoint): entry is EntryPoint & { by: { router: string } } =>
  "router" in entry.by;
export const isExpressEntry = (entry: EntryPoint) => "express" in entry.by;

/**
 * The router's route table, as `app/routes.ts` gives it to React Router: each route's path
 * without its leading slash (`/` is the index route, `/*` the catch-all), its module and its id.
 */
export function routeTable(): { id: string; path: string | null; file: string }[] {
  return ALL_ENTRY_POINTS.filter(isRouterEntry).map((entry) => ({
    id: entry.name,
    path: entry.path === "/" ? null : entry.path.slice(1),
    file: entry.by.router,
  }));
}

type Compiled = { entry: EntryPoint; segments: string[]; splat: boolean; score: number };

/** Ranked as the router ranks routes: a fixed segment above a parameter, a splat last. */
function compile(entry: EntryPoint): Compiled {
  const segments = entry.path.split("/").filter(Boolean);
  const splat = segments.at(-1) === "*";
  if (splat) segments.pop();
  const score = segments.reduce((sum, segment) => sum + (segment.startsWith(":") ? 3 : 10), splat ? 1 : 2);
  return { entry, segments, splat, score };
}

const COMPILED = ALL_ENTRY_POINTS.map(compile).sort((a, b) => b.score - a.score);

function matches(route: Compiled, parts: string[]): boolean {
  if (route.splat ? parts.length < route.segments.length : parts.length !== route.segments.length)
    return false;
  return route.segments.every(
    (segment, index) => segment.startsWith(":") || segment.toLowerCase() === parts[index]!.toLowerCase(),
  );
}

/**
 * The entry point a request path names, as the router would pick it; React Router's data request
 * for a page (`/i/admin.data`, `/_root.data`) names that page. Only entries answering `method`
 * when it is given (a POST to a page without an action names no entry).
 */
export function entryFor(pathname: string, method?: string): EntryPoint | undefined {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const parts = page.split("/").filter(Boolean);
  const wanted = method === "HEAD" ? "GET" : method;
  return COMPILED.find(
    (route) =>
      matches(route, parts) &&
      (wanted === undefined || (route.entry.methods as readonly string[]).includes(wanted)),
  )?.entry;
}

/** Whether every answer to this path is private (`Cache-Control: private, no-store`). */
export function isPrivatePath(pathname: string): boolean {
  return entryFor(pathname)?.private ?? false;
}

/**
 * The first segment of every address an entry point of ours answers, without its extension
 * (`robots.txt` → `robots`): a store whose id were one of these would hide the page, or be hidden.
 */
export function ownFirstSegments(): string[] {
  const segments = ALL_ENTRY_POINTS.map((entry) => entry.path.split("/")[1]!)
    .filter((segment) => segment !== "" && segment !== "*" && !segment.startsWith(":"))
    .map((segment) => segment.replace(/\.[a-z]+$/, ""));
  return [...new Set(segments)];
}
