/**
 * The edge's defences (docs/decisions/012), through the real server process: posts from another
 * origin change nothing, bodies are refused as soon as they pass their limit (memory stays flat
 * under 150 MB), every HTML page carries a Content-Security-Policy whose nonce is on its scripts,
 * private pages are never cached, and CSP reports are logged within a limit. The authorisation
 * matrix is guards.test.ts.
 */
import http from "node:http";
import net from "node:net";
import { readFileSync } from "node:fs";
import { and, count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import {
  analyticsEvents,
  authUser,
  customDomains,
  orders,
  products,
  rateLimitHits,
  storeSettings,
} from "~/db/schema";
import { limitKey, RATE_LIMITS } from "~/domain/rate-limit/rate-limit.server";
import { closeStore, purgeClosedStores } from "~/domain/stores/close-store.server";
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_STORE } from "~/domain/orders/stream-limits.server";
import { ticketFailure, ticketPath } from "~/domain/orders/kitchen-ticket";
import { createTestDatabase } from "../support/database";
import { requestOnHost } from "../support/host-request";
import { signIn, useServerProcess } from "../support/http-server";
import { orderRequest, postOrder } from "../support/shopper";

const FOREIGN_ORIGIN_MESSAGE = "Por seguridad no aceptamos este envío porque no viene de Tianguis.";
const TOO_LARGE_MESSAGE = "Lo que enviaste es demasiado grande.";
const CONTROL_CHARACTERS_MESSAGE = "Este campo tiene caracteres que no se permiten.";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);
const base = () => running.server.url;

const owner = { storeId: "", productId: "", orderId: "", cookie: "" };

beforeAll(async () => {
  const store = await createStore(db, {
    displayName: "Panadería La Espiga",
    settings: { allowPickup: true },
  });
  const product = await createProduct(db, store.id, { name: "Concha", available: true });
  const order = await createOrder(db, store.id, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
  });
  const account = await createOwner(db, { storeId: store.id });
  await db
    .insert(customDomains)
    .values({ storeId: store.id, host: "pedidos.espiga.mx", token: "tianguis-t" });
  Object.assign(owner, {
    storeId: store.id,
    productId: product.id,
    orderId: order.id,
    cookie: await signIn(base(), account.email, account.password),
  });
});

async function ownerState() {
  const [productCount] = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.storeId, owner.storeId));
  const [product] = await db.select().from(products).where(eq(products.id, owner.productId));
  const [order] = await db.select().from(orders).where(eq(orders.id, owner.orderId));
  const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, owner.storeId));
  const [domain] = await db.select().from(customDomains).where(eq(customDomains.storeId, owner.storeId));
  return { productCount: productCount!.n, product, order, settings, domain };
}

const FORGED_POSTS: { name: string; path: string; form: () => Record<string, string> }[] = [
  {
    name: "settings",
    path: "/i/admin/settings",
    form: () => ({ displayName: "Forjada", cityId: "aguascalientes", allowPickup: "on" }),
  },
  {
    name: "new product",
    path: "/i/admin/products",
    form: () => ({ intent: "create", name: "Forjado", price: "10", unit: "pieza", available: "on" }),
  },
  {
    name: "product availability",
    path: "/i/admin/products",
    form: () => ({ intent: "set-availability", productId: owner.productId, available: "false" }),
  },
  {
    name: "order completion",
    path: "/i/admin/orders",
    form: () => ({ intent: "complete", orderId: owner.orderId }),
  },
  { name: "trial", path: "/i/admin/trial", form: () => ({}) },
  { name: "own domain removal", path: "/i/admin/custom-domain", form: () => ({ intent: "remove" }) },
  { name: "pause", path: "/i/admin/pause", form: () => ({ intent: "pause", minutes: "60" }) },
  { name: "log out", path: "/i/logout", form: () => ({}) },
];

const FOREIGN_SOURCES: { name: string; headers: () => Record<string, string> }[] = [
  { name: "another site's Origin", headers: () => ({ Origin: "https://evil.example" }) },
  // Same site, another origin: SameSite=Lax cookies go along, the origin check does not let it in.
  { name: "another port of our host", headers: () => ({ Origin: "http://localhost:1" }) },
  { name: "a sandboxed frame (Origin: null)", headers: () => ({ Origin: "null" }) },
  { name: "another site's Referer, no Origin", headers: () => ({ Referer: "https://evil.example/page" }) },
  { name: "a browser request with neither", headers: () => ({ "Sec-Fetch-Site": "cross-site" }) },
];

