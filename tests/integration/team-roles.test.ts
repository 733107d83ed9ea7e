/**
 * The team's role matrix (docs/decisions/033): every admin loader and action, asked through the
 * real HTTP server by store A's owner, its encargado, its cajero, an encargado of another store, a
 * member A removed (their session still open) and an anonymous visitor. An allowed cell succeeds on
 * store A; every other cell is refused as another store's data is ("not found", or the login for
 * an anonymous visitor) and changes no row: the tables' row counts and A's rows are compared. The
 * other store's member acts on their own store only: whatever they send, none of A's rows changes.
 * A removed member is an account without a store: the panel's page tells them to select one.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import {
  authUser,
  discountCodes,
  orderEvents,
  orders,
  products,
  storeInvitations,
  storeMembers,
  storeOwners,
  stores,
  storeSettings,
} from "~/db/schema";
import { GUARD_MESSAGES } from "~/domain/auth/roles";
import { createTestDatabase } from "../support/database";
import { rowCounts } from "../support/row-counts";
import { signIn, useServerProcess } from "../support/http-server";
import { photoLikeJpeg } from "../support/photo";
import { VALID_HOURS_FORM, VALID_SETTINGS_FORM } from "../support/admin-forms";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });

const CALLERS = ["owner", "encargado", "cajero", "otherMember", "removedMember", "anonymous"] as const;
type Caller = (typeof CALLERS)[number];
type Target = {
  storeId: string;
  productId: string;
  orderId: string;
  /** A member and a pending invitation of the store, for the team's own actions. */
  memberId: string;
  invitationId: number;
  /** The password of the owner who asks (the hand-over asks for it). */
  password: string;
};
type Endpoint = {
  name: string;
  method: "GET" | "POST";
  /** The address, or how it names the request's target (an order's own page). */
  path: string | ((target: Target) => string);
  /** A page is asked for as a browser asks; the rest as our panel's scripts ask (JSON). */
  page?: boolean;
  form?: (target: Target) => Record<string, string>;
  multipart?: () => FormData;
  allowed: Caller[];
  /** The owner's request would close the store, start its trial or hand it over: it runs on a store of its own. */
  ownStore?: boolean;
};

const photo = await photoLikeJpeg(900, 700);
const STAFF: Caller[] = ["owner", "encargado", "cajero"];
const MANAGERS: Caller[] = ["owner", "encargado"];
const OWNER: Caller[] = ["owner"];

