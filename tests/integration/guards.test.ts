/**
 * Issue 9: every loader and action of the admin and super-admin panels, in one table, asked by
 * an anonymous visitor, another store's owner and the super-admin, as a page (document) request
 * and as a script's JSON request, through the real HTTP server. Each answers in the caller's
 * language: a redirect to the login page or a Spanish 403/404 page for a page, a status and
 * `{ ok: false, message }` for JSON — and owner A's data never changes.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { orders, products, storeSettings } from "~/db/schema";
import { GUARD_MESSAGES, NO_PERMISSION_MESSAGE } from "~/domain/auth/roles";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);

type Caller = "anonymous" | "otherOwner" | "superadmin";
type Kind = "document" | "json";
type Endpoint = {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The form a forged post carries: aimed at owner A's product, order and store. */
  form?: () => Record<string, string>;
  /**
   * Which callers may use it: their answer is not a refusal, and acts on their own store only
   * (another owner's settings post saves their own settings, never A's).
   */
  allowed: Caller[];
  /** What a refused signed-in caller gets: not found (another store's data) or forbidden. */
  refusal: 404 | 403;
  /** A page route's data request (React Router's single fetch) goes to its `.data` URL. */
  dataPath?: string;
  /** The other owner's forged post is refused by the domain ("not found"), not by a guard. */
  domainRefusal?: boolean;
};

const victim = { storeId: "", productId: "", orderId: "" };

