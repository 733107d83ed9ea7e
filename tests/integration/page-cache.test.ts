/**
 * The rendered-page cache (docs/decisions/021) through two server processes on one
 * database: every kind of write an owner or the operator makes shows on the very next request to
 * either instance, and so does a write to each table whose trigger bumps `page_versions` (the list
 * read from the database itself); signed-in owners never get a cached page; conditional requests
 * get 304.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createCity,
  createOwner,
  createProduct,
  createStore,
  type CreateStoreInput,
} from "~/db/factories.server";
import {
  cities,
  customDomains,
  featuredProducts,
  offers,
  storeCategories,
  stores,
  storeSettings,
} from "~/db/schema";
import { createClient } from "~/db/client.server";
import { LISTENER_APPLICATION_NAME } from "~/db/listen.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { NO_SEARCH_RESULTS_MESSAGE } from "~/domain/directory/search";
import { thumbnailKey } from "~/domain/images/image-urls";
import { criticalStylesheet } from "~/lib/page-cache/critical-css";
import { searchFrame, searchPage, searchSectionClasses } from "../../server/search-page";
import { createTestDatabase } from "../support/database";
import { signIn, uploadPhoto, useServerProcess } from "../support/http-server";
import {
  clearOfMinuteTurn,
  getPage as get,
  type KeptPage as Page,
  untilKept,
  untilShown,
  writesHeard,
} from "../support/kept-pages";

const { db, url: databaseUrl } = await createTestDatabase();
// Two instances behind one address, as behind a load balancer: the pages they render are the same.
const shared = { PUBLIC_ORIGIN: "http://tianguis.test" };
const first = useServerProcess(databaseUrl, shared);
const second = useServerProcess(databaseUrl, shared);
/** Renders every page whole, as before the cache: what a page from memory must equal. */
const uncached = useServerProcess(databaseUrl, { ...shared, PAGE_CACHE_MB: "0" });
const instances = () => [
  { name: "the instance that took the write", url: first.server.url },
  { name: "another instance", url: second.server.url },
];

/**
 * Both instances have the page in memory: it is answered from it. A case's set-up written behind the
 * servers' backs may reach an instance's versions after its first render, which is then rendered
 * again: asked until kept, within the bound.
 */
async function warm(path: string) {
  await clearOfMinuteTurn();
  for (const { url } of instances()) {
    expect((await untilKept(url, path)).cache, `${url}${path}`).toBe("HIT");
  }
}

/**
 * The instance that took the write renders afresh on the very next request; another one as soon as
 * it hears of the write, within the stated bound (docs/decisions/051). Either shows what it changed.
 */