const ENDPOINTS: Endpoint[] = [
  {
    name: "panel: pending orders",
    method: "GET",
    path: "/i/admin?tab=ordenes_pendientes",
    page: true,
    allowed: STAFF,
  },
  {
    name: "panel: history",
    method: "GET",
    path: "/i/admin?tab=ordenes_completadas",
    page: true,
    allowed: STAFF,
  },
  { name: "panel: products", method: "GET", path: "/i/admin?tab=productos", page: true, allowed: MANAGERS },
  { name: "panel: hours", method: "GET", path: "/i/admin?tab=configuracion", page: true, allowed: MANAGERS },
  {
    name: "panel: categories",
    method: "GET",
    path: "/i/admin?tab=configuracion_avanzada",
    page: true,
    allowed: MANAGERS,
  },
  {
    name: "panel: promotions",
    method: "GET",
    path: "/i/admin?tab=promociones",
    page: true,
    allowed: MANAGERS,
  },
  { name: "panel: resumen", method: "GET", path: "/i/admin?tab=resumen", page: true, allowed: OWNER },
  {
    name: "panel: team",
    method: "GET",
    path: "/i/admin?tab=equipo",
    page: true,
    allowed: OWNER,
  },
  {
    name: "panel: notifications",
    method: "GET",
    path: "/i/admin?tab=notificaciones",
    page: true,
    allowed: STAFF,
  },
  { name: "order stream", method: "GET", path: "/i/admin/orders/stream", allowed: STAFF },
  {
    name: "kitchen ticket",
    method: "GET",
    path: (t) => `/i/admin/pedidos/${t.orderId}/ticket?papel=58`,
    page: true,
    allowed: STAFF,
  },
  {
    name: "order step",
    method: "POST",
    path: "/i/admin/orders",
    form: (t) => ({ intent: "step", orderId: t.orderId, step: "accepted" }),
    allowed: STAFF,
  },
  {
    name: "order paid",
    method: "POST",
    path: "/i/admin/orders",
    form: (t) => ({ intent: "paid", orderId: t.orderId }),
    allowed: STAFF,
  },
  {
    name: "order completion",
    method: "POST",
    path: "/i/admin/orders",
    form: (t) => ({ intent: "complete", orderId: t.orderId }),
    allowed: STAFF,
  },
  {
    name: "order cancel",
    method: "POST",
    path: "/i/admin/orders",
    form: (t) => ({ intent: "cancel", orderId: t.orderId, reason: "Sin existencias" }),
    allowed: STAFF,
  },
  {
    name: "product create",
    method: "POST",
    path: "/i/admin/products",
    form: () => ({ intent: "create", name: "Concha", description: "Pan", price: "10", unit: "pieza" }),
    allowed: MANAGERS,
  },
  {
    name: "product availability",
    method: "POST",
    path: "/i/admin/products",
    form: (t) => ({ intent: "set-availability", productId: t.productId, available: "false" }),
    allowed: MANAGERS,
  },
  {
    name: "product delete",
    method: "POST",
    path: "/i/admin/products",
    form: (t) => ({ intent: "delete", productId: t.productId }),
    allowed: MANAGERS,
  },
  {
    name: "upload",
    method: "POST",
    path: "/i/admin/upload",
    multipart: () => {
      const form = new FormData();
      form.set("kind", "product-images");
      form.set("file", new Blob([photo], { type: "image/jpeg" }), "foto.jpg");
      return form;
    },
    allowed: MANAGERS,
  },
  { name: "catalogue export (CSV)", method: "GET", path: "/i/admin/productos.csv", allowed: MANAGERS },
  { name: "catalogue export (XLSX)", method: "GET", path: "/i/admin/productos.xlsx", allowed: MANAGERS },
  {
    name: "catalogue import",
    method: "POST",
    path: "/i/admin/products/import",
    multipart: () => {
      const form = new FormData();
      form.set("intent", "apply");
      const name = `Importado ${randomBytes(4).toString("hex")}`;
      form.set("file", new Blob([`Nombre,Descripción,Precio\n${name},Pan,10\n`]), "productos.csv");
      return form;
    },
    allowed: MANAGERS,
  },
  {
    name: "bulk edit",
    method: "POST",
    path: "/i/admin/products/bulk",
    form: (t) => ({ productId: t.productId, change: "availability", available: "false" }),
    allowed: MANAGERS,
  },
  {
    name: "categories",
    method: "POST",
    path: "/i/admin/advanced-settings",
    form: () => ({ categories: "Panadería" }),
    allowed: MANAGERS,
  },
  {
    name: "promotion create",
    method: "POST",
    path: "/i/admin/promotions",
    form: () => ({
      intent: "create-offer",
      name: "Martes de conchas",
      kind: "percent",
      percent: "20",
      weekdays: "2",
    }),
    allowed: MANAGERS,
  },
  {
    name: "promotion pause",
    method: "POST",
    path: "/i/admin/promotions",
    // Each target's product has a discount code of the same id (freshTarget).
    form: (t) => ({ intent: "pause", kind: "code", id: t.productId }),
    allowed: MANAGERS,
  },
  {
    name: "opening hours",
    method: "POST",
    path: "/i/admin/shop-rules",
    form: () => VALID_HOURS_FORM,
    allowed: MANAGERS,
  },
  {
    name: "pause",
    method: "POST",
    path: "/i/admin/pause",
    form: () => ({ intent: "pause", message: "Volvemos pronto", minutes: "60" }),
    allowed: MANAGERS,
  },
  {
    name: "store settings",
    method: "POST",
    path: "/i/admin/settings",
    form: () => VALID_SETTINGS_FORM,
    allowed: OWNER,
  },
  {
    name: "payments",
    method: "POST",
    path: "/i/admin/order-settings",
    form: () => ({ intent: "payment", paymentMethods: "cash" }),
    allowed: OWNER,
  },
  { name: "trial", method: "POST", path: "/i/admin/trial", form: () => ({}), allowed: OWNER, ownStore: true },
  {
    name: "own domain",
    method: "POST",
    path: "/i/admin/custom-domain",
    form: () => ({ intent: "remove" }),
    allowed: OWNER,
  },
  {
    name: "team invitation",
    method: "POST",
    path: "/i/admin/team",
    form: () => ({
      intent: "invite",
      email: `nueva-${randomBytes(4).toString("hex")}@example.com`,
      role: "cajero",
    }),
    allowed: OWNER,
  },
  // The team's own actions, each aimed at a member or an invitation of its own.
  {
    name: "team: change a member's role",
    method: "POST",
    path: "/i/admin/team",
    form: (t) => ({ intent: "role", userId: t.memberId, role: "encargado" }),
    allowed: OWNER,
  },
  {
    name: "team: remove a member",
    method: "POST",
    path: "/i/admin/team",
    form: (t) => ({ intent: "remove", userId: t.memberId }),
    allowed: OWNER,
  },
  {
    name: "team: resend an invitation",
    method: "POST",
    path: "/i/admin/team",
    form: (t) => ({ intent: "resend", id: String(t.invitationId) }),
    allowed: OWNER,
  },
  {
    name: "team: revoke an invitation",
    method: "POST",
    path: "/i/admin/team",
    form: (t) => ({ intent: "revoke", id: String(t.invitationId) }),
    allowed: OWNER,
  },
  {
    name: "team: hand the store over",
    method: "POST",
    path: "/i/admin/team",
    form: (t) => ({ intent: "transfer", userId: t.memberId, currentPassword: t.password }),
    allowed: OWNER,
    ownStore: true,
  },
  { name: "push devices", method: "GET", path: "/i/admin/push", allowed: STAFF },
  {
    name: "new-order e-mail",
    method: "POST",
    path: "/i/admin/order-email",
    form: () => ({ enabled: "true" }),
    allowed: OWNER,
  },
  { name: "share poster", method: "GET", path: "/i/admin/share/poster.pdf", allowed: OWNER },
  { name: "data export", method: "GET", path: "/i/cuenta/exportar", allowed: OWNER },
  {
    name: "close store",
    method: "POST",
    path: "/i/cuenta/cerrar-tienda",
    form: (t) => ({ confirmStoreId: t.storeId }),
    allowed: OWNER,
    ownStore: true,
  },
];