describe("state-changing requests from another origin", () => {
  it.each(
    FORGED_POSTS.flatMap((post) =>
      FOREIGN_SOURCES.map((source) => [post.name, source.name, post, source] as const),
    ),
  )("%s from %s is refused and changes nothing", async (_post, _source, post, source) => {
    const before = await ownerState();
    for (const accept of ["text/html", "application/json"]) {
      const response = await fetch(`${base()}${post.path}`, {
        method: "POST",
        headers: { cookie: owner.cookie, Accept: accept, ...source.headers() },
        body: new URLSearchParams(post.form()),
        redirect: "manual",
      });
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).toContain(
        accept === "application/json" ? FOREIGN_ORIGIN_MESSAGE : "Por seguridad no aceptamos",
      );
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await ownerState()).toEqual(before);
    // The session still works: the forged log-out did not end it.
    const panel = await fetch(`${base()}/i/admin?tab=productos`, {
      headers: { cookie: owner.cookie },
      redirect: "manual",
    });
    expect(panel.status).toBe(200);
  });

  it("the same post from our own origin (or its Referer) goes through", async () => {
    const byOrigin = await fetch(`${base()}/i/admin/products`, {
      method: "POST",
      headers: { cookie: owner.cookie, Accept: "application/json", Origin: base() },
      body: new URLSearchParams({
        intent: "set-availability",
        productId: owner.productId,
        available: "false",
      }),
    });
    expect(byOrigin.status).toBe(200);
    const byReferer = await fetch(`${base()}/i/admin/products`, {
      method: "POST",
      headers: {
        cookie: owner.cookie,
        Accept: "application/json",
        Referer: `${base()}/i/admin?tab=productos`,
      },
      body: new URLSearchParams({
        intent: "set-availability",
        productId: owner.productId,
        available: "true",
      }),
    });
    expect(byReferer.status).toBe(200);
    const [product] = await db.select().from(products).where(eq(products.id, owner.productId));
    expect(product!.available).toBe(true);
  });

  it("origins that begin with ours, or are ours under the other scheme, are refused and change nothing", async () => {
    const ours = new URL(base());
    const lookalikes = [
      `${base()}0`, // one more digit on the port
      `${base()}.evil.example`,
      `${ours.protocol === "http:" ? "https:" : "http:"}//${ours.host}`,
    ];
    const storeOrders = () => db.$count(orders, eq(orders.storeId, owner.storeId));
    // Were one let in, the tests after this one would find the product switched off.
    onTestFailed(() =>
      db
        .update(products)
        .set({ available: true })
        .where(eq(products.id, owner.productId))
        .then(() => {}),
    );
    for (const origin of lookalikes) {
      const before = { state: await ownerState(), orders: await storeOrders() };
      const form = await fetch(`${base()}/i/admin/products`, {
        method: "POST",
        headers: { cookie: owner.cookie, Accept: "application/json", Origin: origin },
        body: new URLSearchParams({
          intent: "set-availability",
          productId: owner.productId,
          available: "false",
        }),
      });
      expect(form.status, origin).toBe(403);
      expect(((await form.json()) as { message: string }).message).toContain(FOREIGN_ORIGIN_MESSAGE);
      const order = await postOrder(base(), owner, { origin });
      expect(order.status, origin).toBe(403);
      expect(((await order.json()) as { message: string }).message).toContain(FOREIGN_ORIGIN_MESSAGE);
      expect({ state: await ownerState(), orders: await storeOrders() }, origin).toEqual(before);
    }
  });

  it("a shopper's order from another site is refused; from the store's page it is taken", async () => {
    const order = (origin: string) => postOrder(base(), owner, { origin });
    const foreign = await order("https://evil.example");
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { message: string }).message).toContain(FOREIGN_ORIGIN_MESSAGE);
    expect((await order(base())).status).toBe(200);
  });
});

