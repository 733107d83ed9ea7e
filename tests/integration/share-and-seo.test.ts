/**
 * Sharing and search engines, through the real HTTP server (the built app in its own process): the
 * owner's QR and poster, product pages and their previews, the JPEG cards every page declares,
 * robots.txt, the sitemap and the JSON-LD.
 */
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createCity, createOwner, createProduct, createStore } from "~/db/factories.server";
import { products, storeSettings } from "~/db/schema";
import type { ImageKind } from "~/domain/images/image-urls";
import { SITEMAP_LIMIT, sitemapIndexXml, sitemapPages } from "~/domain/share/sitemap.server";
import { createTestDatabase } from "../support/database";
import { signIn, uploadPhoto as uploadPhotoOver, useServerProcess } from "../support/http-server";
import { untilShown } from "../support/kept-pages";
import { photoLikeJpeg } from "../support/photo";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);
const base = () => running.server.url;

async function ownerOf(input: Parameters<typeof createStore>[1] = {}) {
  const store = await createStore(db, input);
  const owner = await createOwner(db, { storeId: store.id });
  return { store, cookie: await signIn(base(), owner.email, owner.password) };
}

const uploadPhoto = (cookie: string, kind: ImageKind) => uploadPhotoOver(base(), cookie, kind);

async function page(pathname: string) {
  const response = await fetch(`${base()}${pathname}`);
  return { status: response.status, html: await response.text() };
}

function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta[^>]+(?:property|name)="${key}"[^>]*>`).exec(html)?.[0];
  if (!tag) return null;
  return decodeEntities(/content="([^"]*)"/.exec(tag)?.[1] ?? "");
}

function decodeEntities(text: string) {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The page's og:image fetched like a preview crawler would: a JPEG of the declared size. */
async function expectJpegCard(html: string) {
  const url = metaContent(html, "og:image");
  expect(url).toMatch(/\/i\/og\/.+\.jpg$/);
  expect(metaContent(html, "og:image:type")).toBe("image/jpeg");
  expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
  expect(metaContent(html, "og:image:alt")).toBeTruthy();
  const response = await fetch(`${base()}${new URL(url!).pathname}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  expect(response.headers.get("cache-control")).toContain("immutable");
  const info = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect(info.format).toBe("jpeg");
  expect(String(info.width)).toBe(metaContent(html, "og:image:width"));
  expect(String(info.height)).toBe(metaContent(html, "og:image:height"));
  return url!;
}

type Pixels = { data: Buffer; width: number; height: number };

/** A card as raw RGB pixels. */
async function cardPixels(url: string): Promise<Pixels> {
  const response = await fetch(`${base()}${new URL(url).pathname}`);
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function region(pixels: Pixels, area: { left: number; top: number; width: number; height: number }) {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .extract(area)
    .raw()
    .toBuffer();
}

/** The mean difference of two images' channels, 0 (the same) to 255. */
function meanDifference(a: Buffer, b: Buffer) {
  expect(a.length).toBe(b.length);
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!);
  return total / a.length;
}

/** The rows where two cards of one size differ visibly (beyond JPEG's noise). */
function differingRows(a: Pixels, b: Pixels) {
  const rows: number[] = [];
  const stride = a.width * 3;
  for (let y = 0; y < a.height; y++) {
    let total = 0;
    for (let i = y * stride; i < (y + 1) * stride; i++) total += Math.abs(a.data[i]! - b.data[i]!);
    if (total / stride > 1) rows.push(y);
  }
  return rows;
}