const cookies: Partial<Record<Caller, string>> = {};
let storeA = "";
/** Store A's owner's password: a refused hand-over sends the right one, and is still refused. */
let ownerPassword = "";

beforeAll(async () => {
  // On Pro, so that categories are allowed and every product added fits.
  const store = await createStore(db, {
    displayName: "Tienda de A",
    licenceType: "premier",
    licenceExpires: new Date(Date.now() + 30 * 86_400_000),
  });
  storeA = store.id;
  const owner = await createOwner(db, { storeId: store.id });
  const encargado = await createMember(db, { storeId: store.id, role: "encargado", name: "Ana" });
  const cajero = await createMember(db, { storeId: store.id, role: "cajero", name: "Beto" });
  const removed = await createMember(db, { storeId: store.id, role: "encargado", name: "Ciro" });
  const other = await createStore(db, {
    licenceType: "premier",
    licenceExpires: new Date(Date.now() + 86_400_000),
  });
  const otherMember = await createMember(db, { storeId: other.id, role: "encargado" });
  ownerPassword = owner.password;
  const accounts = { owner, encargado, cajero, otherMember, removedMember: removed };
  for (const [caller, account] of Object.entries(accounts)) {
    cookies[caller as Caller] = await signIn(running.server.url, account.email, account.password);
  }
  // Removed after signing in: their session is still open, their membership is gone.
  await db.delete(storeMembers).where(eq(storeMembers.userId, removed.id));
});

/**
 * A product, a pending order and a discount code of store A (or of `storeId`) for one request to
 * aim at; for the team's own actions, a cajero and a pending invitation instead (the pending
 * orders' list and the plan's team size stay as the other cells expect).
 */