/** A raw request whose body is `size` bytes sent in 1 MB chunks, declared or chunked. */
function sendLarge(path: string, size: number, { declare, type }: { declare: boolean; type: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: running.server.port,
        path,
        method: "POST",
        headers: {
          "content-type": type,
          accept: "application/json",
          ...(declare ? { "content-length": String(size) } : { "transfer-encoding": "chunked" }),
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      },
    );
    // Once the server has answered it stops reading, so late writes may fail: only the answer counts.
    request.on("error", (error) => setTimeout(() => reject(error), 2000));
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

const rss = () => {
  const status = readFileSync(`/proc/${running.server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
};

describe("body limits", () => {
  it("answers 413 to 150 MB posts, declared or not, without the process growing", async () => {
    const before = rss();
    const cases = [
      { path: "/i/login", type: "application/x-www-form-urlencoded", declare: true },
      { path: "/i/login", type: "application/x-www-form-urlencoded", declare: false },
      { path: `/s/${owner.storeId}/api`, type: "application/json", declare: false },
    ];
    for (const options of cases) {
      const result = await sendLarge(options.path, 150 * 1024 * 1024, options);
      expect(result.status, `${options.path} ${options.declare ? "declared" : "chunked"}`).toBe(413);
      expect(result.body).toContain(TOO_LARGE_MESSAGE);
    }
    expect(rss() - before).toBeLessThan(40 * 1024 * 1024);
  });

  it("lets a form of 30 KB and JSON of 60 KB through, and refuses them past 32 KB and 64 KB", async () => {
    const form = (size: number) =>
      fetch(`${base()}/i/login`, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ email: "a@example.com", password: "x".repeat(size) }),
        redirect: "manual",
      });
    expect((await form(30 * 1024)).status).not.toBe(413);
    expect((await form(33 * 1024)).status).toBe(413);
    const json = (size: number) =>
      fetch(`${base()}/s/${owner.storeId}/api`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "view", padding: "x".repeat(size) }),
      });
    expect((await json(60 * 1024)).status).not.toBe(413);
    expect((await json(65 * 1024)).status).toBe(413);
  });
});

/** The sources a page's policy lets frame it. */
function frameAncestors(policy: string | string[] | null | undefined) {
  return /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(String(policy ?? ""))?.[1]?.trim();
}

function nonceOf(response: Response) {
  const policy = response.headers.get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(policy)?.[1] ?? null;
}

describe("headers", () => {
  it.each([
    ["a city page (one inline script)", "/c/aguascalientes"],
    ["a store page (an island page)", "STORE"],
    ["the panel", "/i/admin"],
    ["a missing page", "/no-existe/ni-esta"],
  ])("%s carries a CSP whose nonce is on every script it runs", async (_name, path) => {
    const url = path === "STORE" ? `/${owner.storeId}` : path;
    const response = await fetch(`${base()}${url}`, { headers: { cookie: owner.cookie } });
    const policy = response.headers.get("content-security-policy") ?? "";
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "report-uri /i/csp-report",
    ]) {
      expect(policy).toContain(directive);
    }
    const nonce = nonceOf(response);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    const executable = scripts.filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));
    expect(executable.length).toBeGreaterThan(0);
    for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it.each(["/", "/i/login"])("%s runs no script at all, and its policy allows none inline", async (path) => {
    const response = await fetch(`${base()}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<body");
    expect([...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1])).toEqual([]);
    expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
  });

  it("gives every page rendered for its request a new nonce", async () => {
    // Anonymous public pages come from the page cache, allowed by hash (page-cache.test.ts).
    const first = nonceOf(await fetch(`${base()}/i/login`));
    const second = nonceOf(await fetch(`${base()}/i/login`));
    expect(first).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(first).not.toBe(second);
  });

  it("keeps private pages and their data requests out of every cache, and public pages cacheable", async () => {
    for (const path of [
      "/i/admin",
      "/i/admin.data?tab=productos",
      "/i/super-admin",
      "/i/login",
      "/i/admin/share/qr.png",
    ]) {
      const response = await fetch(`${base()}${path}`, {
        headers: { cookie: owner.cookie },
        redirect: "manual",
      });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    {
      const stream = await fetch(`${base()}/i/admin/orders/stream`, { headers: { cookie: owner.cookie } });
      expect(stream.headers.get("cache-control")).toBe("private, no-store, no-transform");
      await stream.body?.cancel();
    }
    const landing = await fetch(`${base()}/`);
    expect(landing.headers.get("cache-control") ?? "").not.toContain("no-store");
  });

  it("only the kitchen ticket may be framed, and only by our own pages (the panel prints it in a hidden frame)", async () => {
    const ticket = await fetch(`${base()}${ticketPath(owner.orderId, 58, true)}`, {
      headers: { cookie: owner.cookie },
    });
    expect(ticket.status).toBe(200);
    expect(await ticket.text()).toContain("data-ticket");
    expect(ticket.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(frameAncestors(ticket.headers.get("content-security-policy"))).toBe("'self'");

    const ticketAddress = ticketPath(owner.orderId, 80).split("?")[0]!;
    for (const path of [
      "/i/admin?tab=ordenes_pendientes",
      "/i/admin",
      "/i/cuenta",
      "/i/login",
      `/${owner.storeId}`,
      `/s/${owner.storeId}/pedido/${owner.orderId}`,
      "/offline.html",
      `${ticketAddress}.data`,
      "/i/admin/pedidos/x/ticket/otra",
    ]) {
      const response = await fetch(`${base()}${path}`, {
        headers: { cookie: owner.cookie },
        redirect: "manual",
      });
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      if (response.headers.get("content-type")?.startsWith("text/html"))
        expect(frameAncestors(response.headers.get("content-security-policy")), path).toBe("'none'");
    }

    // A store's own domain serves no panel: there the ticket's address is a 404 nothing may frame.
    const served = await createStore(db, {
      licenceType: "basic",
      licenceExpires: new Date(Date.now() + 864e5),
    });
    const host = `pedidos.${served.id}.mx`;
    await db
      .insert(customDomains)
      .values({ storeId: served.id, host, token: "tianguis-t", status: "verified", verifiedAt: new Date() });
    expect((await requestOnHost(running.server.port, host, "/")).status).toBe(200);
    const onDomain = await requestOnHost(running.server.port, host, ticketAddress);
    expect(onDomain.status).toBe(404);
    expect(onDomain.headers["x-frame-options"]).toBe("DENY");
    expect(frameAncestors(onDomain.headers["content-security-policy"])).toBe("'none'");
  });

  it("the ticket's address, asked again as a script, tells the panel why a ticket did not open", async () => {
    const ask = (path: string, cookie?: string) =>
      fetch(`${base()}${path}`, { headers: { Accept: "application/json", ...(cookie ? { cookie } : {}) } });
    const own = ticketPath(owner.orderId, 58);
    expect(ticketFailure((await ask(own, owner.cookie)).status)).toBe("refused");
    expect(ticketFailure((await ask(own)).status)).toBe("signedOut");
    expect(ticketFailure((await ask(ticketPath("NO-ES-SUYO", 58), owner.cookie)).status)).toBe("notFound");
  });

  it("a page no React rendered runs no script at all", async () => {
    const response = await fetch(`${base()}/offline.html`);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'none'");
  });
});