const ENDPOINTS: Endpoint[] = [
  {
    name: "admin page",
    method: "GET",
    path: "/i/admin?tab=productos",
    dataPath: "/i/admin.data?tab=productos",
    allowed: ["otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "order stream",
    method: "GET",
    path: "/i/admin/orders/stream",
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "settings",
    method: "POST",
    path: "/i/admin/settings",
    form: () => ({ displayName: "Forjada", cityId: "aguascalientes", allowPickup: "on" }),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "advanced settings",
    method: "POST",
    path: "/i/admin/advanced-settings",
    form: () => ({ categories: "Forjada" }),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "product availability",
    method: "POST",
    path: "/i/admin/products",
    form: () => ({ intent: "set-availability", productId: victim.productId, available: "false" }),
    allowed: [],
    refusal: 404,
    domainRefusal: true,
  },
  {
    name: "product delete",
    method: "POST",
    path: "/i/admin/products",
    form: () => ({ intent: "delete", productId: victim.productId }),
    allowed: [],
    refusal: 404,
    domainRefusal: true,
  },
  {
    name: "order completion",
    method: "POST",
    path: "/i/admin/orders",
    form: () => ({ intent: "complete", orderId: victim.orderId }),
    allowed: [],
    refusal: 404,
    domainRefusal: true,
  },
  {
    name: "trial",
    method: "POST",
    path: "/i/admin/trial",
    form: () => ({}),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "own domain",
    method: "POST",
    path: "/i/admin/custom-domain",
    form: () => ({ intent: "remove" }),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "upload",
    method: "POST",
    path: "/i/admin/upload",
    form: () => ({ kind: "product-images" }),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  // Issue 15: the Cuenta area is every signed-in user's own; its store parts are the owner's.
  {
    name: "account page",
    method: "GET",
    path: "/i/cuenta",
    dataPath: "/i/cuenta.data",
    allowed: ["otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "account password",
    method: "POST",
    path: "/i/cuenta/contrasena",
    form: () => ({ currentPassword: "no-es-la-suya", newPassword: "una-clave-forjada-1" }),
    allowed: ["otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "data export",
    method: "GET",
    path: "/i/cuenta/exportar",
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "close store",
    method: "POST",
    path: "/i/cuenta/cerrar-tienda",
    // Another owner's post closes nothing: their own store's id was not typed.
    form: () => ({ confirmStoreId: victim.storeId }),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "new-order e-mail",
    method: "POST",
    path: "/i/admin/order-email",
    form: () => ({ enabled: "true" }),
    allowed: ["otherOwner"],
    refusal: 404,
  },
  {
    name: "super-admin page",
    method: "GET",
    path: "/i/super-admin",
    dataPath: "/i/super-admin.data",
    allowed: ["superadmin"],
    refusal: 403,
  },
  {
    name: "super-admin page action",
    method: "POST",
    path: "/i/super-admin",
    dataPath: "/i/super-admin.data",
    form: () => ({ intent: "set-visibility", storeId: victim.storeId, hidden: "true" }),
    allowed: ["superadmin"],
    refusal: 403,
  },
  {
    name: "super-admin JSON action",
    method: "POST",
    path: "/i/super-admin/actions",
    form: () => ({ intent: "set-visibility", storeId: victim.storeId, hidden: "true" }),
    allowed: ["superadmin"],
    refusal: 403,
  },
];

const cookies: Record<Caller, string | null> = { anonymous: null, otherOwner: null, superadmin: null };

beforeAll(async () => {
  const store = await createStore(db, { displayName: "Tienda de A" });
  const product = await createProduct(db, store.id, { available: true });
  const order = await createOrder(db, store.id, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
  });
  Object.assign(victim, { storeId: store.id, productId: product.id, orderId: order.id });
  // On the Negocio trial, so that its own advanced settings are allowed.
  const other = await createStore(db, { trialExpiration: new Date(Date.now() + 86_400_000) });
  const otherOwner = await createOwner(db, { storeId: other.id });
  const superadmin = await createOwner(db, { role: "superadmin" });
  cookies.otherOwner = await signIn(running.server.url, otherOwner.email, otherOwner.password);
  cookies.superadmin = await signIn(running.server.url, superadmin.email, superadmin.password);
});

function request(endpoint: Endpoint, caller: Caller, kind: Kind) {
  const singleFetch = kind === "json" && endpoint.dataPath !== undefined;
  const headers: Record<string, string> = {
    // React Router's own client asks for `.data` with no particular type; our scripts ask for JSON.
    Accept: singleFetch ? "*/*" : kind === "json" ? "application/json" : "text/html,application/xhtml+xml",
    Origin: running.server.url,
  };
  if (cookies[caller]) headers.cookie = cookies[caller]!;
  const body = endpoint.form ? new URLSearchParams(endpoint.form()) : undefined;
  const controller = new AbortController();
  const path = kind === "json" && endpoint.dataPath ? endpoint.dataPath : endpoint.path;
  return fetch(`${running.server.url}${path}`, {
    method: endpoint.method,
    headers,
    body,
    redirect: "manual",
    signal: controller.signal,
  }).then((response) => ({ response, stop: () => controller.abort() }));
}

async function victimState() {
  const [product] = await db.select().from(products).where(eq(products.id, victim.productId));
  const [order] = await db.select().from(orders).where(eq(orders.id, victim.orderId));
  const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, victim.storeId));
  return { product, order, settings };
}

const cases = ENDPOINTS.flatMap((endpoint) =>
  (["anonymous", "otherOwner", "superadmin"] as const).flatMap((caller) =>
    (["document", "json"] as const).map((kind) => ({ endpoint, caller, kind })),
  ),
);

describe("the guards of every admin and super-admin loader and action", () => {
  it.each(cases.map((c) => [c.endpoint.name, c.caller, c.kind, c] as const))(
    "%s, asked by %s as %s",
    async (_name, _caller, _kind, { endpoint, caller, kind }) => {
      const before = await victimState();
      const { response, stop } = await request(endpoint, caller, kind);
      const singleFetch = kind === "json" && endpoint.dataPath !== undefined;
      try {
        if (singleFetch) {
          // The router's client follows the redirect or renders the page's 403/404 boundary.
          if (caller === "anonymous") {
            expect(response.status).toBe(202);
            expect(await response.text()).toContain('"redirect","/i/login"');
          } else if (endpoint.allowed.includes(caller)) {
            expect(response.status).toBe(200);
          } else {
            expect(response.status).toBe(endpoint.refusal);
          }
        } else if (caller === "anonymous") {
          if (kind === "document") {
            expect(response.status).toBe(302);
            expect(response.headers.get("location")).toBe("/i/login");
          } else {
            expect(response.status).toBe(401);
            expect(await response.json()).toEqual({ ok: false, message: GUARD_MESSAGES.signInRequired });
          }
        } else if (endpoint.allowed.includes(caller)) {
          expect([401, 403, 404]).not.toContain(response.status);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(endpoint.refusal);
          const expected = endpoint.refusal === 403 ? NO_PERMISSION_MESSAGE : undefined;
          if (kind === "json") {
            const body = (await response.json()) as { ok: boolean; message: string };
            expect(body.ok).toBe(false);
            if (expected) expect(body.message).toBe(expected);
          } else if (!(endpoint.domainRefusal && caller === "otherOwner")) {
            // The guard's Spanish page. (A forged post that passes the guards and is refused by
            // the domain answers its JSON 404 to every caller: that endpoint only serves scripts.)
            expect(response.headers.get("content-type")).toMatch(/text\/html/);
            const html = await response.text();
            expect(html).toContain(endpoint.refusal === 403 ? "No tienes permiso" : "No encontramos");
          }
        }
      } finally {
        stop();
      }
      expect(await victimState()).toEqual(before);
    },
  );
});