/**
 * What keeps a document from being well-formed XML, in words; empty when nothing does: an XML
 * declaration, one root element, every tag closed in order, quoted attributes, and no `<` or
 * bare `&` in text.
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push("no XML declaration");
  const open: string[] = [];
  let roots = 0;
  for (const [token] of xml.replace(/^<\?xml[^>]*\?>/, "").matchAll(/<[^>]*>|[^<]+|</g)) {
    if (!token.startsWith("<")) {
      const stray =
        open.length === 0 ? token.trim() !== "" : /&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(token);
      if (stray) problems.push(`stray text: ${token.slice(0, 40)}`);
      continue;
    }
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)(?:\s+[\w:.-]+="[^"<&]*")*\s*(\/?)>$/.exec(token);
    if (!tag) {
      problems.push(`not a tag: ${token.slice(0, 40)}`);
      continue;
    }
    const [, closing, name, selfClosing] = tag;
    if (closing) {
      if (open.pop() !== name) problems.push(`</${name}> closes no open <${name}>`);
    } else {
      if (open.length === 0) roots++;
      if (!selfClosing) open.push(name!);
    }
  }
  if (open.length > 0) problems.push(`never closed: ${open.join(", ")}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

describe("share kit", () => {
  it("the QR PNG decodes to the store's address, for its owner only", async () => {
    const { store, cookie } = await ownerOf();
    const response = await fetch(`${base()}/i/admin/share/qr.png`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(`${base()}/${store.id}`);

    const anonymous = await fetch(`${base()}/i/admin/share/qr.png`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/i/login");
  });

  it.each(["a4", "media-carta"] as const)(
    "the %s poster is a valid PDF with the store's name, address and logo",
    async (size) => {
      const { store, cookie } = await ownerOf({ displayName: "Panadería La Espiga" });
      const logoKey = await uploadPhoto(cookie, "store-logos");
      await db.update(storeSettings).set({ logoKey }).where(eq(storeSettings.storeId, store.id));
      const response = await fetch(`${base()}/i/admin/share/poster.pdf?tamano=${size}`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      const bytes = new Uint8Array(await response.arrayBuffer());
      // pdf.js takes the buffer it reads: keep the raw text first.
      const raw = Buffer.from(bytes).toString("latin1");
      const pdf = await getDocumentProxy(bytes);
      expect(pdf.numPages).toBe(1);
      const pageSize = (await pdf.getPage(1)).view;
      expect(pageSize.slice(2).map(Math.round)).toEqual(size === "a4" ? [595, 842] : [396, 612]);
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain("Panadería La Espiga");
      expect(text).toContain(`${base()}/${store.id}`);
      expect(text).toContain("Escanea el código y haz tu pedido");
      // The logo and the QR are drawn: the page uses two images.
      const images = new Set(raw.match(/\/I\d+ \d+ 0 R/g));
      expect(images.size).toBe(2);
    },
  );
});

describe("product pages and link previews", () => {
  it("a product's own page opens the store with that product first, and previews as itself", async () => {
    const { store, cookie } = await ownerOf({ displayName: "Tamales Doña Lupe" });
    const imageKey = await uploadPhoto(cookie, "product-images");
    await createProduct(db, store.id, { name: "Atole de fresa", price: 25 });
    const tamal = await createProduct(db, store.id, {
      name: "Tamal verde",
      price: 245,
      description: "De pollo con salsa verde",
      imageKey,
    });

    const { status, html } = await page(`/${store.id}/p/${tamal.id}`);
    expect(status).toBe(200);
    expect(metaContent(html, "og:title")).toBe("Tamal verde");
    expect(metaContent(html, "og:description")).toContain("$245.00");
    expect(metaContent(html, "og:url")).toBe(`${base()}/${store.id}/p/${tamal.id}`);
    expect(metaContent(html, "product:price:amount")).toBe("245.00");
    expect(html).toContain(`<link rel="canonical" href="${base()}/${store.id}/p/${tamal.id}"/>`);
    // The shared product leads the list, marked for the shopper.
    const first = /<article[^>]*data-shared="true"[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/.exec(html);
    expect(first?.[1]).toBe("Tamal verde");
    expect(html.indexOf("Tamal verde")).toBeLessThan(html.indexOf("Atole de fresa"));
    await expectJpegCard(html);

    const [product] = jsonLd(html);
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Tamal verde",
      offers: {
        "@type": "Offer",
        price: "245.00",
        priceCurrency: "MXN",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("a product no longer offered shows the store with a notice, 404 and noindex", async () => {
    const store = await createStore(db);
    const gone = await createProduct(db, store.id, { name: "Rosca", available: false });
    const { status, html } = await page(`/${store.id}/p/${gone.id}`);
    expect(status).toBe(404);
    expect(html).toContain("Este producto ya no está disponible.");
    expect(metaContent(html, "robots")).toBe("noindex");
    expect(jsonLd(html)).toEqual([]);
  });

  it("every og:image on the landing, city and store pages is a JPEG card of its declared size", async () => {
    const { store, cookie } = await ownerOf({ displayName: "Café Ñandú" });
    const logoKey = await uploadPhoto(cookie, "store-logos");
    await db.update(storeSettings).set({ logoKey }).where(eq(storeSettings.storeId, store.id));
    for (const pathname of ["/", "/c/aguascalientes", `/${store.id}`]) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      await expectJpegCard(html);
    }
  });

  it("a product's card shows the product's photo, where the store's card has none", async () => {
    const { store, cookie } = await ownerOf({ displayName: "Tortas Don Beto" });
    const imageKey = await uploadPhoto(cookie, "product-images");
    const torta = await createProduct(db, store.id, { name: "Torta ahogada", price: 85, imageKey });
    const productCard = await cardPixels(
      await expectJpegCard((await page(`/${store.id}/p/${torta.id}`)).html),
    );
    const storeCard = await cardPixels(await expectJpegCard((await page(`/${store.id}`)).html));
    // The photo fills the card's right square, as the server's re-encoding of what was uploaded.
    const photo = await sharp(await photoLikeJpeg(900, 700))
      .resize(630, 630, { fit: "cover" })
      .removeAlpha()
      .raw()
      .toBuffer();
    const square = { left: 1200 - 630, top: 0, width: 630, height: 630 };
    const withPhoto = meanDifference(await region(productCard, square), photo);
    const without = meanDifference(await region(storeCard, square), photo);
    expect(withPhoto).toBeLessThan(12);
    expect(without).toBeGreaterThan(30);
  });

  it("a city's card shows how many stores it has", async () => {
    const city = await createCity(db, { name: "San Marcos" });
    await createStore(db, { cityId: city.id });
    const one = await cardPixels(await expectJpegCard((await page(`/c/${city.id}`)).html));
    await createStore(db, { cityId: city.id });
    const two = await cardPixels(await expectJpegCard((await page(`/c/${city.id}`)).html));
    // Only the line with the count changed: the rows that differ form one band, a line of text high.
    const rows = differingRows(one, two);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)! - rows[0]!).toBeLessThan(60);
  });

  it("a store's card URL changes when the store does, and the old one leads to the new", async () => {
    const store = await createStore(db, { displayName: "Antes" });
    const before = metaContent((await page(`/${store.id}`)).html, "og:image")!;
    await db.update(storeSettings).set({ displayName: "Después" }).where(eq(storeSettings.storeId, store.id));
    // Written by the test, not through the server: shown within the bound of its versions in memory.
    const shown = await untilShown(base(), `/${store.id}`, (kept) => kept.html.includes("Después"));
    const after = metaContent(shown.html, "og:image")!;
    expect(after).not.toBe(before);
    const old = await fetch(`${base()}${new URL(before).pathname}`, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(new URL(after).pathname);
    expect((await fetch(`${base()}/i/og/tienda/no-existe/abc.jpg`)).status).toBe(404);
  });

  it("the store page's JSON-LD is a Store in its city, with the phone only when published", async () => {
    const quiet = await createStore(db, { displayName: "Sin teléfono", settings: { phone: "4491234567" } });
    const [store] = jsonLd((await page(`/${quiet.id}`)).html);
    expect(store).toMatchObject({
      "@type": "Store",
      name: "Sin teléfono",
      url: `${base()}/${quiet.id}`,
      address: { "@type": "PostalAddress", addressLocality: "Aguascalientes", addressCountry: "MX" },
    });
    expect(store).not.toHaveProperty("telephone");
    const published = await createStore(db, {
      settings: { phone: "4491234567", requireWhatsappConfirmation: true },
    });
    const [withPhone] = jsonLd((await page(`/${published.id}`)).html);
    expect(withPhone).toHaveProperty("telephone");
    expect(withPhone).not.toHaveProperty("openingHoursSpecification");
  });

  it("the store page's JSON-LD has the pickup street, the hours and the published phone, each only when set", async () => {
    const weekly = [[], [{ open: "08:00", close: "20:00" }], [], [], [], [], []];
    const full = await createStore(db, {
      settings: {
        allowPickup: true,
        pickupAddress: "Calle Juan de Montoro 214, Zona Centro",
        phone: "4491234567",
        requireWhatsappConfirmation: true,
        openingHours: { weekly, exceptions: [] },
      },
    });
    const [store] = jsonLd((await page(`/${full.id}`)).html);
    expect(store).toMatchObject({
      telephone: "4491234567",
      address: {
        "@type": "PostalAddress",
        streetAddress: "Calle Juan de Montoro 214, Zona Centro",
        addressLocality: "Aguascalientes",
        addressCountry: "MX",
      },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: "https://schema.org/Monday",
          opens: "08:00",
          closes: "20:00",
        },
      ],
    });
    // A store that configures nothing new says what it said before: its city, no street.
    const quiet = await createStore(db);
    const [plain] = jsonLd((await page(`/${quiet.id}`)).html);
    expect(plain!.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Aguascalientes",
      addressRegion: "Aguascalientes",
      addressCountry: "MX",
    });
    for (const key of ["telephone", "openingHoursSpecification"]) expect(plain).not.toHaveProperty(key);
    // An address kept while pickup is switched off is not published.
    const noPickup = await createStore(db, {
      settings: { allowPickup: false, allowDelivery: true, pickupAddress: "Madero 12, Centro" },
    });
    const noPickupPage = (await page(`/${noPickup.id}`)).html;
    expect(jsonLd(noPickupPage)[0]!.address).not.toHaveProperty("streetAddress");
    expect(noPickupPage).not.toContain("Madero 12");
  });

  it("the store page's JSON-LD carries the opening hours the owner set", async () => {
    const weekly = [[], [], [], [], [], [], [{ open: "09:00", close: "15:00" }]];
    const open = await createStore(db, { settings: { openingHours: { weekly, exceptions: [] } } });
    const [store] = jsonLd((await page(`/${open.id}`)).html);
    expect(store).toMatchObject({
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: "https://schema.org/Saturday",
          opens: "09:00",
          closes: "15:00",
        },
      ],
    });
  });
});

describe("search engines", () => {
  it("robots.txt closes the panels and points at the sitemap", async () => {
    const response = await fetch(`${base()}/robots.txt`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("Disallow: /i/");
    expect(text).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });

  it("the sitemap lists every visible store and available product, and no hidden store", async () => {
    const visible = await createStore(db);
    const hidden = await createStore(db, { isHidden: true });
    const offered = await createProduct(db, visible.id, { name: "Concha" });
    const withdrawn = await createProduct(db, visible.id, { name: "Oreja", available: false });
    const secret = await createProduct(db, hidden.id, { name: "Secreto" });
    const response = await fetch(`${base()}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${base()}/${visible.id}`);
    expect(locs).toContain(`${base()}/${visible.id}/p/${offered.id}`);
    expect(locs).not.toContain(`${base()}/${visible.id}/p/${withdrawn.id}`);
    expect(locs.some((loc) => loc!.includes(hidden.id))).toBe(false);
    expect(locs).not.toContain(`${base()}/${hidden.id}/p/${secret.id}`);
    const [row] = await db.select().from(products).where(eq(products.id, offered.id));
    expect(xml).toContain(
      `<loc>${base()}/${visible.id}/p/${offered.id}</loc><lastmod>${row!.updatedAt.toISOString()}</lastmod>`,
    );
    // Hidden stores are not indexed either.
    const { html } = await page(`/${hidden.id}`);
    expect(metaContent(html, "robots")).toBe("noindex");
  });

  it("under 50,000 addresses the sitemap is one well-formed file, also as /sitemaps/1.xml; no other page exists", async () => {
    const store = await createStore(db);
    await createProduct(db, store.id, { name: "Empanada" });
    const response = await fetch(`${base()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1]!);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const [, loc, lastmod] = /^<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>$/.exec(url) ?? [];
      expect(loc, url).toMatch(new RegExp(`^${base()}/`));
      expect(new Date(lastmod!).toISOString(), url).toBe(lastmod);
    }
    expect(urls.some((url) => url.includes(`<loc>${base()}/${store.id}</loc>`))).toBe(true);

    const first = await fetch(`${base()}/sitemaps/1.xml`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await first.text()).toBe(xml);

    for (const missing of ["2.xml", "0.xml", "uno.xml", "1.txt", "01.xml"]) {
      const answer = await fetch(`${base()}/sitemaps/${missing}`);
      expect(answer.status, missing).toBe(404);
      expect(await answer.text(), missing).toBe("No encontramos este mapa del sitio.");
    }
  });

  it("past 50,000 addresses the sitemap becomes an index of numbered files", () => {
    expect(sitemapPages(SITEMAP_LIMIT)).toBe(1);
    expect(sitemapPages(SITEMAP_LIMIT + 1)).toBe(2);
    const index = sitemapIndexXml("https://tianguis.mx", 2);
    expect(index).toContain("<sitemapindex");
    expect(index).toContain("<loc>https://tianguis.mx/sitemaps/2.xml</loc>");
  });
});
