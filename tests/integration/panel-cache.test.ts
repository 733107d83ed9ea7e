/**
 * The signed-in pending-orders tab kept per session (server/panel-cache.ts, docs/decisions/037),
 * through two server processes on one database: a reload with nothing changed is answered from
 * memory; every change the tab shows — an order, "Visto", a step, the store's name, the user's
 * e-mail, the member's role — renders it afresh on either instance; a session that ended, another
 * session, or a request with two session cookies never gets a page kept for someone else.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCity, createMember, createOwner, createProduct, createStore } from "~/db/factories.server";
import { authUser, orders, storeMembers, storeSettings } from "~/db/schema";
import { eraseOrdersPersonalData } from "~/domain/stores/close-store.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { clearOfMinuteTurn, getPage } from "../support/kept-pages";
import { postOrder } from "../support/shopper";

const { db, url: databaseUrl } = await createTestDatabase();
const shared = { PUBLIC_ORIGIN: "http://tianguis.test" };
const first = useServerProcess(databaseUrl, shared);
const second = useServerProcess(databaseUrl, shared);
const PENDING = "/i/admin?tab=ordenes_pendientes";
let cityId = "";

/** The pending tab as the session asks for it. */
const panel = (base: string, cookie: string) => getPage(base, PENDING, { cookie });

/** A render lasts to the end of its minute: a check that one is kept starts clear of the turn. */
const clearOfTurn = () => clearOfMinuteTurn(8_000);

/** Both instances keep the session's tab: the second request is answered from memory. */
async function warm(cookie: string) {
  await clearOfTurn();
  for (const base of [first.server.url, second.server.url]) {
    await panel(base, cookie);
    expect((await panel(base, cookie)).cache, base).toBe("HIT");
  }
}

