import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  createCity,
  createProduct,
  createStore,
  type CreateProductInput,
  type CreateStoreInput,
} from "~/db/factories.server";
import { analyticsEvents, featuredProducts, products, stores } from "~/db/schema";
import { countVisibleStores, listCategoryCarousels, listStoreStrip } from "~/domain/directory/city.server";
import { createCityFrames } from "~/domain/directory/city-frame.server";
import {
  FEATURED_ROTATION_INTERVAL_MS,
  listFeaturedProducts,
  rotateFeaturedProducts,
  rotateFeaturedProductsIfDue,
} from "~/domain/directory/featured.server";
import { productMatches, searchCityProducts, searchProducts } from "~/domain/directory/search.server";
import { clear } from "~/domain/rate-limit/rate-limit.server";
import { createTestDatabase } from "../support/database";

const { db, pool } = await createTestDatabase();

const suffix = () => Math.random().toString(36).slice(2, 8);
/** An address no other search of the run has used (a documentation IPv6 address), so a limit starts empty. */
const freshAddress = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
const image = (storeId: string) => `product-images/${storeId}/${suffix()}.webp`;

/** A store in a city of its own, so each test sees only its own data. */
async function storeIn(cityId: string, input: CreateStoreInput = {}) {
  return createStore(db, { id: `t-${suffix()}`, cityId, ...input });
}
async function product(storeId: string, input: CreateProductInput = {}) {
  return createProduct(db, storeId, { imageKey: image(storeId), ...input });
}
async function search(cityId: string, term: string, page = 1, pageSize?: number) {
  const result = await searchProducts(db, { cityId, term, page, pageSize });
  return result.products.map((found) => found.name).sort();
}
async function carouselNames(cityId: string) {
  const carousels = await listCategoryCarousels(db, cityId);
  return [...carousels.values()].flat().map((found) => found.name);
}

describe("city directory visibility", () => {
  it("never shows hidden stores or unavailable products in the strip, the search, the carousels or the featured products", async () => {
    const city = "guadalajara";
    const visible = await storeIn(city, { displayName: "Visible", categoryId: "gifts" });
    const hidden = await storeIn(city, { displayName: "Oculta", categoryId: "gifts", isHidden: true });
    await product(visible.id, { name: "Jarrón visible" });
    await product(visible.id, { name: "Jarrón agotado", available: false });
    await product(hidden.id, { name: "Jarrón escondido" });

    expect(await countVisibleStores(db, city)).toBe(1);
    expect((await listStoreStrip(db, city)).map((store) => store.id)).toEqual([visible.id]);
    expect(await search(city, "jarron")).toEqual(["Jarrón visible"]);
    // A term too short for the trigram index takes the other way through the same rules.
    expect(await search(city, "ja")).toEqual(["Jarrón visible"]);
    expect(await carouselNames(city)).toEqual(["Jarrón visible"]);

    // Feature everything of this city directly, then check that the reader still filters.
    const all = await db
      .select()
      .from(products)
      .where(sql`${products.storeId} in (${visible.id}, ${hidden.id})`);
    await db.delete(featuredProducts);
    await db
      .insert(featuredProducts)
      .values(all.map((row, position) => ({ storeId: row.storeId, productId: row.id, position })));
    expect((await listFeaturedProducts(db, city)).map((found) => found.name)).toEqual(["Jarrón visible"]);
  });

  it("leaves products without an image out of the carousels", async () => {
    const city = "puebla";
    const store = await storeIn(city, { categoryId: "beauty" });
    await product(store.id, { name: "Jabón con foto" });
    await product(store.id, { name: "Jabón sin foto", imageKey: null });
    await product(store.id, { name: "Jabón con clave vacía", imageKey: "" });
    expect(await carouselNames(city)).toEqual(["Jabón con foto"]);
    const carousels = await listCategoryCarousels(db, city);
    expect(carousels.get("beauty")).toHaveLength(1);
    expect(carousels.get("sweets")).toEqual([]);
  });

  it("never shows another city's stores or products", async () => {
    const here = await storeIn("leon", { categoryId: "sweets" });
    const there = await storeIn("merida", { categoryId: "sweets" });
    await product(here.id, { name: "Pan de León" });
    await product(there.id, { name: "Pan de Mérida" });
    await db.delete(featuredProducts);
    await rotateFeaturedProducts(db);

    expect(await search("leon", "pan de")).toEqual(["Pan de León"]);
    expect(await search("leon", "de")).toEqual(["Pan de León"]);
    expect(await carouselNames("leon")).toEqual(["Pan de León"]);
    expect((await listStoreStrip(db, "leon")).map((store) => store.id)).toEqual([here.id]);
    expect((await listFeaturedProducts(db, "leon")).map((found) => found.storeId)).not.toContain(there.id);
    expect(await countVisibleStores(db, "leon")).toBe(1);
  });
});