describe("CSP reports", () => {
  it("logs a violation, at most 20 per address in 10 minutes, and answers 204", async () => {
    const address = "198.51.100.77";
    const report = (n: number) =>
      fetch(`${base()}/i/csp-report`, {
        method: "POST",
        headers: { "Content-Type": "application/csp-report", "X-Forwarded-For": address },
        body: JSON.stringify({
          "csp-report": {
            "document-uri": `${base()}/`,
            "violated-directive": "script-src-elem",
            "blocked-uri": `https://evil.example/${n}.js`,
          },
        }),
      });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, n) => report(n)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(204));
    await expect
      .poll(() => running.server.output().split("csp violation").length - 1)
      .toBeGreaterThanOrEqual(1);
    const logged = running.server
      .output()
      .split("\n")
      .filter((line) => line.includes("csp violation"));
    expect(logged.length).toBeLessThanOrEqual(20);
    expect(logged.join("\n")).toContain("script-src-elem");
  });
});

describe("CSP reports cannot flood the log", () => {
  /** The blocked addresses of this block's reports (`batch`'s tags). */
  const OWN_REPORT = /https:\/\/evil\.example\/(enorme|grande|otra)\//;
  /**
   * What the server wrote about this block's CSP reports since `mark` (an index into its output).
   * Only lines of its own reports: the server writes its log in batches, so lines about an earlier
   * test's reports may reach the output after the mark.
   */
  const cspLines = (mark: number) =>
    running.server
      .output()
      .slice(mark)
      .split("\n")
      .filter((line) => line.includes('"csp violation') && OWN_REPORT.test(line));
  const send = (body: string) =>
    fetch(`${base()}/i/csp-report`, {
      method: "POST",
      headers: { "Content-Type": "application/reports+json" },
      body,
    });
  /** A Reporting API batch: `count` violations with long URLs, `size` bytes in all. */
  const batch = (tag: string, size: number, count = 3) => {
    const long = "x".repeat(Math.floor(size / count / 2));
    return JSON.stringify(
      Array.from({ length: count }, (_, n) => ({
        type: "csp-violation",
        body: {
          effectiveDirective: "script-src-elem",
          blockedURL: `https://evil.example/${tag}/${n}/${long}`,
          documentURL: `${base()}/${owner.storeId}?${long}`,
        },
      })),
    );
  };

  it("a 100 KB report is refused; a 15 KB one writes at most 2 KB; the same again within the minute writes nothing", async () => {
    // This file's other reports come from the same address: its limit starts afresh here.
    await db.delete(rateLimitHits).where(like(rateLimitHits.key, "cspReportPerAddress:%"));
    const mark = running.server.output().length;
    expect((await send(batch("enorme", 100 * 1024))).status).toBe(413);

    const big = batch("grande", 15 * 1024);
    expect(big.length).toBeGreaterThan(14 * 1024);
    expect((await send(big)).status).toBe(204);
    await expect.poll(() => cspLines(mark).length).toBe(1);
    const [line] = cspLines(mark);
    expect(line).toContain("https://evil.example/grande/0/");
    expect(line).not.toContain("enorme");
    expect(Buffer.byteLength(line!)).toBeLessThanOrEqual(2048);

    for (let i = 0; i < 5; i++) expect((await send(big)).status).toBe(204);
    // A different report afterwards: once it is written, anything the repeats wrote is there too.
    expect((await send(batch("otra", 300, 1))).status).toBe(204);
    await expect.poll(() => cspLines(mark).length).toBe(2);
    expect(cspLines(mark)[1]).toContain("https://evil.example/otra/0/");
  });
});

