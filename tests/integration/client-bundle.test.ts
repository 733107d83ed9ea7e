import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import * as schema from "~/db/schema";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { ROOT } from "../support/server-process";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);

/**
 * What the browser downloads must not carry the database: no Drizzle table objects, so none
 * of the schema's table names (`auth_session`, `push_subscriptions`, …), in any script of the
 * production build (`npm test` builds it first).
 */
describe("the production client bundle", () => {
  it("contains none of the schema's table names", async () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(tables).toContain("auth_session");
    expect(tables).toContain("push_subscriptions");

    const dir = path.join(ROOT, "build/client");
    const files = (await readdir(dir, { recursive: true })).filter((file) => /\.(m?js)$/.test(file));
    expect(files.length).toBeGreaterThan(5);
    // One-word names ("orders", "products") are also ordinary words in the storefront's code;
    // the compound names and Drizzle's own marker are what a shipped table object carries.
    const distinctive = tables.filter((table) => table.includes("_"));
    const leaks: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(dir, file), "utf8");
      if (text.includes("drizzle:")) leaks.push(`${file}: drizzle`);
      for (const table of distinctive) if (text.includes(table)) leaks.push(`${file}: ${table}`);
    }
    expect(leaks).toEqual([]);
  });
});

/**
 * Every script a page loads: those its HTML names (script sources, module preloads, the router's
 * inline imports and route list) and, from each, what it imports, statically or dynamically.
 */
async function scriptsOf(
  pagePath: string,
  { cookie, upFront = false }: { cookie?: string; upFront?: boolean } = {},
): Promise<Map<string, string>> {
  const base = running.server.url;
  const html = await (await fetch(`${base}${pagePath}`, { headers: cookie ? { cookie } : {} })).text();
  const queue = [...html.matchAll(/["'](\/assets\/[^"'?#]+\.js)["']/g)].map((match) => `${base}${match[1]}`);
  const scripts = new Map<string, string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (scripts.has(url)) continue;
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    const text = await response.text();
    scripts.set(url, text);
    // import … from "./x.js", import "./x.js", and unless only what loads up front: import("./x.js")
    const imports = upFront
      ? /\b(?:from|import)\s*["']([^"']+\.js)["']/g
      : /\b(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g;
    for (const match of text.matchAll(imports)) queue.push(new URL(match[1]!, url).href);
    if (upFront) continue;
    // Vite's list of what a dynamic import preloads, relative to the site's root.
    for (const list of text.matchAll(/__vite__mapDeps=[^[]*\[([^\]]*)\]/g))
      for (const entry of list[1]!.matchAll(/["']([^"']+\.js)["']/g))
        queue.push(new URL(entry[1]!, `${base}/`).href);
  }
  return scripts;
}

/**
 * The manifest and the service worker are the panel's; a shopper on a store, product,
 * city or landing page downloads neither the manifest nor, as the page opens, any script that
 * registers the worker (asking for "Avísame" in this browser fetches that script then).
 */
describe("public pages do not pay for the installable app", () => {
  it.each([
    ["the store page", "STORE", true],
    ["a product's page", "PRODUCT", true],
    // These two load no script file at all.
    ["the city page", "/c/aguascalientes", false],
    ["the landing page", "/", false],
  ])("%s links no manifest and loads no service worker", async (_name, page, loadsScripts) => {
    const store = await createStore(db, { cityId: "aguascalientes", settings: { allowPickup: true } });
    const product = await createProduct(db, store.id);
    const pagePath =
      page === "STORE" ? `/${store.id}` : page === "PRODUCT" ? `/${store.id}/p/${product.id}` : page;
    const response = await fetch(`${running.server.url}${pagePath}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toMatch(/rel="manifest"|manifest\.webmanifest/);
    expect(html).not.toMatch(/sw\.js|serviceWorker/);
    // What the page loads as it opens; a shopper who asks for "Avísame" in this browser fetches
    // the worker's registration then (a dynamic import), not before.
    const scripts = await scriptsOf(pagePath, { upFront: true });
    expect(scripts.size > 0).toBe(loadsScripts);
    const paying = [...scripts]
      .filter(([, text]) => /serviceWorker\.register|manifest\.webmanifest/.test(text))
      .map(([url]) => url);
    expect(paying).toEqual([]);
  });

  it("the panel does: the same check finds its manifest link and its worker's registration", async () => {
    const store = await createStore(db);
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const html = await (await fetch(`${running.server.url}/i/admin`, { headers: { cookie } })).text();
    expect(html).toMatch(/rel="manifest"/);
    const scripts = await scriptsOf("/i/admin", { cookie });
    expect([...scripts.values()].some((text) => text.includes("serviceWorker.register"))).toBe(true);
  });
});