describe("product search", () => {
  it('ignores case and accents: "cafe" finds "Café" and "CAFÉ", in the name or the description', async () => {
    const city = "oaxaca";
    const store = await storeIn(city);
    await product(store.id, { name: "Café de olla" });
    await product(store.id, { name: "CAFÉ MOLIDO" });
    await product(store.id, { name: "Pan", description: "Ideal con un cafecito" });
    await product(store.id, { name: "Té verde" });
    expect(await search(city, "cafe")).toEqual(["CAFÉ MOLIDO", "Café de olla", "Pan"]);
    expect(await search(city, "CAFÉ")).toEqual(["CAFÉ MOLIDO", "Café de olla", "Pan"]);
    expect(await search(city, "molido")).toEqual(["CAFÉ MOLIDO"]);
    expect(await search(city, "té")).toEqual(["Té verde"]);
  });

  it("takes %, _ and \\ in the term literally", async () => {
    const city = "queretaro";
    const store = await storeIn(city);
    await product(store.id, { name: "Descuento 20% en pan" });
    await product(store.id, { name: "Pan integral" });
    await product(store.id, { name: "pan_de_caja" });
    await product(store.id, { name: "Ruta C:\\pan" });
    expect(await search(city, "%")).toEqual(["Descuento 20% en pan"]);
    expect(await search(city, "20%")).toEqual(["Descuento 20% en pan"]);
    expect(await search(city, "_")).toEqual(["pan_de_caja"]);
    expect(await search(city, "p_n")).toEqual([]);
    expect(await search(city, "\\")).toEqual(["Ruta C:\\pan"]);
    // Full-width look-alikes become wildcards only if escaping happened before unaccent().
    expect(await search(city, "％")).toEqual(["Descuento 20% en pan"]);
  });

  it("pages the results without repeating or skipping any", async () => {
    const city = "monterrey";
    const store = await storeIn(city);
    for (let index = 0; index < 5; index++) await product(store.id, { name: `Galleta ${index}` });
    const first = await searchProducts(db, { cityId: city, term: "galleta", page: 1, pageSize: 2 });
    const second = await searchProducts(db, { cityId: city, term: "galleta", page: 2, pageSize: 2 });
    const third = await searchProducts(db, { cityId: city, term: "galleta", page: 3, pageSize: 2 });
    expect([first.hasNextPage, second.hasNextPage, third.hasNextPage]).toEqual([true, true, false]);
    const names = [...first.products, ...second.products, ...third.products]
      .map((found) => found.name)
      .sort();
    expect(names).toEqual(["Galleta 0", "Galleta 1", "Galleta 2", "Galleta 3", "Galleta 4"]);
  });

  it("answers with the store's name and records search_products and search_results", async () => {
    const city = "zacatecas";
    const store = await storeIn(city, { displayName: "Dulces Zacatecanos" });
    await product(store.id, { name: "Cocada", price: 12.5 });
    const result = await searchCityProducts(db, { cityId: city, term: "cocada", page: 1 }, "203.0.113.9");
    expect(result.products).toEqual([
      expect.objectContaining({
        name: "Cocada",
        price: 12.5,
        storeName: "Dulces Zacatecanos",
        storeId: store.id,
      }),
    ]);
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.data}->>'term' = 'cocada'`);
    expect(events.map((event) => [event.name, event.data.results ?? null]).sort()).toEqual([
      ["search_products", null],
      ["search_results", 1],
    ]);
  });

  it("50 simultaneous searches from one address past its limit of 60: each search's two events or neither, never more than 60", async () => {
    const term = `limite-${suffix()}`;
    const ip = freshAddress();
    await Promise.all(
      Array.from({ length: 50 }, (_, page) =>
        searchCityProducts(db, { cityId: "zacatecas", term, page: page + 1 }, ip),
      ),
    );
    await Promise.all(
      Array.from({ length: 50 }, (_, page) =>
        searchCityProducts(db, { cityId: "zacatecas", term, page: page + 51 }, ip),
      ),
    );
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.data}->>'term' = ${term}`);
    const pagesOf = (name: string) =>
      events
        .filter((event) => event.name === name)
        .map((event) => Number(event.data.page))
        .sort((a, b) => a - b);
    expect(pagesOf("search_products")).toHaveLength(60);
    expect(pagesOf("search_results")).toEqual(pagesOf("search_products"));
  });

  it("once an address's limit is full, this process records none of its searches until the window lets one in", async () => {
    const term = `ventana-${suffix()}`;
    const ip = freshAddress();
    const recorded = async () =>
      (
        await db
          .select()
          .from(analyticsEvents)
          .where(
            and(eq(analyticsEvents.name, "search_products"), sql`${analyticsEvents.data}->>'term' = ${term}`),
          )
      ).length;
    for (let page = 1; page <= 61; page += 1)
      await searchCityProducts(db, { cityId: "zacatecas", term, page }, ip);
    expect(await recorded()).toBe(60);
    // The database is no longer asked: with the address's hits gone, a search is still not counted…
    await clear(db, { name: "searchEventsPerAddress", subject: ip });
    await searchCityProducts(db, { cityId: "zacatecas", term, page: 62 }, ip);
    expect(await recorded()).toBe(60);
    // …until the window has passed.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000);
      await searchCityProducts(db, { cityId: "zacatecas", term, page: 63 }, ip);
    } finally {
      vi.useRealTimers();
    }
    expect(await recorded()).toBe(61);
  });

  it("matches with the kept search text the trigram index is built on", async () => {
    const query = db.select({ id: products.id }).from(products).where(productMatches("pastel")).toSQL();
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      const plan = await client.query(`explain ${query.sql}`, query.params as unknown[]);
      expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("products_search_trgm_idx");
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});