describe("a closed store's address tells the truth", () => {
  it("while its id is held, /<id> says the store closed, with no invitation to claim it; once free, it is offered", async () => {
    const store = await createStore(db, { displayName: "Nevería del Jardín" });
    const account = await createOwner(db, { storeId: store.id });
    await closeStore(db, { storeId: store.id, userId: account.id, confirmation: store.id });
    for (const path of [`/${store.id}`, `/s/${store.id}`, `/${store.id}/p/un-producto`]) {
      const page = await fetch(`${base()}${path}`);
      expect(page.status, path).toBe(404);
      const html = await page.text();
      expect(html, path).toContain("<title>Esta tienda cerró · Tianguis</title>");
      expect(html, path).toContain("Esta tienda cerró</h1>");
      expect(html, path).toContain("cerró y ya no recibe pedidos en");
      expect(html, path).not.toContain("Reclama esta dirección");
      expect(html, path).not.toContain("/i/signup?id=");
      expect(html, path).not.toContain("está disponible");
    }
    // Thirty days later the daily purge frees the id: a sign-up would take it now, and the page says so.
    expect(await purgeClosedStores(db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000))).toContain(store.id);
    const freed = await (await fetch(`${base()}/${store.id}`)).text();
    expect(freed).toContain("Reclama esta dirección para tu tienda");
    expect(freed).toContain(`/i/signup?id=${store.id}`);
  });

  it.each(["ayuda", "ab", "tienda_con_guion_bajo"])(
    "an id a sign-up would refuse (%s) is never offered",
    async (id) => {
      const html = await (await fetch(`${base()}/${id}`)).text();
      expect(html).toContain("La dirección que buscas no existe o ya no está disponible.");
      expect(html).not.toContain("Reclama esta dirección");
    },
  );
});

describe("the tracking page shows the street address only to the device that placed the order", () => {
  const ADDRESS = "Calle Nogal 123, Col. Jardines de la Asunción, 20270 Aguascalientes";

  async function deliveryOrder(extra: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
    const store = await createStore(db, {
      settings: { allowPickup: true, allowDelivery: true, ...settings },
    });
    const product = await createProduct(db, store.id, { name: "Pastel", price: 150, available: true });
    const request = orderRequest({ productId: product.id });
    const response = await fetch(`${base()}/s/${store.id}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base() },
      body: JSON.stringify({
        ...request,
        form: { ...request.form, deliveryType: "delivery", address: ADDRESS, ...extra },
      }),
    });
    expect(response.status).toBe(200);
    const { order } = (await response.json()) as { order: { number: string; address: string } };
    // The placing browser keeps the cookie the answer set.
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(order.address).toBe(ADDRESS);
    return { storeId: store.id, number: order.number, cookie, setCookie: response.headers.getSetCookie() };
  }
  const tracking = async (storeId: string, number: string, cookie?: string, suffix = "") => {
    const response = await fetch(`${base()}/s/${storeId}/pedido/${number}${suffix}`, {
      headers: cookie ? { cookie } : {},
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const lookup = async (storeId: string, number: string, cookie?: string) => {
    const response = await fetch(`${base()}/s/${storeId}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ intent: "lookup-order", number }),
    });
    // Every request of this file comes from one address: the look-up limit's own test below
    // counts from zero.
    await db.delete(rateLimitHits).where(like(rateLimitHits.key, "orderLookupPerAddress:%"));
    return ((await response.json()) as { order: Record<string, unknown> }).order;
  };

  it("with the placing device's cookie the page and Mi Pedido show the address; without it, the postal code", async () => {
    const { storeId, number, cookie, setCookie } = await deliveryOrder();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(
      new RegExp(
        `^tianguis_pedido_${number}=[\\w-]+; Path=/s/${storeId}/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`,
      ),
    );

    const mine = await tracking(storeId, number, cookie);
    expect(mine).toContain("Calle Nogal 123");
    expect(await tracking(storeId, number, cookie, ".data")).toContain("Calle Nogal 123");
    expect(await lookup(storeId, number, cookie)).toMatchObject({ address: ADDRESS });

    const shared = await tracking(storeId, number);
    expect(shared).not.toContain("Nogal");
    expect(shared).toContain("C.P. 20270");
    expect(shared).toContain(
      "La dirección completa solo se ve en el dispositivo con el que se hizo el pedido.",
    );
    expect(await tracking(storeId, number, undefined, ".data")).not.toContain("Nogal");
    const looked = await lookup(storeId, number);
    expect(looked).toMatchObject({ address: "", addressHidden: true, postalCode: "20270" });
    expect(JSON.stringify(looked)).not.toContain("Nogal");
  });

  it("another order's cookie, or a made-up one, shows no address; a zone is shown by its name", async () => {
    const first = await deliveryOrder();
    const zones = {
      deliveryPricing: {
        zones: [{ id: "centro", name: "Centro", postalCodes: ["20000"], fee: 35, minimum: 0 }],
        flatFee: 0,
        freeOver: null,
      },
    };
    const second = await deliveryOrder({ deliveryZone: "centro" }, zones);
    const borrowed = first.cookie.replace(first.number, second.number);
    for (const cookie of [borrowed, `tianguis_pedido_${second.number}=inventado`, first.cookie]) {
      const html = await tracking(second.storeId, second.number, cookie);
      expect(html).not.toContain("Nogal");
      expect(html).toContain("Zona Centro");
    }
    expect(await tracking(second.storeId, second.number, second.cookie)).toContain("Calle Nogal 123");
  });
});

