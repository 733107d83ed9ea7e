/**
 * A store's own domain (docs/decisions/018), through the real server process and a real DNS server. The
 * owner saves and verifies the domain in the panel's action; then `Host: pedidos.…` serves that
 * store with its canonical and Open Graph URLs there, everything else of the platform is 404 there,
 * no answer on it ever sets a cookie, the platform address redirects, Caddy's `ask` answers
 * 200/404, and a lapsed plan stops the domain serving until the plan comes back. The test process
 * changes plans in the database directly, as another instance would.
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { customDomains, stores } from "~/db/schema";
import { DOMAIN_MESSAGES, verifiedMessage } from "~/domain/domains/custom-domain";
import { createSiteResolver } from "~/domain/domains/site-cache.server";
import { readEnv } from "~/lib/env.server";
import { siteByHost } from "../../server/custom-domains";
import { createTestDatabase } from "../support/database";
import { startDnsServer } from "../support/dns-server";
import { requestOnHost, type HostResponse } from "../support/host-request";
import { signIn, useServerProcess } from "../support/http-server";
import { orderRequest } from "../support/shopper";

const { db, url: databaseUrl } = await createTestDatabase();
const dns = await startDnsServer();
afterAll(() => dns.close());
const running = useServerProcess(databaseUrl, { DNS_SERVERS: dns.address });

const suffix = randomBytes(3).toString("hex");
const DOMAIN = `pedidos.espiga-${suffix}.mx`;
const OTHER_DOMAIN = `tienda.arcos-${suffix}.mx`;
const inAYear = () => new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);

const shop = { storeId: "", productId: "", orderId: "", cookie: "", email: "", password: "" };
const other = { storeId: "", cookie: "" };
/** Every answer the tests got on a store's own domain: none may carry a cookie. */
const onDomainAnswers: { path: string; response: HostResponse }[] = [];

const port = () => running.server.port;
const platform = () => running.server.url;
const domainOrigin = (host = DOMAIN) => `http://${host}:${port()}`;

async function onDomain(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {},
) {
  const host = options.host ?? DOMAIN;
  const response = await requestOnHost(port(), `${host}:${port()}`, path, options);
  onDomainAnswers.push({ path: `${options.method ?? "GET"} ${host}${path}`, response });
  expect(response.headers["set-cookie"], `${path} set a cookie`).toBeUndefined();
  return response;
}

