/**
 * A store's own domain (docs/decisions/018) end to end, through the real proxy: Caddy runs the
 * Caddyfile of docs/deploy.md (only its ports, hosts and CA are the test's: `local_certs` instead
 * of Let's Encrypt, unprivileged ports), in front of the built server, which checks DNS at the
 * test's own DNS server. The owner signs in over HTTPS, follows the panel's instructions (the
 * records it shows go into the DNS), presses "Verificar", and the store is fetched over HTTPS on
 * its own domain with a certificate Caddy obtained on demand; a name nobody verified gets no
 * certificate at all.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { findFreePort } from "~/db/embedded.server";
import { chromium, type Browser } from "playwright-core";
import { expectAccessible, useE2eDatabase } from "../support/browser";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "../support/chromium";
import { startDnsServer, type DnsServer } from "../support/dns-server";
import { ROOT, startServerProcess, type ServerProcess } from "../support/server-process";

const CADDY = [process.env.CADDY_PATH, "/usr/bin/caddy", "/usr/local/bin/caddy"].find(
  (candidate) => candidate && existsSync(candidate),
);
if (!CADDY) console.warn("custom-domain-caddy.test.ts skipped: caddy not found (apt-get install caddy)");

const PLATFORM_HOST = "tianguis.test";
const suffix = Math.random().toString(36).slice(2, 8);
const DOMAIN = `pedidos.espiga-${suffix}.mx`;
const UNVERIFIED = `sin-verificar-${suffix}.mx`;
const IN_BROWSER = `tienda.arcos-${suffix}.mx`;

/** Waits for something observable (hooks cannot use expect.poll); fails with `what` after 30 s. */
async function until(condition: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  issuer?: string;
};