describe("anonymous writes are bounded", () => {
  const api = (body: Record<string, unknown>) =>
    fetch(`${base()}/s/${owner.storeId}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base() },
      body: JSON.stringify(body),
    });
  const events = async (name: string, storeId: string | null = owner.storeId) => {
    const [row] = await db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(
        storeId === null
          ? eq(analyticsEvents.name, name)
          : and(eq(analyticsEvents.name, name), eq(analyticsEvents.storeId, storeId)),
      );
    return row!.n;
  };

  it("200 page views from one address count 5; every one is answered", async () => {
    const store = await createStore(db, { displayName: "Tienda nueva" });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${base()}/s/${store.id}/api`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base() },
          body: JSON.stringify({ intent: "view" }),
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([204]));
    expect(await events("view_store_page", store.id)).toBe(5);
  });

  it(`a store's page views stop counting at ${RATE_LIMITS.viewsPerStore.limit} an hour, whoever sends them`, async () => {
    const store = await createStore(db, { displayName: "Tienda muy vista" });
    const view = () =>
      fetch(`${base()}/s/${store.id}/api`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base() },
        body: JSON.stringify({ intent: "view" }),
      });
    // The hour's views from other addresses, one short of the store's limit.
    const key = limitKey({ name: "viewsPerStore", subject: store.id });
    await db
      .insert(rateLimitHits)
      .values(Array.from({ length: RATE_LIMITS.viewsPerStore.limit - 1 }, () => ({ key, at: new Date() })));
    expect((await view()).status).toBe(204);
    expect(await events("view_store_page", store.id)).toBe(1);
    // This address has counted one view of its five: the store's limit is what stops the next.
    expect((await view()).status).toBe(204);
    expect(await events("view_store_page", store.id)).toBe(1);
  });

  it("100 searches from one address count 60 searches; every one gets its results", async () => {
    const before = await events("search_products", null);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) => fetch(`${base()}/c/aguascalientes?q=concha${n % 7}`)),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect((await events("search_products", null)) - before).toBe(60);
  });

  it("50 simultaneous order look-ups from one address: 30 answered, the rest told to wait", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api({ intent: "lookup-order", number: "NOEXISTE1" })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(
      answers.filter((answer) => answer.status === 429).every((answer) => answer.headers.has("retry-after")),
    ).toBe(true);
  });

  it("25 simultaneous sign-ups from one address create at most 10 accounts", async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        fetch(`${base()}/i/signup`, {
          method: "POST",
          headers: { Origin: base() },
          body: new URLSearchParams({
            displayName: `Tienda Ráfaga ${n}`,
            storeId: `rafaga-${n}`,
            storeCategory: "beauty",
            email: `rafaga-${n}@example.com`,
            password: "una-contraseña-larga-y-rara",
          }),
        }),
      ),
    );
    // Past the limit: 429; while the password-hashing queue is full: 503 (docs/decisions/011). Both say when to retry.
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(
      refused.every((answer) => [429, 503].includes(answer.status) && answer.headers.has("retry-after")),
    ).toBe(true);
    expect(refused.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(15);
    const [created] = await db.select({ n: count() }).from(authUser).where(like(authUser.email, "rafaga-%"));
    expect(created!.n).toBe(answers.length - refused.length);
    expect(created!.n).toBeLessThanOrEqual(10);
    expect(created!.n).toBeGreaterThan(0);
  });

  it(`one session holds at most ${MAX_STREAMS_PER_SESSION} live order streams: the oldest are closed`, async () => {
    const readers = [];
    for (let n = 0; n < MAX_STREAMS_PER_SESSION + 2; n++) readers.push(await openOrderStream(owner.cookie));
    const states = await Promise.all(readers.map(streamState));
    expect(states).toEqual([...Array(2).fill("closed"), ...Array(MAX_STREAMS_PER_SESSION).fill("open")]);
    await Promise.all(readers.map((reader) => reader.cancel()));
  });

  it(`one store holds at most ${MAX_STREAMS_PER_STORE} live order streams across its sessions: the oldest are closed`, async () => {
    const store = await createStore(db, { displayName: "Tienda con muchas pestañas" });
    const account = await createOwner(db, { storeId: store.id });
    const sessions = [];
    for (let n = 0; n < 3; n++) sessions.push(await signIn(base(), account.email, account.password));
    // Interleaved over three sessions, so that none passes its own limit of MAX_STREAMS_PER_SESSION.
    const readers = [];
    for (let n = 0; n < MAX_STREAMS_PER_STORE + 2; n++) {
      readers.push(await openOrderStream(sessions[n % sessions.length]!));
    }
    expect(Math.ceil(readers.length / sessions.length)).toBeLessThanOrEqual(MAX_STREAMS_PER_SESSION);
    // Another store's panel is not counted against this one.
    const elsewhere = await openOrderStream(owner.cookie);
    const states = await Promise.all([...readers, elsewhere].map(streamState));
    expect(states).toEqual([...Array(2).fill("closed"), ...Array(MAX_STREAMS_PER_STORE + 1).fill("open")]);
    await Promise.all([...readers, elsewhere].map((reader) => reader.cancel()));
  });
});