/** On both instances the next request is rendered afresh and shows the change. */
async function expectFresh(cookie: string, shows: (html: string) => boolean) {
  for (const base of [first.server.url, second.server.url]) {
    const page = await panel(base, cookie);
    expect(page.status, base).toBe(200);
    expect(page.cache, base).toBe("MISS");
    expect(shows(page.html), base).toBe(true);
  }
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${first.server.url}${path}`, {
    method: "POST",
    headers: { cookie, Accept: "application/json" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function shop(name = `Tienda ${Math.random().toString(36).slice(2, 8)}`) {
  const store = await createStore(db, {
    cityId,
    displayName: name,
    licenceType: "basic",
    licenceExpires: new Date(Date.now() + 30 * 86_400_000),
  });
  const product = await createProduct(db, store.id, { name: "Concha" });
  const owner = await createOwner(db, { storeId: store.id });
  const cookie = await signIn(first.server.url, owner.email, owner.password);
  return { store, product, owner, cookie, name };
}

async function placeOrder(storeId: string, productId: string): Promise<string> {
  const response = await postOrder(
    first.server.url,
    { storeId, productId },
    { origin: shared.PUBLIC_ORIGIN },
  );
  expect(response.status).toBe(200);
  const { order } = (await response.json()) as { order: { number: string } };
  return order.number;
}

beforeAll(async () => {
  cityId = (await createCity(db, { name: "Villa del Panel" })).id;
});

describe("the signed-in pending tab", () => {
  it("is rendered once per session and answered from memory while nothing it shows changed", async () => {
    const { cookie, name } = await shop();
    await clearOfTurn();
    const rendered = await panel(first.server.url, cookie);
    const kept = await panel(first.server.url, cookie);
    expect([rendered.status, rendered.cache, kept.status, kept.cache]).toEqual([200, "MISS", 200, "HIT"]);
    expect(kept.html).toBe(rendered.html);
    expect(kept.html).toContain(name);
    // Private, and the same bytes twice: no nonce, the policy lists its inline scripts by hash.
    expect(kept.headers.get("cache-control")).toBe("private, no-store");
    expect(kept.headers.get("set-cookie")).toBeNull();
    expect(kept.headers.get("content-security-policy")).not.toMatch(/'nonce-/);
    expect(kept.headers.get("content-security-policy")).toMatch(/'sha256-/);
    expect(kept.html).not.toMatch(/nonce="/);
    expect(kept.headers.get("x-frame-options")).toBe("DENY");
    // Another tab, or the tab with another query, is rendered for its request as before.
    const other = await fetch(`${first.server.url}/i/admin?tab=productos`, { headers: { cookie } });
    expect(other.headers.get("x-tianguis-cache")).toBeNull();
  });

  it("shows every change on the next request, on either instance", async () => {
    const { store, product, owner, cookie } = await shop();
    await warm(cookie);
    const number = await placeOrder(store.id, product.id);
    await expectFresh(cookie, (html) => html.includes(number));

    await warm(cookie);
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.storeId, store.id));
    expect((await post("/i/admin/orders", cookie, { intent: "seen", orderId: order!.id })).status).toBe(200);
    await expectFresh(cookie, (html) => html.includes(number));

    // A write that announces nothing to the live stream: the operator erases the shopper's data.
    await warm(cookie);
    expect((await panel(first.server.url, cookie)).html).toContain("4499998877");
    await eraseOrdersPersonalData(db, { storeId: store.id, orderId: order!.id });
    await expectFresh(cookie, (html) => html.includes(number) && !html.includes("4499998877"));

    await warm(cookie);
    expect((await post("/i/admin/orders", cookie, { intent: "complete", orderId: order!.id })).status).toBe(
      200,
    );
    await expectFresh(cookie, (html) => !html.includes(number));

    await warm(cookie);
    await db
      .update(authUser)
      .set({ email: `nuevo-${owner.id}@example.com` })
      .where(eq(authUser.id, owner.id));
    await expectFresh(cookie, (html) => html.includes(`nuevo-${owner.id}@example.com`));
  });

  it("shows the store's new name", async () => {
    const { store, cookie } = await shop("Antes del Cambio");
    await warm(cookie);
    await db
      .update(storeSettings)
      .set({ displayName: "Después del Cambio" })
      .where(eq(storeSettings.storeId, store.id));
    await expectFresh(cookie, (html) => html.includes("Después del Cambio") && !html.includes("Antes del"));
  });
});

describe("who gets a kept pending tab", () => {
  it("a session that signed out gets the login page, not the tab kept for it", async () => {
    const { cookie } = await shop();
    await warm(cookie);
    const out = await post("/i/logout", cookie, {});
    expect(out.status).toBeLessThan(400);
    for (const base of [first.server.url, second.server.url]) {
      const page = await panel(base, cookie);
      expect(page.status, base).toBe(302);
      expect(page.headers.get("location"), base).toContain("/i/login");
    }
  });

  it("a member whose role changed, or who left the team, is not shown the tab kept before", async () => {
    const { store, name } = await shop();
    const cajero = await createMember(db, { storeId: store.id, role: "cajero" });
    const cookie = await signIn(first.server.url, cajero.email, cajero.password);
    await warm(cookie);
    await db.update(storeMembers).set({ role: "encargado" }).where(eq(storeMembers.userId, cajero.id));
    await expectFresh(cookie, (html) => html.includes(name));

    await warm(cookie);
    await db.delete(storeMembers).where(eq(storeMembers.userId, cajero.id));
    for (const base of [first.server.url, second.server.url]) {
      const page = await panel(base, cookie);
      expect(page.cache, base).not.toBe("HIT");
      expect(page.html, base).not.toContain(name);
    }
  });

  it("another session, even the same owner's, never gets this session's page", async () => {
    const a = await shop("Tienda de Ana Panel");
    const b = await shop("Tienda de Beto Panel");
    await warm(a.cookie);
    const asB = await panel(first.server.url, b.cookie);
    expect(asB.cache).toBe("MISS");
    expect(asB.html).toContain("Tienda de Beto Panel");
    expect(asB.html).not.toContain("Tienda de Ana Panel");

    const again = await signIn(first.server.url, a.owner.email, a.owner.password);
    expect(again).not.toBe(a.cookie);
    expect((await panel(first.server.url, again)).cache).toBe("MISS");
  });

  it("a request with two session cookies, or a forged one, is rendered for itself", async () => {
    const a = await shop();
    const b = await shop();
    await warm(a.cookie);
    const both = `${a.cookie}; ${b.cookie.replace("tianguis.", "__Secure-tianguis.")}`;
    await panel(first.server.url, both);
    expect((await panel(first.server.url, both)).cache).toBeNull();

    // The kept page's token with another signature: better-auth refuses it, and so does the cache.
    const token = a.cookie.slice(a.cookie.indexOf("=") + 1).split(".")[0]!;
    const forged = await panel(first.server.url, `tianguis.session_token=${token}.firmafalsa`);
    expect(forged.status).toBe(302);
  });
});