async function freshTarget(storeId = storeA, team = false, password = ownerPassword): Promise<Target> {
  const target = { storeId, productId: "", orderId: "", memberId: "", invitationId: 0, password };
  if (!team) {
    const product = await createProduct(db, storeId, { available: true });
    const order = await createOrder(db, storeId, {
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    await db.insert(discountCodes).values({
      storeId,
      id: product.id,
      code: `C${randomBytes(4).toString("hex")}`,
      kind: "percent",
      value: 5,
    });
    return { ...target, productId: product.id, orderId: order.id };
  }
  const member = await createMember(db, { storeId, role: "cajero", name: "Dora" });
  const [invitation] = await db
    .insert(storeInvitations)
    .values({
      tokenHash: randomBytes(24).toString("base64url"),
      storeId,
      email: `pendiente-${randomBytes(4).toString("hex")}@example.com`,
      role: "cajero",
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: storeInvitations.id });
  return { ...target, memberId: member.id, invitationId: invitation!.id };
}

let requests = 0;
async function ask(endpoint: Endpoint, target: Target, cookie: string | undefined) {
  requests += 1;
  const headers: Record<string, string> = {
    Accept: endpoint.page ? "text/html,application/xhtml+xml" : "application/json",
    Origin: running.server.url,
    "X-Forwarded-For": `10.8.${requests >> 8}.${requests & 255}`,
  };
  if (cookie) headers.cookie = cookie;
  const body = endpoint.multipart
    ? endpoint.multipart()
    : endpoint.form
      ? new URLSearchParams(endpoint.form(target))
      : undefined;
  const controller = new AbortController();
  const path = typeof endpoint.path === "function" ? endpoint.path(target) : endpoint.path;
  const response = await fetch(`${running.server.url}${path}`, {
    method: endpoint.method,
    headers,
    body,
    redirect: "manual",
    signal: controller.signal,
  });
  return { response, stop: () => controller.abort() };
}

/** Store A's rows a refused request aims at. */
async function stateOf(target: Target) {
  const [product] = await db.select().from(products).where(eq(products.id, target.productId));
  const [order] = await db.select().from(orders).where(eq(orders.id, target.orderId));
  const [store] = await db.select().from(stores).where(eq(stores.id, target.storeId));
  const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, target.storeId));
  const owners = await db.select().from(storeOwners).where(eq(storeOwners.storeId, target.storeId));
  const members = await db
    .select()
    .from(storeMembers)
    .where(eq(storeMembers.storeId, target.storeId))
    .orderBy(storeMembers.userId);
  const invitations = await db
    .select()
    .from(storeInvitations)
    .where(eq(storeInvitations.storeId, target.storeId))
    .orderBy(storeInvitations.id);
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, target.productId));
  return { product, order, store, settings, code, owners, members, invitations };
}

const cases = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.map((caller) => [endpoint.name, caller, endpoint] as const),
);

describe("the team's role matrix over every admin loader and action", () => {
  it.each(cases)("%s, asked by %s", async (_name, caller, endpoint) => {
    const allowed = endpoint.allowed.includes(caller);
    let cookie = cookies[caller];
    const team = endpoint.name.startsWith("team: ");
    let target = await freshTarget(storeA, team);
    if (allowed && endpoint.ownStore) {
      // Closing the store, starting its trial or handing it over runs on a store of its own.
      const store = await createStore(db);
      const owner = await createOwner(db, { storeId: store.id });
      cookie = await signIn(running.server.url, owner.email, owner.password);
      target = await freshTarget(store.id, team, owner.password);
    }
    const before = allowed
      ? null
      : {
          counts: await rowCounts(db, caller === "otherMember" ? { storeId: storeA } : {}),
          state: await stateOf(target),
        };
    const { response, stop } = await ask(endpoint, target, cookie);
    try {
      if (allowed) {
        const text = response.headers.get("content-type")?.includes("event-stream")
          ? ""
          : await response.clone().text();
        expect(response.status, text.slice(0, 300)).toBeLessThan(300);
        if (response.headers.get("content-type")?.includes("application/json")) {
          expect((await response.json()) as { ok?: boolean }).not.toMatchObject({ ok: false });
        }
      } else if (caller === "anonymous") {
        expect(response.status).toBe(endpoint.page ? 302 : 401);
      } else if (caller === "otherMember") {
        // Their own store's panel or action, or a refusal of A's product or order: never A's data.
        if (response.headers.get("content-type")?.includes("text/html")) {
          expect(await response.text()).not.toContain("Tienda de A");
        }
      } else if (
        caller === "removedMember" &&
        endpoint.page &&
        String(endpoint.path).startsWith("/i/admin?")
      ) {
        expect(response.status).toBe(200);
        const html = (await response.text()).replace(/<!-- -->/g, "");
        expect(html).toContain("Selecciona una tienda primero.");
        expect(html).not.toContain("Tienda de A");
      } else {
        expect(response.status).toBe(404);
        if (!endpoint.page) {
          expect(await response.json()).toEqual({ ok: false, message: GUARD_MESSAGES.notFound });
        }
      }
    } finally {
      stop();
    }
    if (before) {
      expect(await stateOf(target)).toEqual(before.state);
      expect(await rowCounts(db, caller === "otherMember" ? { storeId: storeA } : {})).toEqual(before.counts);
    }
  });
});

