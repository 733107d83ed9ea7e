/**
 * Issue 20, items 2–5, through the real HTTP server (the built app in its own process): the
 * owner's QR and poster, product pages and their previews, the JPEG cards every page declares,
 * robots.txt, the sitemap and the JSON-LD.
 */
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { products, storeSettings } from "~/db/schema";
import type { ImageKind } from "~/domain/images/image-urls";
import { SITEMAP_LIMIT, sitemapIndexXml, sitemapPages } from "~/domain/share/sitemap.server";
import { createTestDatabase } from "../support/database";
import { signIn, uploadPhoto as uploadPhotoOver, useServerProcess } from "../support/http-server";

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

  it("a store's card URL changes when the store does, and the old one leads to the new", async () => {
    const store = await createStore(db, { displayName: "Antes" });
    const before = metaContent((await page(`/${store.id}`)).html, "og:image")!;
    await db.update(storeSettings).set({ displayName: "Después" }).where(eq(storeSettings.storeId, store.id));
    const after = metaContent((await page(`/${store.id}`)).html, "og:image")!;
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

  it("past 50,000 addresses the sitemap becomes an index of numbered files", () => {
    expect(sitemapPages(SITEMAP_LIMIT)).toBe(1);
    expect(sitemapPages(SITEMAP_LIMIT + 1)).toBe(2);
    const index = sitemapIndexXml("https://tianguis.mx", 2);
    expect(index).toContain("<sitemapindex");
    expect(index).toContain("<loc>https://tianguis.mx/sitemaps/2.xml</loc>");
  });
});
