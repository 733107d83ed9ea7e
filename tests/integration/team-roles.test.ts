/**
 * The team's role matrix (docs/decisions/033): every entry point for store members
 * (app/lib/entry-points.ts), with each of its requests (an action's intents, the panel's tabs:
 * tests/support/entry-requests.ts), asked through the real HTTP server by store A's owner, its
 * encargado, its cajero, an encargado of another store and a member A removed (their session
 * still open). Which cell is allowed comes from the entry's declared capability and the role's
 * (app/domain/team/team-roles.ts). An allowed cell succeeds on store A; every other cell is
 * refused as another store's data is ("not found") and changes no row: the tables' row counts
 * and A's rows are compared. The other store's member acts on their own store only: whatever they
 * send, none of A's rows changes. A removed member is an account without a store: the panel's page
 * tells them to select one. (An anonymous visitor asks every entry in the guard matrix,
 * guards.test.ts.)
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
import { can, type Capability } from "~/domain/team/team-roles";
import { ALL_ENTRY_POINTS, type EntryPoint } from "~/lib/entry-points";
import { VALID_INVOICE } from "../support/invoice-files";
import { createTestDatabase } from "../support/database";
import {
  addressOf,
  bodyOf,
  ENTRY_REQUESTS,
  uploads,
  type EntryRequest,
  type Target,
} from "../support/entry-requests";
import { signIn, useServerProcess } from "../support/http-server";
import { photoLikeJpeg } from "../support/photo";
import { rowCounts } from "../support/row-counts";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });

const CALLERS = ["owner", "encargado", "cajero", "otherMember", "removedMember"] as const;
type Caller = (typeof CALLERS)[number];
type Method = "GET" | "POST";
/** One request of the matrix: a member entry, a method and what it is asked. */
type Case = { key: string; entry: EntryPoint; method: Method; request: EntryRequest; capability: Capability };

uploads.photo = await photoLikeJpeg(900, 700);

const CASES: Case[] = ALL_ENTRY_POINTS.flatMap((entry) => {
  const access = entry.access;
  if (access.who !== "member") return [];
  return entry.methods.flatMap((method) =>
    requestsOf(entry.name, method)
      .filter((request) => request.only !== "guards")
      .map((request) => ({
        key: request.label ? `${entry.name}: ${request.label}` : entry.name,
        entry,
        method,
        request,
        capability: request.capability ?? access.capability,
      })),
  );
});

function requestsOf(name: string, method: Method): readonly EntryRequest[] {
  return (
    (ENTRY_REQUESTS as Record<string, Partial<Record<Method, readonly EntryRequest[]>>>)[name]?.[method] ?? []
  );
}

/** A signed-in account without a store gets this entry's page saying so (the panel). */
const withoutStorePage = ({ access }: EntryPoint) =>
  access.who === "member" && access.withoutStore === "page";