/** Opens the owner's live order stream and waits for its first event: the stream is registered. */
async function openOrderStream(cookie: string) {
  const response = await fetch(`${base()}/i/admin/orders/stream`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  return reader;
}

/** "closed" when the server ends the stream within 1.5 s, "open" otherwise. */
function streamState(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const timeout = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), 1500));
  const drained = (async () => {
    while (!(await reader.read()).done);
    return "closed" as const;
  })();
  return Promise.race([drained, timeout]);
}

describe("bad values", () => {
  it("a NUL in a field is a 400 naming that field, and nothing is stored", async () => {
    const before = await ownerState();
    const settings = await fetch(`${base()}/i/admin/settings`, {
      method: "POST",
      headers: { cookie: owner.cookie, Accept: "application/json", Origin: base() },
      body: new URLSearchParams({
        displayName: "La Espiga\u0000",
        cityId: "aguascalientes",
        allowPickup: "on",
      }),
    });
    expect(settings.status).toBe(400);
    const body = (await settings.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors.displayName).toContain("caracteres que no se permiten");
    const order = await fetch(`${base()}/s/${owner.storeId}/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base() },
      body: JSON.stringify({ intent: "place-order", form: { customerName: "Ana\u0007", lines: [] } }),
    });
    expect(order.status).toBe(400);
    expect(((await order.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty(
      "customerName",
    );
    const search = await fetch(`${base()}/c/aguascalientes?q=pan%00dulce`);
    expect(search.status).toBe(400);
    expect(await ownerState()).toEqual(before);
  });

  it("a NUL in a multipart form's text field is a 400 naming that field; a binary file part is not text", async () => {
    const before = await ownerState();
    const settings = new FormData();
    settings.set("displayName", "La Espiga\u0000");
    settings.set("cityId", "aguascalientes");
    settings.set("allowPickup", "on");
    const refused = await fetch(`${base()}/i/admin/settings`, {
      method: "POST",
      headers: { cookie: owner.cookie, Accept: "application/json", Origin: base() },
      body: settings,
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors.displayName).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(await ownerState()).toEqual(before);

    // Bytes 0 to 255 in a file part are a file's content, not a field: the form goes through.
    const product = new FormData();
    for (const [key, value] of Object.entries({
      intent: "create",
      name: "Bolillo",
      description: "Recién horneado",
      price: "3",
      unit: "pieza",
      available: "on",
    }))
      product.set(key, value);
    const bytes = Uint8Array.from({ length: 256 }, (_, n) => n);
    product.set("adjunto", new Blob([bytes], { type: "application/octet-stream" }), "datos.bin");
    const accepted = await fetch(`${base()}/i/admin/products`, {
      method: "POST",
      headers: { cookie: owner.cookie, Accept: "application/json", Origin: base() },
      body: product,
    });
    expect(accepted.status).toBe(200);
    expect((await ownerState()).productCount).toBe(before.productCount + 1);
  });

  it.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["no type", null],
  ])(
    "a NUL in an order sent to the storefront API as %s is a 400 naming the field; no order is stored",
    async (_name, type) => {
      const [before] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, owner.storeId));
      const request = orderRequest(owner);
      request.form.customerName = "Ana\u0000";
      const response = await fetch(`${base()}/s/${owner.storeId}/api`, {
        method: "POST",
        headers: { Origin: base(), ...(type ? { "Content-Type": type } : {}) },
        // Bytes, not a string: fetch gives a string body a text/plain type of its own.
        body: new TextEncoder().encode(JSON.stringify(request)),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fieldErrors: Record<string, string> };
      expect(body.fieldErrors.customerName).toContain(CONTROL_CHARACTERS_MESSAGE);
      const [after] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, owner.storeId));
      expect(after!.n).toBe(before!.n);
    },
  );

  it.each([
    ["an order's number", "/s/STORE/pedido/%00"],
    ["an order's number in an unknown store", "/s/x/pedido/%00"],
    ["a store id", "/%00"],
    ["a store id's data request", "/%00.data"],
    ["a product id", "/STORE/p/%1F"],
    ["a city", "/c/aguascalientes%07"],
    ["the panel", "/i/admin/%7F"],
    ["an image", "/media/product-images/%00.webp"],
  ])(
    "a control character in %s's path segment is the 404 page, before any route runs",
    async (_name, path) => {
      const url = `${base()}${path.replace("STORE", owner.storeId)}`;
      const logged = running.server.output().length;
      const page = await fetch(url, { headers: { cookie: owner.cookie } });
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain("La dirección que buscas no existe");
      // The plain page, not React's: no route (and so no query) ran.
      expect(html).not.toContain("<script");
      const json = await fetch(url, { headers: { cookie: owner.cookie, Accept: "application/json" } });
      expect(json.status).toBe(404);
      expect(await json.json()).toMatchObject({ ok: false });
      expect(running.server.output().slice(logged)).not.toMatch(
        /Failed query|unexpected error|unhandled error/,
      );
    },
  );

  it("a control character in the storefront API's store id is a 404, not a 500", async () => {
    const response = await fetch(`${base()}/s/%00/api`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base() },
      body: JSON.stringify(orderRequest(owner)),
    });
    expect(response.status).toBe(404);
  });

  it("an e-mail past 254 characters is refused at login before anything else, in Spanish", async () => {
    const response = await fetch(`${base()}/i/login`, {
      method: "POST",
      headers: { Accept: "application/json", Origin: base() },
      body: new URLSearchParams({ email: `${"a".repeat(300)}@example.com`, password: "lo-que-sea" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Correo o contraseña incorrectos.");
    const huge = await fetch(`${base()}/i/login`, {
      method: "POST",
      headers: { Accept: "application/json", Origin: base() },
      body: new URLSearchParams({ email: `${"a".repeat(1024 * 1024)}@example.com`, password: "x" }),
    });
    expect(huge.status).toBe(413);
  });

  it("a price of a million pesos or more is refused next to the field", async () => {
    const response = await fetch(`${base()}/i/admin/products`, {
      method: "POST",
      headers: { cookie: owner.cookie, Accept: "application/json", Origin: base() },
      body: new URLSearchParams({
        intent: "create",
        name: "Pastel de bodas",
        description: "Tres pisos",
        price: "99999999999999",
        unit: "pieza",
        available: "on",
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors.price).toBe("El precio debe ser menor que $1,000,000.00.");
  });
});

describe("what an anonymous client cannot do to the server's log and sockets", () => {
  it("a method no page takes is a 405 for the log's request line, never an unexpected error", async () => {
    const mark = running.server.output().length;
    const statuses: number[] = [];
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/", `/${owner.storeId}`, "/c/aguascalientes", "/i/tienda-cerrada"]) {
        const answer = await fetch(`${base()}${path}`, { method, headers: { Origin: base() } });
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
    }
    expect(new Set(statuses)).toEqual(new Set([405]));
    const errors = running.server
      .output()
      .slice(mark)
      .split("\n")
      .filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  });

  it("a connection that trickles its headers is closed within 30 s", { timeout: 45_000 }, async () => {
    const { port } = new URL(base());
    const started = Date.now();
    const closedAfterMs = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () =>
        socket.write("GET / HTTP/1.1\r\nHost: x\r\n"),
      );
      // One more header line a second: each keeps the connection busy, none ends the headers.
      const trickle = setInterval(() => socket.write(`X-Lento: ${Date.now()}\r\n`), 1_000);
      socket.on("close", () => {
        clearInterval(trickle);
        resolve(Date.now() - started);
      });
      socket.on("error", () => {});
      setTimeout(() => {
        clearInterval(trickle);
        socket.destroy();
        reject(new Error("still open after 40 s"));
      }, 40_000);
    });
    console.info(
      `[figures] a connection trickling its headers was closed after ${(closedAfterMs / 1000).toFixed(1)} s`,
    );
    expect(closedAfterMs).toBeLessThan(30_000);
  });
});