describe.skipIf(!CADDY)("a store on its own domain, over HTTPS through Caddy", () => {
  const db = useE2eDatabase();
  const state = {
    dns: undefined as unknown as DnsServer,
    server: undefined as unknown as ServerProcess,
    caddy: undefined as unknown as ChildProcess,
    caddyLog: "",
    dir: "",
    httpsPort: 0,
    ca: "",
  };

  /** An HTTPS request through Caddy for `host`, resolved to 127.0.0.1, trusting only Caddy's CA. */
  function viaCaddy(
    host: string,
    requestPath: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = https.request(
        {
          host,
          port: state.httpsPort,
          path: requestPath,
          method: options.method ?? "GET",
          headers: options.headers,
          ca: state.ca,
          servername: host,
          // The test's "DNS" for the browser side: every name is this machine.
          lookup: (_hostname, lookupOptions, callback) => {
            if ((lookupOptions as { all?: boolean }).all)
              callback(null, [{ address: "127.0.0.1", family: 4 }]);
            else (callback as (error: null, address: string, family: number) => void)(null, "127.0.0.1", 4);
          },
          timeout: 60_000,
        },
        (response) => {
          const issuer = String((response.socket as TLSSocket).getPeerCertificate().issuer?.CN ?? "");
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body, issuer }),
          );
        },
      );
      request.on("timeout", () => request.destroy(new Error(`no answer from ${host}`)));
      request.on("error", reject);
      request.end(options.body);
    });
  }

  beforeAll(async () => {
    state.dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-caddy-"));
    state.dns = await startDnsServer();
    state.dns.set(PLATFORM_HOST, { A: ["127.0.0.1"] });
    const httpPort = await findFreePort();
    state.httpsPort = await findFreePort();
    const publicOrigin = `https://${PLATFORM_HOST}:${state.httpsPort}`;
    state.server = await startServerProcess({
      env: {
        DATABASE_URL: inject("e2eDatabaseUrl"),
        DATA_DIR: path.join(state.dir, "data"),
        DEMO_DATA: "false",
        PUBLIC_ORIGIN: publicOrigin,
        TRUST_PROXY: "loopback",
        DNS_SERVERS: state.dns.address,
        LOG_LEVEL: "warn",
      },
    });

    // The documented Caddyfile, with the test's CA and ports added to its global options.
    const documented = /```caddyfile\n([\s\S]+?)```/.exec(
      readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8"),
    );
    expect(documented, "docs/deploy.md has a caddyfile block").not.toBeNull();
    const caddyfile = documented![1]!.replace(
      /^\{\n/,
      `{\n\tlocal_certs\n\tskip_install_trust\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${state.httpsPort}\n`,
    );
    const config = path.join(state.dir, "Caddyfile");
    await writeFile(config, caddyfile);
    const caddyEnv = {
      ...process.env,
      HOME: state.dir,
      XDG_DATA_HOME: path.join(state.dir, "xdg-data"),
      XDG_CONFIG_HOME: path.join(state.dir, "xdg-config"),
      TIANGUIS_HOST: PLATFORM_HOST,
      TIANGUIS_UPSTREAM: `127.0.0.1:${state.server.port}`,
    };
    const valid = spawnSync(CADDY!, ["validate", "--config", config, "--adapter", "caddyfile"], {
      env: caddyEnv,
      encoding: "utf8",
    });
    expect(valid.status, valid.stderr).toBe(0);
    state.caddy = spawn(CADDY!, ["run", "--config", config, "--adapter", "caddyfile"], {
      env: caddyEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    state.caddy.stdout!.on("data", (chunk) => (state.caddyLog += chunk));
    state.caddy.stderr!.on("data", (chunk) => (state.caddyLog += chunk));
    // Caddy's local CA writes its root certificate into its data directory at start.
    const rootCertificate = path.join(caddyEnv.XDG_DATA_HOME, "caddy/pki/authorities/local/root.crt");
    await until(async () => existsSync(rootCertificate) || state.caddy.exitCode !== null, "Caddy's root CA");
    expect(state.caddy.exitCode, state.caddyLog).toBeNull();
    state.ca = readFileSync(rootCertificate, "utf8");
    await until(
      () =>
        viaCaddy(PLATFORM_HOST, "/healthz").then(
          (answer) => answer.status === 200,
          () => false,
        ),
      `Caddy proxying the platform\n${state.caddyLog}`,
    );
  });

  afterAll(async () => {
    if (state.caddy && state.caddy.exitCode === null) {
      const exited = new Promise((resolve) => state.caddy.once("exit", resolve));
      state.caddy.kill("SIGTERM");
      await exited;
    }
    await state.server?.stop();
    await state.dns?.close();
    if (state.dir) await rm(state.dir, { recursive: true, force: true });
  });

  it("lets a Negocio owner follow the panel's instructions and serves the store on the domain over HTTPS", async () => {
    const store = await createStore(db, {
      displayName: "Panadería La Espiga",
      licenceType: "basic",
      licenceExpires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    await createProduct(db, store.id, { name: "Concha de vainilla", price: 12 });
    const password = "contrasena-segura-1";
    const owner = await createOwner(db, { storeId: store.id, password });
    const platform = `https://${PLATFORM_HOST}:${state.httpsPort}`;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const posted = { "Content-Type": "application/x-www-form-urlencoded", Origin: platform };

    // The owner signs in on the platform, over HTTPS through Caddy: a Secure session cookie.
    const login = await viaCaddy(PLATFORM_HOST, "/i/login", {
      method: "POST",
      headers: posted,
      body: form({ email: owner.email, password }),
    });
    expect(login.status).toBe(302);
    const cookie = ([] as string[])
      .concat(login.headers["set-cookie"] ?? [])
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    const panel = (fields: Record<string, string>) =>
      viaCaddy(PLATFORM_HOST, "/i/admin/custom-domain", {
        method: "POST",
        headers: { ...posted, Cookie: cookie, Accept: "application/json" },
        body: form(fields),
      });
    expect((await panel({ intent: "save", host: DOMAIN })).status).toBe(200);

    // The records as Configuración → Dominio propio shows them go into the DNS.
    const page = await viaCaddy(PLATFORM_HOST, "/i/admin?tab=configuracion", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const shown = (type: string) =>
      new RegExp(
        `${type}</p><p[^>]*><span[^>]*>Nombre:</span> <code>([^<]+)</code></p><p[^>]*><span[^>]*>Valor:</span> <code>([^<]+)</code>`,
      ).exec(page.body.replace(/<!-- -->/g, ""));
    const cname = shown("CNAME");
    const txt = shown("TXT");
    expect(cname?.slice(1)).toEqual([DOMAIN, PLATFORM_HOST]);
    expect(txt?.[1]).toBe(`_tianguis.${DOMAIN}`);
    state.dns.set(cname![1]!, { CNAME: cname![2]! });
    state.dns.set(txt![1]!, { TXT: [txt![2]!] });
    const verified = await panel({ intent: "verify" });
    expect(verified.status, verified.body).toBe(200);
    expect(JSON.parse(verified.body).message).toContain(`https://${DOMAIN}:${state.httpsPort}`);

    // The first visit: Caddy asks Tianguis, gets a certificate on demand and proxies by Host.
    const storefront = await viaCaddy(DOMAIN, "/");
    expect(storefront.status).toBe(200);
    expect(storefront.issuer).toMatch(/Caddy Local Authority/);
    expect(storefront.body).toContain("Panadería La Espiga");
    expect(storefront.body).toContain("Concha de vainilla");
    expect(storefront.body).toContain(`<link rel="canonical" href="https://${DOMAIN}:${state.httpsPort}/"`);
    expect(storefront.headers["set-cookie"]).toBeUndefined();
    expect((await viaCaddy(DOMAIN, "/i/admin", { headers: { Cookie: cookie } })).status).toBe(404);
    // The platform address now moves to the domain.
    const moved = await viaCaddy(PLATFORM_HOST, `/${store.id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`https://${DOMAIN}:${state.httpsPort}/`);
    console.log(
      `custom domain through Caddy: https://${DOMAIN}:${state.httpsPort}/ → ${storefront.status}, certificate issued by "${storefront.issuer}"`,
    );
  });

  it("in Chromium: the owner sets the domain up in the panel at 360 px, and a shopper orders on it", async () => {
    const store = await createStore(db, {
      displayName: "Café Los Arcos",
      licenceType: "premier",
      licenceExpires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      settings: { allowPickup: true },
    });
    await createProduct(db, store.id, { id: "cafe-de-olla", name: "Café de olla", price: 35 });
    const password = "contrasena-segura-1";
    const owner = await createOwner(db, { storeId: store.id, password });
    const platform = `https://${PLATFORM_HOST}:${state.httpsPort}`;
    const browser: Browser = await chromium.launch({
      executablePath: HEADLESS_SHELL_PATH,
      // Every name is this machine, as the test's DNS says; Caddy's local CA is not the system's.
      args: [...CHROMIUM_FLAGS, "--host-resolver-rules=MAP * 127.0.0.1"],
    });
    try {
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 360, height: 740 },
        locale: "es-MX",
        timezoneId: "America/Mexico_City",
      });
      const page = await context.newPage();
      await page.goto(`${platform}/i/login`);
      await page.getByPlaceholder("Correo electrónico").fill(owner.email);
      await page.getByPlaceholder("Contraseña").fill(password);
      await page.getByRole("button", { name: "Entrar" }).click();
      await page.waitForURL(`${platform}/i/admin`);
      await page.goto(`${platform}/i/admin?tab=configuracion`);
      await page.locator("main[data-hydrated]").waitFor();

      const card = page.getByRole("form", { name: "Dominio propio" });
      const field = card.getByLabel("Tu dominio");
      await field.fill("http://10.0.0.7/");
      await card.getByRole("button", { name: "Guardar dominio" }).click();
      // The message sits next to the field, as its description.
      await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      const describedBy = await field.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
        "Escribe un nombre de dominio, no una dirección IP.",
      );

      await field.fill(IN_BROWSER.toUpperCase());
      await card.getByRole("button", { name: "Guardar dominio" }).click();
      const records = page.getByRole("list", { name: "Registros DNS que debes crear" });
      await records.waitFor();
      await page.getByRole("button", { name: "Verificar" }).click();
      const missing = page.getByRole("list", { name: "Lo que falta" });
      await expect
        .poll(() => missing.textContent())
        .toContain(`Falta el registro TXT _tianguis.${IN_BROWSER}`);
      await expectAccessible(page);

      // The owner creates what the page lists, and verifies again.
      const values = await records.locator("code").allTextContents();
      expect(values).toEqual([
        IN_BROWSER,
        PLATFORM_HOST,
        `_tianguis.${IN_BROWSER}`,
        expect.stringMatching(/^tianguis-/),
      ]);
      state.dns.set(values[0]!, { CNAME: values[1]! });
      state.dns.set(values[2]!, { TXT: [values[3]!] });
      await page.getByRole("button", { name: "Verificar" }).click();
      await expect.poll(() => page.getByText("¡Listo! Verificamos tu dominio").isVisible()).toBe(true);
      await expect.poll(() => page.getByText("Activo", { exact: true }).isVisible()).toBe(true);
      // The records now exist: the panel speaks of keeping them, not of creating them.
      await page.getByRole("list", { name: "Registros DNS de tu dominio" }).waitFor();
      expect(await page.getByText("Registros DNS que debes crear").count()).toBe(0);

      // A shopper, in a browser that never saw Tianguis, orders on the store's own domain.
      const shopper = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 360, height: 740 },
      });
      const shop = await shopper.newPage();
      await shop.goto(`https://${IN_BROWSER}:${state.httpsPort}/`);
      await shop.locator("[data-hydrated]").first().waitFor();
      await shop
        .getByRole("article", { name: "Café de olla" })
        .getByRole("button", { name: "Agregar" })
        .click();
      await shop.getByRole("tab", { name: /Carrito/ }).click();
      await shop.getByLabel("Nombre").fill("Ana López");
      await shop.getByRole("button", { name: /Hacer pedido/ }).click();
      await expect
        .poll(() => shop.getByRole("heading", { name: "¡Pedido recibido!" }).isVisible())
        .toBe(true);
      expect(await shopper.cookies()).toEqual([]);
      expect(await shop.getByRole("link", { name: /Descubre más tiendas/ }).getAttribute("href")).toBe(
        `${platform}/c/aguascalientes`,
      );
      await shopper.close();
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it("gives no certificate to a name nobody verified", async () => {
    // It points at the server and even has a TXT record, but no store verified it.
    state.dns.set(UNVERIFIED, { CNAME: PLATFORM_HOST });
    const failure = await viaCaddy(UNVERIFIED, "/").then(
      () => null,
      (error: Error & { code?: string }) => error,
    );
    expect(failure).not.toBeNull();
    expect(`${failure!.code ?? ""} ${failure!.message}`).toMatch(/alert|handshake|ECONNRESET|socket/i);
    console.log(`unverified domain through Caddy: refused (${failure!.code ?? failure!.message})`);
  });
});
