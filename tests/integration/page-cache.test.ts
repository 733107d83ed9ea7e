/**
 * The rendered-page cache (issue 13, docs/decisions/021) through two server processes on one
 * database: every kind of write an owner or the operator makes shows on the very next request to
 * either instance; signed-in owners never get a cached page; conditional requests get 304.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createCity,
  createOwner,
  createProduct,
  createStore,
  type CreateStoreInput,
} from "~/db/factories.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { NO_SEARCH_RESULTS_MESSAGE } from "~/domain/directory/search";
import { thumbnailKey } from "~/domain/images/image-urls";
import { createTestDatabase } from "../support/database";
import { signIn, uploadPhoto, useServerProcess } from "../support/http-server";

const { db, url: databaseUrl } = await createTestDatabase();
// Two instances behind one address, as behind a load balancer: the pages they render are the same.
const shared = { PUBLIC_ORIGIN: "http://tianguis.test" };
const first = useServerProcess(databaseUrl, shared);
const second = useServerProcess(databaseUrl, shared);
const instances = () => [
  { name: "the instance that took the write", url: first.server.url },
  { name: "another instance", url: second.server.url },
];

type Page = { status: number; cache: string | null; etag: string | null; html: string; headers: Headers };

async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-tianguis-cache"),
    etag: response.headers.get("etag"),
    html: await response.text(),
    headers: response.headers,
  };
}

/**
 * A kept page lasts until the minute it was rendered in ends (opening hours change with the clock):
 * a check that a page is answered from memory waits out the last seconds of a minute first, or the
 * minute could turn between the render and the request meant to find it.
 */
