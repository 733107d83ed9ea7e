import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { featuredProducts, storeOwners, stores, storeSettings } from "~/db/schema";
import { createAuth } from "~/domain/auth/auth.server";
import { NO_PERMISSION_MESSAGE, SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { rotateFeaturedProducts } from "~/domain/directory/featured.server";
import { resolveLicence } from "~/domain/stores/licence";
import { SIGNUP_MESSAGES } from "~/domain/stores/signup-form";
import { SUPER_ADMIN_MESSAGES } from "~/domain/super-admin/super-admin-forms";
import { startListener } from "~/db/listen.server";
import { ORDER_CHANNEL, startOrderEventHub } from "~/domain/orders/order-events.server";
import { readEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { action, loader } from "~/routes/super-admin";
import { createTestDatabase } from "../support/database";

/**
 * The super-admin route's loader and action, called with real requests and the real services
 * the server builds (database, better-auth sessions), as React Router calls them.
 */
const { db, url } = await createTestDatabase();
const ORIGIN = "http://localhost:3000";
const env = readEnv({ DATABASE_URL: url, PUBLIC_ORIGIN: ORIGIN, DEMO_DATA: "false", LOG_LEVEL: "silent" });
const logger = createLogger("silent");
const auth = createAuth({ db, secret: "s".repeat(40), publicOrigin: ORIGIN });
const listener = await startListener({ databaseUrl: url, channels: [ORDER_CHANNEL], logger });
const orderEvents = startOrderEventHub({ listener, db, logger });
afterAll(async () => {
  await orderEvents.close();
  await listener.close();
});
const context = {
  services: { db, auth, env, logger, orderEvents },
  requestId: "test",
  clientIp: "127.0.0.1",
  logger,
} as AppLoadContext;

const suffix = () => Math.random().toString(36).slice(2, 8);

async function signedIn(role: "superadmin" | "owner" | "anonymous") {
  if (role === "anonymous") return "";
  const store = role === "owner" ? await createStore(db) : null;
  const owner = await createOwner(db, {
    role: role === "superadmin" ? SUPERADMIN_ROLE : "user",
    storeId: store?.id,
  });
  const { headers } = await auth.api.signInEmail({
    body: { email: owner.email, password: owner.password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

type Outcome = {
  status: number;
  data: Record<string, unknown> | null;
  location?: string | null;
  text?: string;
};

/** What the browser would receive: a returned or thrown `data()`, or a thrown redirect. */
async function settle(run: () => Promise<unknown>): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const location = value.headers.get("location");
    return { status: value.status, data: null, location, text: await value.text() };
  }
  const wrapped = value as {
    type?: string;
    data: Record<string, unknown>;
    init?: { status?: number } | null;
  };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  return { status: 200, data: value as Record<string, unknown> };
}

function post(cookie: string, form: Record<string, string>) {
  const request = new Request(`${ORIGIN}/i/super-admin`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return settle(() => action({ request, context, params: {} } as Parameters<typeof action>[0]));
}

function get(cookie: string, search = "") {
  const request = new Request(`${ORIGIN}/i/super-admin${search}`, { headers: { cookie } });
  return settle(() => loader({ request, context, params: {} } as Parameters<typeof loader>[0]));
}

async function snapshot(storeId: string, newId: string) {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  const featured = await db.select().from(featuredProducts).orderBy(featuredProducts.position);
  const created = await db.select().from(stores).where(eq(stores.id, newId));
  return { store, featured, created };
}

describe("super-admin panel", () => {
  it.each(["anonymous", "owner"] as const)(
    "refuses every action of an %s and changes nothing",
    async (role) => {
      const cookie = await signedIn(role);
      const target = await createStore(db);
      await createProduct(db, target.id, { imageKey: `product-images/${target.id}/a.webp` });
      await rotateFeaturedProducts(db);
      const newId = `nueva-${suffix()}`;
      const before = await snapshot(target.id, newId);

      const attempts: Record<string, string>[] = [
        { intent: "rotate-featured" },
        {
          intent: "create-store",
          storeId: newId,
          displayName: "Nueva",
          storeCategory: "sweets",
          cityId: "aguascalientes",
        },
        { intent: "set-visibility", storeId: target.id, hidden: "true" },
        { intent: "set-plan", storeId: target.id, licenceType: "premier", expires: "2099-12-31" },
      ];
      for (const form of attempts) {
        const outcome = await post(cookie, form);
        if (role === "anonymous") {
          expect(outcome).toMatchObject({ status: 302, location: "/i/login" });
        } else {
          expect(outcome.status).toBe(403);
          expect(outcome.text).toContain(NO_PERMISSION_MESSAGE);
        }
      }
      expect(await snapshot(target.id, newId)).toEqual(before);
    },
  );

  it("shows an owner the no-permission message with 403, and sends a visitor to log in", async () => {
    const owner = await get(await signedIn("owner"));
    expect(owner.status).toBe(403);
    expect(owner.text).toContain(NO_PERMISSION_MESSAGE);
    expect(await get("")).toMatchObject({ status: 302, location: "/i/login" });
    const admin = await get(await signedIn("superadmin"));
    expect(admin).toMatchObject({ status: 200, data: { stores: expect.any(Array) } });
  });

  it("rotates the featured products", async () => {
    const cookie = await signedIn("superadmin");
    const store = await createStore(db);
    await createProduct(db, store.id, { imageKey: `product-images/${store.id}/b.webp` });
    await db.delete(featuredProducts);
    const outcome = await post(cookie, { intent: "rotate-featured" });
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ ok: true });
    const rows = await db.select().from(featuredProducts);
    expect(outcome.data!.message).toBe(SUPER_ADMIN_MESSAGES.rotated(rows.length));
    expect(rows.length).toBeGreaterThan(0);
  });

  it("creates a store without a user, and refuses a taken or malformed id", async () => {
    const cookie = await signedIn("superadmin");
    const storeId = `sin-dueno-${suffix()}`;
    const created = await post(cookie, {
      intent: "create-store",
      storeId,
      displayName: "Nieves Ñandú",
      storeCategory: "sweets",
      cityId: "leon",
    });
    expect(created).toMatchObject({
      status: 200,
      data: { ok: true, storeId, message: SUPER_ADMIN_MESSAGES.created(storeId) },
    });
    const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
    expect(store).toMatchObject({
      cityId: "leon",
      categoryId: "sweets",
      isHidden: false,
      trialExpiration: null,
    });
    expect(resolveLicence(store!, new Date()).tier).toBe("starter");
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
    expect(settings!.displayName).toBe("Nieves Ñandú");
    expect(await db.select().from(storeOwners).where(eq(storeOwners.storeId, storeId))).toEqual([]);

    const again = await post(cookie, {
      intent: "create-store",
      storeId,
      displayName: "Otra",
      storeCategory: "gifts",
      cityId: "aguascalientes",
    });
    expect(again).toMatchObject({
      status: 409,
      data: {
        ok: false,
        message: SUPER_ADMIN_MESSAGES.createFailed,
        fieldErrors: { storeId: SIGNUP_MESSAGES.storeIdTaken },
      },
    });
    const [unchanged] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
    expect(unchanged!.displayName).toBe("Nieves Ñandú");

    const malformed = await post(cookie, {
      intent: "create-store",
      storeId: "Con Espacios",
      displayName: "X",
      storeCategory: "gifts",
      cityId: "aguascalientes",
    });
    expect(malformed).toMatchObject({
      status: 400,
      data: {
        message: SUPER_ADMIN_MESSAGES.createFailed,
        fieldErrors: { storeId: SIGNUP_MESSAGES.storeIdFormat },
      },
    });
  });

  it("hides and shows a store, and sets its plan", async () => {
    const cookie = await signedIn("superadmin");
    const store = await createStore(db, { trialExpiration: new Date(Date.now() + 86_400_000) });

    expect(await post(cookie, { intent: "set-visibility", storeId: store.id, hidden: "true" })).toMatchObject(
      { status: 200 },
    );
    expect((await db.select().from(stores).where(eq(stores.id, store.id)))[0]!.isHidden).toBe(true);
    await post(cookie, { intent: "set-visibility", storeId: store.id, hidden: "false" });
    expect((await db.select().from(stores).where(eq(stores.id, store.id)))[0]!.isHidden).toBe(false);

    const saved = await post(cookie, {
      intent: "set-plan",
      storeId: store.id,
      licenceType: "premier",
      expires: "2099-12-31",
    });
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    const [paid] = await db.select().from(stores).where(eq(stores.id, store.id));
    expect(resolveLicence(paid!, new Date())).toMatchObject({ tier: "premier", trial: false });
    expect(paid!.licenceExpires!.toISOString()).toBe("2100-01-01T05:59:59.999Z");

    const past = await post(cookie, {
      intent: "set-plan",
      storeId: store.id,
      licenceType: "basic",
      expires: "2020-01-01",
    });
    expect(past).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { expires: SUPER_ADMIN_MESSAGES.expiryInPast } },
    });
    const missing = await post(cookie, {
      intent: "set-plan",
      storeId: store.id,
      licenceType: "basic",
      expires: "",
    });
    expect(missing).toMatchObject({
      status: 400,
      data: { fieldErrors: { expires: SUPER_ADMIN_MESSAGES.expiryRequired } },
    });
    const [still] = await db.select().from(stores).where(eq(stores.id, store.id));
    expect(still!.licenceType).toBe("premier");

    const free = await post(cookie, {
      intent: "set-plan",
      storeId: store.id,
      licenceType: "starter",
      expires: "",
    });
    expect(free).toMatchObject({ status: 200 });
    const [starter] = await db.select().from(stores).where(eq(stores.id, store.id));
    expect(starter).toMatchObject({ licenceType: "starter", licenceExpires: null });

    const unknown = await post(cookie, {
      intent: "set-visibility",
      storeId: "no-existe-xyz",
      hidden: "true",
    });
    expect(unknown).toMatchObject({ status: 404, data: { message: SUPER_ADMIN_MESSAGES.storeNotFound } });
    expect(await post(cookie, { intent: "drop-tables" })).toMatchObject({ status: 400 });
  });
});