describe("a city's frame around its searches", () => {
  const versions = (cityId: string, city: number, directory = 1) =>
    new Map([
      [`city:${cityId}`, city],
      ["directory", directory],
    ]);

  it("is loaded once per versions and minute, and again after a write, a new minute, or without versions", async () => {
    const clock = { now: Date.parse("2026-11-26T12:00:10Z") };
    const frames = createCityFrames({ now: () => clock.now });
    const { id: city } = await createCity(db);
    await product((await storeIn(city)).id);
    const first = frames.get(db, city, versions(city, 1));
    expect(frames.get(db, city, versions(city, 1))).toBe(first);
    expect((await first).storeCount).toBe(1);

    // A write bumps the city's version: the next search sees it.
    await product((await storeIn(city)).id);
    const afterWrite = frames.get(db, city, versions(city, 2));
    expect(afterWrite).not.toBe(first);
    expect((await afterWrite).storeCount).toBe(2);
    expect(frames.get(db, city, versions(city, 2, 2))).not.toBe(afterWrite);

    // "Abierto ahora" is about the minute: a new minute loads the frame again.
    const beforeTurn = frames.get(db, city, versions(city, 3));
    clock.now += 50_000;
    expect(frames.get(db, city, versions(city, 3))).not.toBe(beforeTurn);

    expect(frames.get(db, city, undefined)).not.toBe(frames.get(db, city, undefined));
  });
});

describe("featured products", () => {
  it("features up to 12 available products with images from visible stores, never more than 2 of one store", async () => {
    const city = "ciudad-de-mexico";
    for (let index = 0; index < 8; index++) {
      const store = await storeIn(city);
      for (let n = 0; n < 4; n++) await product(store.id, { name: `Producto ${index}-${n}` });
      await product(store.id, { name: "Agotado", available: false });
      await product(store.id, { name: "Sin foto", imageKey: null });
    }
    const hidden = await storeIn(city, { isHidden: true });
    await product(hidden.id, { name: "De tienda oculta" });

    for (let round = 0; round < 5; round++) {
      const { featured } = await rotateFeaturedProducts(db);
      const rows = await db
        .select({
          storeId: featuredProducts.storeId,
          available: products.available,
          imageKey: products.imageKey,
          hidden: stores.isHidden,
        })
        .from(featuredProducts)
        .innerJoin(
          products,
          and(eq(products.storeId, featuredProducts.storeId), eq(products.id, featuredProducts.productId)),
        )
        .innerJoin(stores, eq(stores.id, products.storeId));
      expect(rows).toHaveLength(featured);
      expect(featured).toBeGreaterThan(0);
      expect(featured).toBeLessThanOrEqual(12);
      const perStore = new Map<string, number>();
      for (const row of rows) perStore.set(row.storeId, (perStore.get(row.storeId) ?? 0) + 1);
      expect(Math.max(...perStore.values())).toBeLessThanOrEqual(2);
      expect(rows.every((row) => row.available && row.imageKey && !row.hidden)).toBe(true);
    }
  });

  it("stops showing a featured product that became unavailable or was deleted", async () => {
    const city = "aguascalientes";
    const store = await storeIn(city);
    const kept = await product(store.id, { name: "Sigue" });
    const disabled = await product(store.id, { name: "Se agota" });
    await db.delete(featuredProducts);
    await db.insert(featuredProducts).values([
      { storeId: store.id, productId: kept.id, position: 0 },
      { storeId: store.id, productId: disabled.id, position: 1 },
    ]);
    await db
      .update(products)
      .set({ available: false })
      .where(and(eq(products.storeId, store.id), eq(products.id, disabled.id)));
    expect((await listFeaturedProducts(db, city)).map((found) => found.name)).toEqual(["Sigue"]);
    await db.delete(products).where(and(eq(products.storeId, store.id), eq(products.id, kept.id)));
    expect(await listFeaturedProducts(db, city)).toEqual([]);
  });

  it("rotates by itself only when the last rotation is a day old, and only once when instances race", async () => {
    const store = await storeIn("aguascalientes");
    await product(store.id, { name: "Para destacar" });
    await rotateFeaturedProducts(db);
    expect(await rotateFeaturedProductsIfDue(db)).toBe("skipped");

    const dayAgo = new Date(Date.now() - FEATURED_ROTATION_INTERVAL_MS - 60_000);
    await db.update(featuredProducts).set({ createdAt: dayAgo });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => rotateFeaturedProductsIfDue(db)));
    expect(outcomes.filter((outcome) => outcome === "rotated")).toHaveLength(1);
    const [newest] = await db
      .select({ at: sql<string>`max(${featuredProducts.createdAt})` })
      .from(featuredProducts);
    expect(new Date(newest!.at).getTime()).toBeGreaterThan(dayAgo.getTime() + 60_000);
  });
});