/** The owner, the encargado and the cajero of store A, by the capability their role has. */
function allowed(caller: Caller, capability: Capability): boolean {
  return (caller === "owner" || caller === "encargado" || caller === "cajero") && can(caller, capability);
}

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
  const target: Target = {
    storeId,
    productId: "",
    orderId: "",
    deviceId: 0,
    sessionId: "",
    password,
    memberId: "",
    invitationId: 0,
    imageKey: "",
    cityId: "aguascalientes",
  };
  if (!team) {
    const product = await createProduct(db, storeId, { available: true });
    const order = await createOrder(db, storeId, {
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
      // It asked for a factura, so that "Marcar como facturado" and "Adjuntar factura" have one to act on.
      invoice: VALID_INVOICE,
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
async function ask({ entry, method, request }: Case, target: Target, cookie: string | undefined) {
  requests += 1;
  const { body, type } = bodyOf(request, target);
  const headers: Record<string, string> = {
    // A page is asked for as a browser asks; the rest as our panel's scripts ask (JSON).
    Accept: entry.answers === "page" ? "text/html,application/xhtml+xml" : "application/json",
    Origin: running.server.url,
    "X-Forwarded-For": `10.8.${requests >> 8}.${requests & 255}`,
  };
  if (type) headers["Content-Type"] = type;
  if (cookie) headers.cookie = cookie;
  const controller = new AbortController();
  const path = request.path ? request.path(target) : addressOf(entry.path, target);
  const response = await fetch(`${running.server.url}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
    signal: controller.signal,
  });
  return { response, stop: () => controller.abort() };
}

/** Store A's rows a refused request aims at. */
async function stateOf(target: Target) {
  // Read side by side: the matrix reads it twice for each refused request.
  const [[product], [order], [store], [settings], owners, members, invitations, [code]] = await Promise.all([
    db.select().from(products).where(eq(products.id, target.productId)),
    db.select().from(orders).where(eq(orders.id, target.orderId)),
    db.select().from(stores).where(eq(stores.id, target.storeId)),
    db.select().from(storeSettings).where(eq(storeSettings.storeId, target.storeId)),
    db.select().from(storeOwners).where(eq(storeOwners.storeId, target.storeId)),
    db
      .select()
      .from(storeMembers)
      .where(eq(storeMembers.storeId, target.storeId))
      .orderBy(storeMembers.userId),
    db
      .select()
      .from(storeInvitations)
      .where(eq(storeInvitations.storeId, target.storeId))
      .orderBy(storeInvitations.id),
    db.select().from(discountCodes).where(eq(discountCodes.id, target.productId)),
  ]);
  return { product, order, store, settings, code, owners, members, invitations };
}

const cases = CASES.flatMap((c) => CALLERS.map((caller) => [c.key, caller, c] as const));

describe("the team's role matrix over every entry point for store members", () => {
  it.each(cases)("%s, asked by %s", async (_key, caller, c) => {
    const isAllowed = allowed(caller, c.capability);
    let cookie = cookies[caller];
    let target = await freshTarget(storeA, c.request.team);
    if (isAllowed && c.request.ownStore) {
      // Closing the store, starting its trial or handing it over runs on a store of its own.
      const store = await createStore(db);
      const owner = await createOwner(db, { storeId: store.id });
      cookie = await signIn(running.server.url, owner.email, owner.password);
      target = await freshTarget(store.id, c.request.team, owner.password);
    }
    const page = c.entry.answers === "page";
    const counted = caller === "otherMember" ? { storeId: storeA } : {};
    const before = isAllowed
      ? null
      : await Promise.all([rowCounts(db, counted), stateOf(target)]).then(([counts, state]) => ({
          counts,
          state,
        }));
    const { response, stop } = await ask(c, target, cookie);
    try {
      if (isAllowed) {
        const text = response.headers.get("content-type")?.includes("event-stream")
          ? ""
          : await response.clone().text();
        expect(response.status, text.slice(0, 300)).toBeLessThan(300);
        if (response.headers.get("content-type")?.includes("application/json")) {
          expect((await response.json()) as { ok?: boolean }).not.toMatchObject({ ok: false });
        }
      } else if (caller === "otherMember") {
        // Their own store's panel or action, or a refusal of A's product or order: never A's data.
        if (response.headers.get("content-type")?.includes("text/html")) {
          expect(await response.text()).not.toContain("Tienda de A");
        }
      } else if (caller === "removedMember" && withoutStorePage(c.entry)) {
        expect(response.status).toBe(200);
        const html = (await response.text()).replace(/<!-- -->/g, "");
        expect(html).toContain("Selecciona una tienda primero.");
        expect(html).not.toContain("Tienda de A");
      } else {
        expect(response.status).toBe(404);
        if (!page) {
          expect(await response.json()).toEqual({ ok: false, message: GUARD_MESSAGES.notFound });
        }
      }
    } finally {
      stop();
    }
    if (before) {
      const [counts, state] = await Promise.all([rowCounts(db, counted), stateOf(target)]);
      expect(state).toEqual(before.state);
      expect(counts).toEqual(before.counts);
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