describe("Tiendas sin dueño", () => {
  type Listed = {
    stores: { id: string; ownerEmail: string | null }[];
    next: string | null;
    ownerlessCount: number;
  };

  /** Every page of the list, following "Ver más tiendas". */
  async function everyPage(cookie: string, filter: Record<string, string>) {
    const pages: Listed[] = [];
    let after: string | null = null;
    do {
      const search = new URLSearchParams({ ...filter, ...(after ? { desde: after } : {}) });
      const outcome = await get(cookie, `?${search}`);
      expect(outcome.status).toBe(200);
      const listed = outcome.data as unknown as Listed;
      pages.push(listed);
      after = listed.next;
    } while (after && pages.length < 100);
    return pages;
  }

  it("lists every store nobody owns, past the first 50, and none that has an owner or was closed", async () => {
    const cookie = await signedIn("superadmin");
    const ownerless = await Promise.all(Array.from({ length: 55 }, () => createStore(db)));
    const owned = await createStore(db);
    await createOwner(db, { storeId: owned.id });
    const closed = await createStore(db);
    await db.update(stores).set({ closedAt: new Date(), isHidden: true }).where(eq(stores.id, closed.id));

    const pages = await everyPage(cookie, { "sin-dueno": "1" });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.stores.length).toBeLessThanOrEqual(50);
    const listed = pages.flatMap((page) => page.stores);
    const ids = listed.map((store) => store.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(ownerless.map((store) => store.id)));
    expect(ids).not.toContain(owned.id);
    expect(ids).not.toContain(closed.id);
    expect(listed.every((store) => store.ownerEmail === null)).toBe(true);
    // The count beside the filter is the number listed.
    expect(pages[0]!.ownerlessCount).toBe(ids.length);

    // Every store is still reachable without the filter, a page at a time, the owned one with its owner.
    const all = (await everyPage(cookie, {})).flatMap((page) => page.stores);
    expect(all.map((store) => store.id)).toEqual(expect.arrayContaining([...ids, owned.id, closed.id]));
    expect(all.find((store) => store.id === owned.id)?.ownerEmail).toMatch(/@example\.com$/);

    // A search within the filter finds an owner-less store, and never the owned one.
    const [one] = ownerless;
    const found = await get(cookie, `?sin-dueno=1&tienda=${one!.id}`);
    expect((found.data as unknown as Listed).stores.map((store) => store.id)).toEqual([one!.id]);
    const none = await get(cookie, `?sin-dueno=1&tienda=${owned.id}`);
    expect((none.data as unknown as Listed).stores).toEqual([]);
  });
});