async function clearOfMinuteTurn(margin = 5_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Both instances have the page in memory: a second request is answered from it. */
async function warm(path: string) {
  await clearOfMinuteTurn();
  for (const { url } of instances()) {
    await get(url, path);
    expect((await get(url, path)).cache, `${url}${path}`).toBe("HIT");
  }
}

/** On both instances, the next request renders afresh and shows what the write changed. */
async function expectFresh(path: string, shows: (html: string) => boolean) {
  for (const { name, url } of instances()) {
    const page = await get(url, path);
    expect(page.status, `${name} ${path}`).toBe(200);
    expect(page.cache, `${name} ${path}`).toBe("MISS");
    expect(shows(page.html), `${name} ${path}`).toBe(true);
  }
}

function post(path: string, cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return fetch(`${first.server.url}${path}`, {
    method: "POST",
    headers: { cookie, Accept: "application/json" },
    body,
    redirect: "manual",
  });
}

async function expectOk(response: Promise<Response>) {
  const answered = await response;
  expect(answered.status, await answered.clone().text()).toBeLessThan(400);
}

const settings = (store: { id: string }, overrides: Record<string, string> = {}) => ({
  displayName: `Tienda ${store.id}`,
  description: "Pan de todos los días",
  contactEmail: "",
  facebookUrl: "",
  instagramUrl: "",
  twitterUrl: "",
  phone: "4491234567",
  cityId: city.id,
  primaryColor: "#9a3412",
  secondaryColor: "#fbbf24",
  backgroundColor: "#fff7ed",
  panelBackgroundColor: "#ffffff",
  productBackgroundColor: "#ffffff",
  allowPickup: "on",
  pickupInstructions: "En el mostrador",
  ...overrides,
});

/** A search page lists results (the term itself is always echoed in the search field). */
const found = (html: string) => !html.includes(NO_SEARCH_RESULTS_MESSAGE) && html.includes("Resultados para");

let city: { id: string; name: string };
let superadmin: string;

async function ownerOf(input: CreateStoreInput = {}) {
  const store = await createStore(db, {
    cityId: city.id,
    licenceType: "basic",
    licenceExpires: new Date(Date.now() + 30 * 86_400_000),
    ...input,
  });
  const owner = await createOwner(db, { storeId: store.id });
  return { store, owner, cookie: await signIn(first.server.url, owner.email, owner.password) };
}

beforeAll(async () => {
  city = await createCity(db, { name: "San Marcos" });
  const operator = await createOwner(db, { role: SUPERADMIN_ROLE });
  superadmin = await signIn(first.server.url, operator.email, operator.password);
});

describe("a write shows on the next request, on every instance", () => {
  it("settings: the store's name on its page and in its city", async () => {
    const { store, cookie } = await ownerOf();
    await expectOk(post("/i/admin/settings", cookie, settings(store, { displayName: "Antes" })));
    await warm(`/${store.id}`);
    await warm(`/c/${city.id}`);
    await expectOk(post("/i/admin/settings", cookie, settings(store, { displayName: "Panadería Después" })));
    await expectFresh(
      `/${store.id}`,
      (html) => html.includes("Panadería Después") && !html.includes("Antes"),
    );
    await expectFresh(`/c/${city.id}`, (html) => html.includes("Panadería Después"));
  });

  it("logo: the new one on the store's page", async () => {
    const { store, cookie } = await ownerOf();
    await warm(`/${store.id}`);
    const logoKey = await uploadPhoto(first.server.url, cookie, "store-logos");
    await expectOk(post("/i/admin/settings", cookie, settings(store, { logoKey })));
    await expectFresh(`/${store.id}`, (html) => html.includes(thumbnailKey(logoKey, 200)));
  });

  it("products: created, repriced, unavailable, deleted — on the store's page, its product page and the city's search", async () => {
    const { store, cookie } = await ownerOf();
    const search = `/c/${city.id}?q=${encodeURIComponent("Concha de nata")}`;
    await warm(`/${store.id}`);
    await warm(search);
    await expectOk(
      post("/i/admin/products", cookie, {
        intent: "create",
        name: "Concha de nata",
        description: "Recién horneada",
        price: "14",
        unit: "pieza",
      }),
    );
    await expectFresh(`/${store.id}`, (html) => html.includes("Concha de nata") && html.includes("$14.00"));
    await expectFresh(search, found);

    const [product] = await db.query.products.findMany({ where: (p, { eq }) => eq(p.storeId, store.id) });
    const productPage = `/${store.id}/p/${product!.id}`;
    await warm(`/${store.id}`);
    await warm(productPage);
    await expectOk(
      post("/i/admin/products", cookie, {
        intent: "update",
        productId: product!.id,
        name: "Concha de nata",
        description: "Recién horneada",
        price: "16.50",
        unit: "pieza",
      }),
    );
    await expectFresh(`/${store.id}`, (html) => html.includes("$16.50") && !html.includes("$14.00"));
    await expectFresh(productPage, (html) => html.includes("$16.50"));

    await warm(`/${store.id}`);
    await warm(search);
    await expectOk(
      post("/i/admin/products", cookie, {
        intent: "set-availability",
        productId: product!.id,
        available: "false",
      }),
    );
    await expectFresh(`/${store.id}`, (html) => !html.includes("Concha de nata"));
    await expectFresh(search, (html) => !found(html));

    await expectOk(
      post("/i/admin/products", cookie, {
        intent: "set-availability",
        productId: product!.id,
        available: "true",
      }),
    );
    await warm(`/${store.id}`);
    await expectOk(post("/i/admin/products", cookie, { intent: "delete", productId: product!.id }));
    await expectFresh(`/${store.id}`, (html) => !html.includes("Concha de nata"));
  });

  it("categories and a plan change: the storefront's chips come and go", async () => {
    const { store, cookie } = await ownerOf();
    await createProduct(db, store.id, { name: "Bolillo", category: "Salado" });
    await warm(`/${store.id}`);
    await expectOk(post("/i/admin/advanced-settings", cookie, { categories: ["Salado", "Dulce de leche"] }));
    await expectFresh(`/${store.id}`, (html) => html.includes("Dulce de leche"));

    await warm(`/${store.id}`);
    await expectOk(
      post("/i/super-admin/actions", superadmin, {
        intent: "set-plan",
        storeId: store.id,
        licenceType: "starter",
        expires: "",
      }),
    );
    await expectFresh(`/${store.id}`, (html) => !html.includes("Dulce de leche"));
  });

  it("hiding a store takes it off its city's page; a store created joins it", async () => {
    const { store, cookie } = await ownerOf();
    await expectOk(post("/i/admin/settings", cookie, settings(store, { displayName: "La Escondida" })));
    await warm(`/c/${city.id}`);
    await expectOk(
      post("/i/super-admin/actions", superadmin, {
        intent: "set-visibility",
        storeId: store.id,
        hidden: "true",
      }),
    );
    await expectFresh(`/c/${city.id}`, (html) => !html.includes("La Escondida"));

    const newcomer = `nueva-${Math.random().toString(36).slice(2, 8)}`;
    await warm(`/c/${city.id}`);
    await expectOk(
      post("/i/super-admin/actions", superadmin, {
        intent: "create-store",
        displayName: "Recién Llegada",
        storeId: newcomer,
        storeCategory: "sweets",
        cityId: city.id,
      }),
    );
    await expectFresh(`/c/${city.id}`, (html) => html.includes("Recién Llegada"));
    await expectFresh(`/${newcomer}`, (html) => html.includes("Recién Llegada"));
  });

  it("the featured rotation: the city's featured products change", async () => {
    const { store } = await ownerOf();
    await createProduct(db, store.id, {
      name: "Pastel de tres leches destacado",
      imageKey: `product-images/${store.id}/destacado.webp`,
    });
    await warm(`/c/${city.id}`);
    await expectOk(post("/i/super-admin/actions", superadmin, { intent: "rotate-featured" }));
    await expectFresh(`/c/${city.id}`, (html) => html.includes("Pastel de tres leches destacado"));
  });
});

describe("who gets a cached page", () => {
  it("a signed-in owner never does, and what they see never reaches anyone else", async () => {
    const { store, owner, cookie } = await ownerOf();
    await clearOfMinuteTurn(10_000);
    await warm(`/${store.id}`);
    const asOwner = await get(first.server.url, `/${store.id}`, { cookie });
    expect(asOwner.cache).toBe("BYPASS");
    expect(asOwner.headers.get("cache-control")).toBe("private, no-cache");
    expect(asOwner.headers.get("content-security-policy")).toMatch(/'nonce-/);

    const anonymous = await get(first.server.url, `/${store.id}`);
    expect(anonymous.cache).toBe("HIT");
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    expect(anonymous.headers.get("cache-control")).toContain("s-maxage=");
    expect(anonymous.html).not.toContain(owner.email);
    expect(anonymous.html).not.toMatch(/nonce="/);
  });

  it("a cached page's policy lists exactly the inline scripts it runs, by hash", async () => {
    const page = await get(first.server.url, "/");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).not.toMatch(/'nonce-/);
    const inline = [...page.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, body]) => !/src=|application\/(ld\+)?json/.test(attributes!) && body !== "",
    );
    const { createHash } = await import("node:crypto");
    for (const [, , body] of inline) {
      expect(policy).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
    }
    expect(policy.match(/'sha256-/g)?.length ?? 0).toBe(new Set(inline.map(([, , body]) => body)).size);
  });
});

describe("analytics", () => {
  it("a search answered from memory is still counted, with its number of results", async () => {
    const term = `rosca-${Math.random().toString(36).slice(2, 8)}`;
    const path = `/c/${city.id}?q=${term}`;
    await clearOfMinuteTurn();
    expect((await get(first.server.url, path)).cache).toBe("MISS");
    expect((await get(first.server.url, path)).cache).toBe("HIT");
    expect((await get(second.server.url, path)).cache).toBe("MISS");
    await expect
      .poll(async () => {
        const rows = await db.execute<{ name: string; results: string | null }>(
          sql`select name, data->>'results' as results from analytics_events where data->>'term' = ${term}`,
        );
        return rows.rows.map((row) => `${row.name}:${row.results ?? ""}`).sort();
      })
      .toEqual([
        "search_products:",
        "search_products:",
        "search_products:",
        "search_results:0",
        "search_results:0",
        "search_results:0",
      ]);
  });
});

describe("conditional requests", () => {
  it("If-None-Match with the current ETag gets 304 and no body; after a change, 200 and a new ETag", async () => {
    const { store, cookie } = await ownerOf();
    await get(first.server.url, `/${store.id}`);
    const { etag } = await get(first.server.url, `/${store.id}`);
    expect(etag).toMatch(/^W\/"/);
    for (const { url } of instances()) {
      const response = await fetch(`${url}/${store.id}`, { headers: { "If-None-Match": etag! } });
      expect(response.status).toBe(304);
      expect(await response.text()).toBe("");
    }
    await expectOk(post("/i/admin/settings", cookie, settings(store, { description: "Ahora con café" })));
    for (const { url } of instances()) {
      const response = await fetch(`${url}/${store.id}`, { headers: { "If-None-Match": etag! } });
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).not.toBe(etag);
      expect(await response.text()).toContain("Ahora con café");
    }
  });
});