async function panelAction(cookie: string, form: Record<string, string>) {
  const response = await fetch(`${platform()}/i/admin/custom-domain`, {
    method: "POST",
    headers: { Cookie: cookie, Accept: "application/json", Origin: platform() },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An owner on the Negocio plan who saves and verifies `host` through the panel's action. */
async function verifiedStore(host: string, name: string) {
  const store = await createStore(db, { displayName: name, licenceType: "basic", licenceExpires: inAYear() });
  const password = "contrasena-segura-1";
  const owner = await createOwner(db, { storeId: store.id, password });
  const cookie = await signIn(platform(), owner.email, password);
  expect(await panelAction(cookie, { intent: "save", host: host.toUpperCase() })).toMatchObject({
    status: 200,
    body: { ok: true, message: DOMAIN_MESSAGES.saved },
  });
  const [row] = await db.select().from(customDomains).where(eq(customDomains.storeId, store.id));
  dns.set(host, { CNAME: "localhost" });
  dns.set(`_tianguis.${host}`, { TXT: [row!.token] });
  expect(await panelAction(cookie, { intent: "verify" })).toMatchObject({
    status: 200,
    body: { ok: true, message: verifiedMessage(domainOrigin(host)) },
  });
  return { store, owner, cookie, password };
}

beforeAll(async () => {
  dns.set("localhost", { A: ["127.0.0.1"] });
  const { store, owner, cookie, password } = await verifiedStore(DOMAIN, "Panadería La Espiga");
  const product = await createProduct(db, store.id, { name: "Concha de vainilla", price: 12 });
  const order = await createOrder(db, store.id, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
  });
  Object.assign(shop, {
    storeId: store.id,
    productId: product.id,
    orderId: order.id,
    cookie,
    email: owner.email,
    password,
  });
  const second = await verifiedStore(OTHER_DOMAIN, "Café Los Arcos");
  Object.assign(other, { storeId: second.store.id, cookie: second.cookie });
});

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(html)?.[1];

describe("a verified domain serves its store", () => {
  it("serves the store its Host names, with canonical and Open Graph URLs on that domain", async () => {
    const page = await onDomain("/");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Panadería La Espiga");
    expect(page.body).toContain("Concha de vainilla");
    expect(page.body).not.toContain("Café Los Arcos");
    expect(canonicalOf(page.body)).toBe(`${domainOrigin()}/`);
    expect(metaOf(page.body, "og:url")).toBe(`${domainOrigin()}/`);
    expect(metaOf(page.body, "og:image")).toMatch(
      new RegExp(`^${domainOrigin()}/i/og/tienda/${shop.storeId}/`),
    );
    // Links to Tianguis itself leave the store's domain.
    expect(page.body).toContain(`href="${platform()}/c/aguascalientes"`);

    const second = await onDomain("/", { host: OTHER_DOMAIN });
    expect(second.body).toContain("Café Los Arcos");
    expect(second.body).not.toContain("Panadería La Espiga");
    expect(canonicalOf(second.body)).toBe(`${domainOrigin(OTHER_DOMAIN)}/`);
  });

  it("serves product pages at /p/<id> and moves the platform-style paths there", async () => {
    const product = await onDomain(`/p/${shop.productId}`);
    expect(product.status).toBe(200);
    expect(canonicalOf(product.body)).toBe(`${domainOrigin()}/p/${shop.productId}`);
    expect(metaOf(product.body, "og:url")).toBe(`${domainOrigin()}/p/${shop.productId}`);
    const moved = await onDomain(`/${shop.storeId}/p/${shop.productId}?utm_source=whatsapp`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/p/${shop.productId}?utm_source=whatsapp`);
    expect((await onDomain(`/${shop.storeId}`)).headers.location).toBe("/");
  });

  it("serves what the page needs: its scripts, its card, the API from its own origin, the tracking page", async () => {
    const page = await onDomain("/");
    const script =
      /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ??
      /href="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ??
      // The store page's scripts start once it has loaded (docs/decisions/003): its entry is imported inline.
      /import\("(\/assets\/[^"]+\.js)"\)/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    expect((await onDomain(script!)).status).toBe(200);
    const card = new URL(metaOf(page.body, "og:image")!);
    const image = await onDomain(card.pathname);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");

    const order = JSON.stringify(orderRequest({ productId: shop.productId }));
    const json = { "Content-Type": "application/json", Accept: "application/json" };
    const placed = await onDomain(`/s/${shop.storeId}/api`, {
      method: "POST",
      headers: { ...json, Origin: domainOrigin() },
      body: order,
    });
    expect(placed.status).toBe(200);
    expect(JSON.parse(placed.body)).toMatchObject({ ok: true });
    // The platform's origin does not post to a store's domain, nor the domain to the platform.
    const fromPlatform = await onDomain(`/s/${shop.storeId}/api`, {
      method: "POST",
      headers: { ...json, Origin: platform() },
      body: order,
    });
    expect(fromPlatform.status).toBe(403);
    const toPlatform = await fetch(`${platform()}/s/${shop.storeId}/api`, {
      method: "POST",
      headers: { ...json, Origin: domainOrigin() },
      body: order,
    });
    expect(toPlatform.status).toBe(403);
    // Another store's API is not on this domain.
    const foreign = await onDomain(`/s/${other.storeId}/api`, {
      method: "POST",
      headers: { ...json, Origin: domainOrigin() },
      body: order,
    });
    expect(foreign.status).toBe(404);

    const tracking = await onDomain(`/s/${shop.storeId}/pedido/${shop.orderId}`);
    expect(tracking.status).toBe(200);
    expect(tracking.body).toContain(shop.orderId);
  });

  it("answers 404 there for the admin, the login and every other path of the platform", async () => {
    const paths = [
      "/i/admin",
      "/i/admin?tab=configuracion",
      "/i/admin/settings",
      "/i/login",
      "/i/signup",
      "/i/super-admin",
      "/i/caddy/ask?domain=" + DOMAIN,
      "/c/aguascalientes",
      `/${other.storeId}`,
      `/s/${other.storeId}/pedido/${shop.orderId}`,
      "/sitemaps/1.xml",
      "/manifest.webmanifest",
      "/no-existe",
    ];
    for (const path of paths) {
      // With the owner's session cookie too: it is never read on a store's domain.
      const response = await onDomain(path, { headers: { Cookie: shop.cookie } });
      expect(response.status, path).toBe(404);
    }
    const login = await onDomain("/i/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: domainOrigin() },
      body: new URLSearchParams({ email: shop.email, password: shop.password }).toString(),
    });
    expect(login.status).toBe(404);
    const settings = await onDomain("/i/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: shop.cookie },
      body: "displayName=Forjada",
    });
    expect(settings.status).toBe(404);
  });

  it("gives search engines the store's own sitemap and robots.txt there", async () => {
    const robots = await onDomain("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${domainOrigin()}/sitemap.xml`);
    const sitemap = await onDomain("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([`${domainOrigin()}/`, `${domainOrigin()}/p/${shop.productId}`]);
  });

  it("redirects the platform address to the domain for good once verified", async () => {
    for (const [path, location] of [
      [`/${shop.storeId}`, `${domainOrigin()}/`],
      [`/s/${shop.storeId}`, `${domainOrigin()}/`],
      [`/${shop.storeId}/p/${shop.productId}`, `${domainOrigin()}/p/${shop.productId}`],
      [`/${shop.storeId}?ref=qr`, `${domainOrigin()}/?ref=qr`],
    ] as const) {
      const response = await fetch(`${platform()}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(location);
    }
    // Pages already shared on the platform keep working there: tracking and the API.
    expect((await fetch(`${platform()}/s/${shop.storeId}/pedido/${shop.orderId}`)).status).toBe(200);
  });

  it("answers Caddy's ask with 200 only for a verified, active domain", async () => {
    const ask = (domain: string) => fetch(`${platform()}/i/caddy/ask?domain=${encodeURIComponent(domain)}`);
    expect((await ask(DOMAIN)).status).toBe(200);
    expect((await ask(`${DOMAIN}.`.toUpperCase())).status).toBe(200);
    expect((await ask(`otro.espiga-${suffix}.mx`)).status).toBe(404);
    expect((await ask("tianguis.mx")).status).toBe(404);
    expect((await fetch(`${platform()}/i/caddy/ask`)).status).toBe(404);
    // A name a store saved but never verified gets no certificate.
    const pending = await createStore(db, { licenceType: "basic", licenceExpires: inAYear() });
    await db
      .insert(customDomains)
      .values({ storeId: pending.id, host: `pendiente-${suffix}.mx`, token: "tianguis-x" });
    expect((await ask(`pendiente-${suffix}.mx`)).status).toBe(404);

    // A verified domain answered 200 a moment ago gets 404 once its daily check fails, or once its
    // store's plan lapses: each is read from the database as Caddy asks.
    for (const [name, lapse] of [
      [
        "failing",
        (storeId: string) =>
          db
            .update(customDomains)
            .set({ status: "failing", problems: ["txt-missing"], failingSince: new Date() })
            .where(eq(customDomains.storeId, storeId)),
      ],
      [
        "lapsed",
        (storeId: string) =>
          db
            .update(stores)
            .set({ licenceExpires: new Date(Date.now() - 60_000) })
            .where(eq(stores.id, storeId)),
      ],
    ] as const) {
      const store = await createStore(db, { licenceType: "basic", licenceExpires: inAYear() });
      const host = `${name}-${suffix}.mx`;
      await db
        .insert(customDomains)
        .values({ storeId: store.id, host, token: "tianguis-x", status: "verified", verifiedAt: new Date() });
      expect((await ask(host)).status, `${host} while it serves`).toBe(200);
      await lapse(store.id);
      expect((await ask(host)).status, host).toBe(404);
    }
  });
});

describe("a plan that lapses", () => {
  it("stops serving the store on its domain, with a page that links to the platform address, until the plan returns", async () => {
    const [before] = await db.select().from(stores).where(eq(stores.id, other.storeId));
    await db
      .update(stores)
      .set({ licenceType: "starter", licenceExpires: null })
      .where(eq(stores.id, other.storeId));

    const ask = await fetch(`${platform()}/i/caddy/ask?domain=${OTHER_DOMAIN}`);
    expect(ask.status).toBe(404);
    // The server instance follows a change made elsewhere within its cache's few seconds.
    await expect.poll(async () => (await onDomain("/", { host: OTHER_DOMAIN })).status).toBe(404);
    const lapsed = await onDomain("/", { host: OTHER_DOMAIN });
    expect(lapsed.body).toContain("no está disponible en este dominio");
    expect(lapsed.body).toContain(`href="${platform()}/${other.storeId}"`);
    expect(lapsed.body).not.toContain("Concha");
    expect((await onDomain("/no-existe", { host: OTHER_DOMAIN })).status).toBe(404);
    // The platform address serves the store again meanwhile.
    const atPlatform = await fetch(`${platform()}/${other.storeId}`, { redirect: "manual" });
    expect(atPlatform.status).toBe(200);

    await db
      .update(stores)
      .set({ licenceType: before!.licenceType, licenceExpires: before!.licenceExpires })
      .where(eq(stores.id, other.storeId));
    await expect.poll(async () => (await onDomain("/", { host: OTHER_DOMAIN })).status).toBe(200);
    expect((await fetch(`${platform()}/i/caddy/ask?domain=${OTHER_DOMAIN}`)).status).toBe(200);
  });
});

describe("what the owner and the operator see", () => {
  it("tells the owner on every tab when the daily check fails, and lists every domain for the super-admin", async () => {
    await db
      .update(customDomains)
      .set({ status: "failing", problems: ["txt-missing"], failingSince: new Date() })
      .where(eq(customDomains.storeId, other.storeId));
    try {
      const panel = await fetch(`${platform()}/i/admin?tab=productos`, { headers: { Cookie: other.cookie } });
      expect((await panel.text()).replaceAll("<!-- -->", "")).toContain(
        `Tu dominio ${OTHER_DOMAIN} dejó de pasar nuestra revisión del DNS`,
      );
      // Meanwhile the domain shows the explanation instead of the store.
      await expect.poll(async () => (await onDomain("/", { host: OTHER_DOMAIN })).status).toBe(404);

      const password = "contrasena-segura-1";
      const operator = await createOwner(db, { role: "superadmin", password });
      const cookie = await signIn(platform(), operator.email, password);
      const page = await (await fetch(`${platform()}/i/super-admin`, { headers: { Cookie: cookie } })).text();
      const row = (host: string) => new RegExp(`aria-label="${host}"[\\s\\S]*?</li>`).exec(page)?.[0] ?? "";
      expect(row(DOMAIN)).toContain("Activo");
      expect(row(OTHER_DOMAIN)).toContain("Con fallas");
      expect(row(OTHER_DOMAIN)).toContain("falta el TXT");
      expect(row(`pendiente-${suffix}.mx`)).toContain("Pendiente de verificar");
    } finally {
      await db
        .update(customDomains)
        .set({ status: "verified", problems: [], failingSince: null })
        .where(eq(customDomains.storeId, other.storeId));
    }
  });
});

describe("cookies on a store's domain", () => {
  it("were never set on any answer the tests got there", () => {
    expect(onDomainAnswers.length).toBeGreaterThan(20);
    const withCookies = onDomainAnswers.filter(({ response }) => response.headers["set-cookie"]);
    expect(withCookies.map(({ path }) => path)).toEqual([]);
  });

  it("are stripped from the head however a handler sets them", async () => {
    // The edge middleware itself, in front of handlers that set cookies every way Express and Node allow.
    const env = readEnv({ PUBLIC_ORIGIN: "http://localhost:3000", LOG_LEVEL: "silent" });
    const app = express();
    app.use(siteByHost(createSiteResolver({ db, publicOrigin: env.publicOrigin }), env));
    app.get("/s/:storeId/api", (_req, res) => {
      res.cookie("a", "1");
      res.append("Set-Cookie", "b=2");
      res.writeHead(200, { "set-cookie": ["c=3"], "Content-Type": "text/plain" });
      res.end("ok");
    });
    app.get("/media/x", (_req, res) => {
      res.writeHead(200, ["Set-Cookie", "d=4", "Content-Type", "text/plain"]);
      res.end("ok");
    });
    const server = await new Promise<http.Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const { port: appPort } = server.address() as { port: number };
      for (const path of [`/s/${shop.storeId}/api`, "/media/x"]) {
        const response = await requestOnHost(appPort, DOMAIN, path);
        expect(response.status, path).toBe(200);
        expect(response.headers["set-cookie"], path).toBeUndefined();
      }
      // On the platform the same handler's cookies go out: the stripping is the domain's alone.
      const platformAnswer = await requestOnHost(appPort, "localhost:3000", `/s/${shop.storeId}/api`);
      expect(platformAnswer.headers["set-cookie"]).toEqual(["c=3"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