async function expectFresh(path: string, shows: (html: string) => boolean) {
  const [writer, other] = instances();
  const next = await get(writer!.url, path);
  expect(next.status, `${writer!.name} ${path}`).toBe(200);
  expect(next.cache, `${writer!.name} ${path}`).toBe("MISS");
  expect(shows(next.html), `${writer!.name} ${path}`).toBe(true);
  const heard = await untilShown(other!.url, path, (page) => shows(page.html));
  expect(heard.status, `${other!.name} ${path}`).toBe(200);
  expect(heard.cache, `${other!.name} ${path}`).toBe("MISS");
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

describe("a write shows on the next request to its instance, and on every other within the bound", () => {
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

describe("a page from memory", () => {
  /** The headers of an answer, but the transfer's and those that differ by request or result. */
  const comparable = (headers: Headers) =>
    Object.fromEntries(
      [...headers].filter(
        ([name]) => !["date", "connection", "keep-alive", "x-request-id", "x-tianguis-cache"].includes(name),
      ),
    );

  it("carries every header of the same page rendered through the app, and the request id it was sent", async () => {
    const { store } = await ownerOf();
    await clearOfMinuteTurn();
    const rendered = await get(first.server.url, `/${store.id}`, { "accept-encoding": "gzip" });
    const kept = await get(first.server.url, `/${store.id}`, {
      "accept-encoding": "gzip",
      "x-request-id": "proxy-id.7",
    });
    expect([rendered.cache, kept.cache]).toEqual(["MISS", "HIT"]);
    expect(comparable(kept.headers)).toEqual(comparable(rendered.headers));
    expect(kept.headers.get("x-content-type-options")).toBe("nosniff");
    expect(kept.headers.get("x-request-id")).toBe("proxy-id.7");
    expect(rendered.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Not a sensible id: a new one is made.
    const odd = await get(first.server.url, `/${store.id}`, { "x-request-id": "<script>" });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a HEAD and a 304 with the same headers, without a body", async () => {
    const { store } = await ownerOf();
    await clearOfMinuteTurn();
    const page = await get(first.server.url, `/${store.id}`);
    const kept = await get(first.server.url, `/${store.id}`);
    expect(kept.cache).toBe("HIT");
    const head = await fetch(`${first.server.url}/${store.id}`, { method: "HEAD" });
    expect(head.headers.get("x-tianguis-cache")).toBe("HIT");
    expect(comparable(head.headers)).toEqual(comparable(kept.headers));
    expect(await head.text()).toBe("");
    const unchanged = await fetch(`${first.server.url}/${store.id}`, {
      headers: { "if-none-match": page.etag! },
    });
    expect(unchanged.status).toBe(304);
    const { "content-length": _length, "content-encoding": _encoding, ...sent } = comparable(kept.headers);
    expect(comparable(unchanged.headers)).toEqual(sent);
    expect(unchanged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("an address no store ever had", () => {
  const freeId = () => `libre-${Math.random().toString(36).slice(2, 10)}`;

  it("gets the same 404 as a render, from the one look-up, with its own address in it", async () => {
    // An id whose store was deleted keeps its version row: its 404 is rendered for its request.
    const gone = await createStore(db, { cityId: city.id });
    await db.delete(stores).where(eq(stores.id, gone.id));
    const rendered = await get(first.server.url, `/${gone.id}`);
    expect(rendered.status).toBe(404);
    expect(rendered.cache).toBeNull();

    for (const { name, url } of instances()) {
      for (const path of [`/${freeId()}`, `/s/${freeId()}`, `/${freeId()}/p/abc123`]) {
        const id = path.split("/").find((segment) => segment.startsWith("libre-"))!;
        const page = await get(url, path, { "accept-encoding": "gzip" });
        expect(page.status, `${name} ${path}`).toBe(404);
        expect(page.cache, `${name} ${path}`).toBe("UNKNOWN-STORE");
        expect(page.html).toContain(`href="/i/signup?id=${id}"`);
        expect(page.html).toContain("está disponible");
        // Byte for byte the page React Router renders for such an address, with this one in it.
        expect(page.html).toBe(rendered.html.replaceAll(gone.id, id));
        expect(page.headers.get("content-security-policy")).toBe(
          rendered.headers.get("content-security-policy"),
        );
        expect(page.headers.get("x-frame-options")).toBe("DENY");
        expect(page.headers.get("cache-control")).toBe("no-cache");
      }
    }
  });

  it("is the store's page on every instance from the moment the store is created with that id", async () => {
    const id = freeId();
    for (const { url } of instances()) expect((await get(url, `/${id}`)).cache).toBe("UNKNOWN-STORE");
    await createStore(db, { id, cityId: city.id });
    // Neither instance took the write: each shows the store once it hears of it, within the bound.
    for (const { name, url } of instances()) {
      const page = await untilShown(url, `/${id}`, (shown) => shown.status === 200);
      expect(page.cache, name).toBe("MISS");
    }
  });
});

describe("a search not seen before", () => {
  /**
   * The whole render of a page as the cache would keep it: no nonce (a page from memory lists its
   * inline scripts by hash instead), and its stylesheets inside it, with the rules of the classes
   * it draws and of those a search's results may draw.
   */
  async function asKept(html: string) {
    let kept = html.replace(/ nonce="[^"]*"/g, "");
    for (const [link, href] of kept.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g)) {
      const whole = await (await fetch(`${uncached.server.url}${href}`)).text();
      kept = kept.replace(link, `<style>${criticalStylesheet(whole, html, searchSectionClasses())}</style>`);
    }
    return kept;
  }

  it("is the kept city page with its results in it, byte for byte the whole render, on every page of results", async () => {
    // A city of its own with one store: its page's random picks (the strip, the carousels) are then
    // the same in every render.
    const town = await createCity(db, { name: "Real de Catorce" });
    const { store } = await ownerOf({ displayName: "Panadería del Portal", cityId: town.id });
    const term = `cocol${Math.random().toString(36).slice(2, 7)}`;
    for (let index = 0; index < 30; index++) {
      await createProduct(db, store.id, { name: `Pan ${term} ${index}`, price: 10 + index });
    }
    // Written behind the servers' backs: a render before an instance hears of the last of them
    // would be kept under the versions it knew, and rendered again on the next request.
    await writesHeard();
    // Nine requests and two renders must fall within one minute, however busy the machine.
    await clearOfMinuteTurn(20_000);
    for (const path of [
      `/c/${town.id}?q=${term}`,
      `/c/${town.id}?q=${term}&page=2`,
      `/c/${town.id}?q=nada${term}`,
    ]) {
      const spliced = await get(first.server.url, path);
      expect(spliced.status, path).toBe(200);
      expect(spliced.cache, path).toBe("MISS");
      const whole = await get(uncached.server.url, path);
      expect(whole.cache, path).toBeNull();
      expect(spliced.html, path).toBe(await asKept(whole.html));
      expect((await get(first.server.url, path)).cache, path).toBe("HIT");
    }
    // The searches were made on the city page, which they rendered and kept, cut where its search goes.
    const cityPage = await get(first.server.url, `/c/${town.id}`);
    expect(cityPage.cache).toBe("HIT");
    const frame = searchFrame(cityPage.html, town);
    expect(frame).not.toBeNull();
    // Its results are put into it when the page carries the rules of what they draw, and only then.
    const results = {
      term,
      page: 2,
      hasNextPage: true,
      products: [
        {
          storeId: store.id,
          id: "p",
          name: `Pan ${term}`,
          price: 10,
          unit: "pieza",
          imageKey: null,
          storeName: "Portal",
        },
      ],
    };
    expect(searchPage(frame!, results)).not.toBeNull();
    expect(searchPage({ ...frame!, styled: new Set() }, results)).toBeNull();
    const page = await get(first.server.url, `/c/${town.id}?q=${term}`);
    expect(page.html).toMatch(new RegExp(`>Pan ${term} \\d+<`));
    expect(page.html).toContain(`href="/c/${town.id}?q=${term}&amp;page=2#resultados"`);
  });

  it("is sent in gzip to a browser that also takes brotli: it is compressed once, when it is made", async () => {
    const path = `/c/${city.id}?q=brotli${Math.random().toString(36).slice(2, 7)}`;
    const response = await fetch(`${first.server.url}${path}`, {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toContain(NO_SEARCH_RESULTS_MESSAGE);
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
    await untilShown(second.server.url, `/${store.id}`, (page) => page.html.includes("Ahora con café"));
    for (const { url } of instances()) {
      const response = await fetch(`${url}/${store.id}`, { headers: { "If-None-Match": etag! } });
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).not.toBe(etag);
      expect(await response.text()).toContain("Ahora con café");
    }
  });
});

/**
 * The tables whose triggers bump `page_versions`, as the database lists them: every trigger whose
 * function touches the versions. A table that gains such a trigger gets a case below that fails
 * until a write to it is added to `WRITES`.
 */
const { rows: bumpingTables } = await db.execute<{ name: string }>(sql`
  select distinct c.relname as name
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  join pg_proc p on p.oid = t.tgfoid
  where not t.tgisinternal and p.prosrc ~ '(tianguis_touch_|page_versions)'
    -- page_versions' own triggers announce its changes (migration 0027); they bump nothing.
    and c.relname <> 'page_versions'
  order by 1`);
const BUMPING_TABLES = bumpingTables.map((row) => row.name);

/** A write to one table, and how the pages it changes show it. */
type Change = { pages: string[]; write: () => Promise<unknown>; shows: (page: Page) => boolean };

/** The written table is neither instance's own: both only read the database. */
const urls = () => [first.server.url, second.server.url];
const marker = () => `marca-${Math.random().toString(36).slice(2, 10)}`;
/** A city of its own, so its pages list only what these cases put there. */
let directoryCity: { id: string };
const cityPage = () => `/c/${directoryCity.id}`;
const cityStore = (input: CreateStoreInput = {}) =>
  createStore(db, { cityId: directoryCity.id, categoryId: "gifts", ...input });
/** The "Productos destacados" row of a city page (the same products also fill their category's). */
const featuredRow = (html: string) => {
  const start = html.indexOf('id="destacados"');
  return start === -1 ? "" : html.slice(start, html.indexOf("</section>", start));
};

/**
 * For each table, a fresh change: `prepare` writes what the change needs (before the pages are
 * kept), `write` is one statement on the table itself, as any writer (the app, a script, the
 * operator's SQL) would make it.
 */
const WRITES: Record<string, { what: string; prepare: () => Promise<Change> }> = {
  store_categories: {
    what: "a directory category renamed: its row's title on the city page",
    prepare: async () => {
      const name = marker();
      return {
        pages: [cityPage()],
        write: () => db.update(storeCategories).set({ name }).where(eq(storeCategories.id, "sweets")),
        shows: (page) => page.html.includes(name),
      };
    },
  },
  cities: {
    what: "a city renamed: its page's heading",
    prepare: async () => {
      const name = marker();
      return {
        pages: [cityPage()],
        write: () => db.update(cities).set({ name }).where(eq(cities.id, directoryCity.id)),
        shows: (page) => page.html.includes(name),
      };
    },
  },
  stores: {
    what: "a store hidden: gone from its city's page",
    prepare: async () => {
      const name = marker();
      const store = await cityStore({ displayName: name });
      return {
        pages: [cityPage()],
        write: () => db.update(stores).set({ isHidden: true }).where(eq(stores.id, store.id)),
        shows: (page) => !page.html.includes(name),
      };
    },
  },
  store_settings: {
    what: "a store's name changed: on its page and its city's",
    prepare: async () => {
      const displayName = marker();
      const store = await cityStore();
      return {
        pages: [`/${store.id}`, cityPage()],
        write: () => db.update(storeSettings).set({ displayName }).where(eq(storeSettings.storeId, store.id)),
        shows: (page) => page.html.includes(displayName),
      };
    },
  },
  products: {
    what: "a product added: on its store's page",
    prepare: async () => {
      const name = marker();
      const store = await cityStore();
      return {
        pages: [`/${store.id}`],
        write: () => createProduct(db, store.id, { name }),
        shows: (page) => page.html.includes(name),
      };
    },
  },
  offers: {
    what: "an offer added (docs/decisions/036): its badge on its store's page",
    prepare: async () => {
      const name = marker();
      const store = await cityStore({
        licenceType: "basic",
        licenceExpires: new Date(Date.now() + 30 * 86_400_000),
      });
      const product = await createProduct(db, store.id, { name: "Concha" });
      return {
        pages: [`/${store.id}`],
        write: () =>
          db.insert(offers).values({
            storeId: store.id,
            id: name,
            name,
            kind: "bundle",
            buy: 2,
            pay: 1,
            productIds: [product.id],
          }),
        shows: (page) => page.html.includes("Oferta 2×1"),
      };
    },
  },
  featured_products: {
    what: "a product featured: in its city's featured row",
    prepare: async () => {
      const name = marker();
      const store = await cityStore();
      const product = await createProduct(db, store.id, {
        name,
        imageKey: `product-images/${store.id}/${name}.webp`,
      });
      return {
        pages: [cityPage()],
        write: () => db.insert(featuredProducts).values({ storeId: store.id, productId: product.id }),
        shows: (page) => featuredRow(page.html).includes(name),
      };
    },
  },
  custom_domains: {
    what: "a store's own domain verified: its platform page moves there",
    prepare: async () => {
      const host = `${marker()}.example`;
      const store = await cityStore({
        licenceType: "basic",
        licenceExpires: new Date(Date.now() + 30 * 86_400_000),
      });
      return {
        pages: [`/${store.id}`],
        write: () =>
          db
            .insert(customDomains)
            .values({ storeId: store.id, host, token: "tianguis-t", status: "verified" }),
        shows: (page) => page.status === 301 && (page.headers.get("location") ?? "").includes(host),
      };
    },
  },
};

/**
 * A kept page lasts until its minute ends, so a page renewed in a later minute says nothing about
 * the write. A run counts only if it began and ended within one minute of this machine's clock
 * (the servers' too): every server answer in it was given in that minute. A run that straddled
 * the turn of a minute is run again with a fresh change; one run takes a second or two, so a second
 * run always fits.
 */
async function inOneMinute(table: string, run: (minute: number) => Promise<"straddled" | (() => void)>) {
  for (let runs = 0; runs < 3; runs++) {
    const minute = Math.floor(Date.now() / 60_000);
    const check = await run(minute);
    if (check !== "straddled" && Math.floor(Date.now() / 60_000) === minute) return check();
  }
  throw new Error(`${table}: three runs in a row straddled a minute's turn`);
}

describe("every table whose writes bump page_versions", () => {
  beforeAll(async () => {
    directoryCity = await createCity(db, { name: "Villa de Pruebas" });
    // The category carousels show only categories with a product with a photo in the city.
    const sweets = await cityStore({ categoryId: "sweets" });
    await createProduct(db, sweets.id, { imageKey: `product-images/${sweets.id}/pan.webp` });
  });

  it("has a write here for each of them, and for no other table", () => {
    expect(BUMPING_TABLES.length).toBeGreaterThan(0);
    expect(Object.keys(WRITES).sort()).toEqual(BUMPING_TABLES);
  });

  // Both lists: a table that lost its trigger still runs its case, and fails it for that reason.
  const tables = [...new Set([...BUMPING_TABLES, ...Object.keys(WRITES)])].sort();
  it.each(tables.map((table) => [table, WRITES[table]?.what ?? "no write here yet"]))(
    "%s: %s, on either instance within the bound and the same minute",
    async (table) => {
      const entry = WRITES[table];
      expect(entry, `add a write to ${table} to WRITES`).toBeDefined();
      await inOneMinute(table, async (minute) => {
        const change = await entry!.prepare();
        for (const path of change.pages) {
          for (const [index, url] of urls().entries()) {
            const name = `instance ${index + 1}`;
            // What `prepare` wrote may be heard after the first render: then the next renders again.
            const kept = await untilKept(url, path, (page) => !change.shows(page));
            // The page's minute ended between the two requests: this run proves nothing.
            if (kept.cache !== "HIT" && Math.floor(Date.now() / 60_000) !== minute) return "straddled";
            expect(kept.cache, `${name} ${path} before the write`).toBe("HIT");
            expect(change.shows(kept), `${name} ${path} before the write`).toBe(false);
          }
        }
        await change.write();
        // Neither instance took the write: each shows it once it hears of it, within the bound.
        const after: { name: string; path: string; page: Page }[] = [];
        for (const path of change.pages) {
          for (const [index, url] of urls().entries()) {
            const page = await untilShown(url, path, change.shows).catch(() => get(url, path));
            after.push({ name: `instance ${index + 1}`, path, page });
          }
        }
        return () => {
          for (const { name, path, page } of after) {
            expect(page.cache, `${name} ${path}`).not.toBe("HIT");
            expect(change.shows(page), `${name} ${path}`).toBe(true);
          }
        };
      });
    },
  );
});

/** A counter of the instance's metrics (summed over its workers). */
async function counter(url: string, name: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? 0);
}
const VERSION_READS = "tianguis_page_version_reads_total";
const versionsSource = async (url: string) =>
  ((await (await fetch(`${url}/readyz`)).json()) as { pageVersions: string }).pageVersions;

describe("versions in memory, from the database's notices (docs/decisions/051)", () => {
  it("a write through one instance shows on the other within the bound; a kept page costs no database read", async () => {
    const { store, cookie } = await ownerOf();
    await warm(`/${store.id}`);
    await expect.poll(() => versionsSource(second.server.url)).toBe("memory");
    const readsBefore = await counter(second.server.url, VERSION_READS);
    for (let i = 0; i < 200; i++) expect((await get(second.server.url, `/${store.id}`)).cache).toBe("HIT");
    expect(await counter(second.server.url, VERSION_READS)).toBe(readsBefore);

    await expectOk(post("/i/admin/settings", cookie, settings(store, { displayName: "Recién Cambiada" })));
    const shown = await untilShown(second.server.url, `/${store.id}`, (page) =>
      page.html.includes("Recién Cambiada"),
    );
    expect(shown.cache).toBe("MISS");
    // Heard from memory, not by reading the versions again.
    expect(await counter(second.server.url, VERSION_READS)).toBe(readsBefore);
  });

  it(
    "with the listening connections cut, never the old page: the versions are read until they listen again",
    { timeout: 60_000 },
    async () => {
      const { store, cookie } = await ownerOf();
      await warm(`/${store.id}`);
      const admin = createClient({ connectionString: databaseUrl });
      await admin.connect();
      // Each listener reconnects within a quarter of a second: cut again and again while it lasts.
      let holding = true;
      const hold = (async () => {
        while (holding) {
          await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
            [LISTENER_APPLICATION_NAME],
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        await expect.poll(() => versionsSource(second.server.url)).toBe("database");
        const readsBefore = await counter(second.server.url, VERSION_READS);
        // No notice can reach the other instance now; it shows the write on its very next request.
        await expectOk(post("/i/admin/settings", cookie, settings(store, { displayName: "Sin Aviso" })));
        for (let i = 0; i < 20; i++) {
          const page = await get(second.server.url, `/${store.id}`);
          expect(page.html, `request ${i + 1}`).toContain("Sin Aviso");
        }
        expect(await counter(second.server.url, VERSION_READS)).toBeGreaterThan(readsBefore);
      } finally {
        holding = false;
        await hold;
        await admin.end();
      }
      // Listening again: caught up, and back to memory.
      await expect.poll(() => versionsSource(second.server.url)).toBe("memory");
      await db
        .update(storeSettings)
        .set({ displayName: "De Vuelta" })
        .where(eq(storeSettings.storeId, store.id));
      await untilShown(second.server.url, `/${store.id}`, (page) => page.html.includes("De Vuelta"));
    },
  );
});