describe("what each role's panel shows", () => {
  const tabBar = async (caller: Caller, tab = "") => {
    const response = await fetch(`${running.server.url}/i/admin${tab}`, {
      headers: { cookie: cookies[caller]! },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const nav = html.slice(html.indexOf('aria-label="Secciones del panel"'));
    return [...nav.slice(0, nav.indexOf("</nav>")).matchAll(/\?tab=([a-z_]+)"/g)].map((m) => m[1]);
  };
  it("gives a cajero the order tabs and their own alarm only, and opens on the pending orders", async () => {
    expect(await tabBar("cajero")).toEqual(["ordenes_pendientes", "ordenes_completadas", "notificaciones"]);
    const html = await (
      await fetch(`${running.server.url}/i/admin`, { headers: { cookie: cookies.cajero! } })
    ).text();
    expect(html).toContain('aria-current="page"');
    expect(html).not.toContain("Pausar pedidos");
  });
  it("gives an encargado orders, products, promotions, hours, categories and their own alarm", async () => {
    expect(await tabBar("encargado")).toEqual([
      "configuracion",
      "productos",
      "promociones",
      "ordenes_pendientes",
      "ordenes_completadas",
      "configuracion_avanzada",
      "notificaciones",
    ]);
  });
  it("gives the owner every tab, as before", async () => {
    expect(await tabBar("owner")).toHaveLength(9);
  });
});

describe("who did what", () => {
  it("records the cajero on the order's timeline and shows the owner «Aceptado por Beto · Pagado por Beto»", async () => {
    const target = await freshTarget();
    // Placed an hour ago, so that it heads the panel's pending list (200 at most) however many
    // orders the matrix above left pending.
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, target.orderId));
    const post = (form: Record<string, string>) =>
      fetch(`${running.server.url}/i/admin/orders`, {
        method: "POST",
        headers: { cookie: cookies.cajero!, Accept: "application/json", Origin: running.server.url },
        body: new URLSearchParams({ orderId: target.orderId, ...form }),
      });
    expect((await post({ intent: "step", step: "accepted" })).status).toBe(200);
    expect((await post({ intent: "paid" })).status).toBe(200);
    const pending = await (
      await fetch(`${running.server.url}/i/admin?tab=ordenes_pendientes`, {
        headers: { cookie: cookies.owner! },
      })
    ).text();
    expect(pending.replace(/<!-- -->/g, "")).toContain("Aceptado por Beto · Pagado por Beto");
    expect((await post({ intent: "complete" })).status).toBe(200);
    const events = await db
      .select({
        kind: orderEvents.kind,
        actorName: orderEvents.actorName,
        actorUserId: orderEvents.actorUserId,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, target.orderId));
    const [cajero] = await db.select().from(authUser).where(eq(authUser.name, "Beto"));
    expect(events).toEqual(
      expect.arrayContaining([
        { kind: "accepted", actorName: "Beto", actorUserId: cajero!.id },
        { kind: "paid", actorName: "Beto", actorUserId: cajero!.id },
        { kind: "completed", actorName: "Beto", actorUserId: cajero!.id },
      ]),
    );
    // Equipo's "Actividad" lists the last 90 days of who did what, and nothing older.
    await db.insert(orderEvents).values({
      storeId: storeA,
      orderId: target.orderId,
      kind: "paid",
      actorName: "Zacarías",
      createdAt: new Date(Date.now() - 91 * 86_400_000),
    });
    const team = await (
      await fetch(`${running.server.url}/i/admin?tab=equipo`, { headers: { cookie: cookies.owner! } })
    ).text();
    const activity = team.replace(/<!-- -->/g, "");
    expect(activity).toContain("Actividad de los últimos 90 días");
    expect(activity).toContain(`Orden ${target.orderId}: Completada por Beto`);
    expect(activity).not.toContain("Zacarías");
  });
});
