import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { MAX_UPLOAD_BYTES } from "~/domain/images/image-messages";
import { MAX_SHEET_BYTES, MAX_ZIP_BYTES } from "~/domain/products/catalogue-files.server";
import { LAYERS } from "../../server/http";
import { ARCHITECTURE, architectureWithSections } from "../../scripts/docs";
import { requireAccess } from "./entry-access.server";
import {
  ALL_ENTRY_POINTS,
  entryFor,
  entryPoint,
  isExpressEntry,
  isPrivatePath,
  isRouterEntry,
} from "./entry-points";

const APP = path.resolve("app");

type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };

describe("the entry points and the router", () => {
  it("app/routes.ts has one route for each router entry point, and no other", () => {
    const table = (routes as RouteEntry[]).map((route) => ({
      id: route.id,
      path: route.index ? "/" : `/${route.path}`,
      file: route.file,
      children: route.children?.length ?? 0,
    }));
    const declared = ALL_ENTRY_POINTS.filter(isRouterEntry).map((entry) => ({
      id: entry.name,
      path: entry.path,
      file: entry.by.router,
      children: 0,
    }));
    expect(table).toEqual(declared);
  });

  it("every route module under app/routes/ is one entry point's", () => {
    const declared = new Set(ALL_ENTRY_POINTS.filter(isRouterEntry).map((entry) => entry.by.router));
    const modules = readdirSync(path.join(APP, "routes"), { recursive: true, withFileTypes: true })
      .filter((file) => file.isFile() && /\.tsx?$/.test(file.name) && !file.name.includes(".test."))
      .map((file) => path.relative(APP, path.join(file.parentPath, file.name)))
      // The panel's tabs are parts of the panel's loader (routes/admin.tsx), not routes.
      .filter((file) => !file.startsWith(path.join("routes", "admin", "tabs")));
    expect(modules.length).toBeGreaterThan(40);
    expect(modules.filter((file) => !declared.has(file))).toEqual([]);
  });
});

describe("the entry points and server/http.ts", () => {
  const layerEntries = LAYERS.flatMap((layer) => (layer.entry ? [layer.entry] : []));

  it("every Express layer with an address of its own is an entry point's, and each entry point has one layer", () => {
    const express = ALL_ENTRY_POINTS.filter(isExpressEntry).map((entry) => entry.name);
    expect([...layerEntries].sort()).toEqual([...express].sort());
  });

  it("every file and folder of public/ is an entry point the server answers", () => {
    const files = readdirSync("public", { withFileTypes: true }).map((file) =>
      file.isDirectory() ? `/${file.name}/x` : `/${file.name}`,
    );
    for (const file of files) {
      const entry = entryFor(file, "GET");
      expect(entry && isExpressEntry(entry) ? entry.name : "no entry", file).toBeOneOf(layerEntries);
    }
  });
});

describe("each entry point's declaration", () => {
  it("names and paths are unique", () => {
    expect(new Set(ALL_ENTRY_POINTS.map((entry) => entry.name)).size).toBe(ALL_ENTRY_POINTS.length);
    expect(new Set(ALL_ENTRY_POINTS.map((entry) => entry.path)).size).toBe(ALL_ENTRY_POINTS.length);
  });

  it("a body for every POST, and none without one", () => {
    for (const entry of ALL_ENTRY_POINTS) {
      expect(entry.body !== undefined, entry.name).toBe(entry.methods.includes("POST"));
    }
  });

  it("every answer that needs a session or a link is private", () => {
    for (const entry of ALL_ENTRY_POINTS) {
      if (!["public", "metrics-allow"].includes(entry.access.who))
        expect(entry.private, entry.name).toBe(true);
    }
  });

  it("the page cache keeps only public pages for everyone, and the panel per session", () => {
    for (const entry of ALL_ENTRY_POINTS.filter((entry) => entry.pageCache)) {
      expect(entry.answers, entry.name).toBe("page");
      if (entry.pageCache === "public")
        expect([entry.access.who, entry.private], entry.name).toEqual(["public", false]);
      else expect(entry.private, entry.name).toBe(true);
    }
  });

  it("a streamed body's cap holds the files its route takes", () => {
    expect(entryPoint("admin-upload").body.limit).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(entryPoint("admin-products-import").body.limit).toBeGreaterThan(MAX_SHEET_BYTES + MAX_ZIP_BYTES);
  });
});

describe("what a request names", () => {
  it("picks the entry as the router ranks it: fixed segments before parameters, a page's data with its page", () => {
    expect(entryFor("/")?.name).toBe("landing");
    expect(entryFor("/_root.data")?.name).toBe("landing");
    expect(entryFor("/i/admin.data")?.name).toBe("admin");
    expect(entryFor("/i/admin/products")?.name).toBe("admin-products");
    expect(entryFor("/panaderia")?.name).toBe("storefront");
    expect(entryFor("/s/panaderia/api", "POST")?.name).toBe("storefront-api");
    expect(entryFor("/s/panaderia/pedido/K7M")?.name).toBe("order-tracking");
    expect(entryFor("/media/product-images/a.webp")?.name).toBe("media");
    expect(entryFor("/a/b/c/d")?.name).toBe("not-found");
  });

  it("a method the entry does not take names no entry", () => {
    expect(entryFor("/i/admin/products", "GET")?.name).toBe("not-found");
    expect(entryFor("/healthz", "POST")).toBeUndefined();
  });

  it("private paths are the private entries', their data requests too", () => {
    expect(isPrivatePath("/i/invitacion/un-token")).toBe(true);
    expect(isPrivatePath("/i/admin.data")).toBe(true);
    expect(isPrivatePath("/s/panaderia/pedido/K7M/stream")).toBe(true);
    expect(isPrivatePath("/panaderia")).toBe(false);
    expect(isPrivatePath("/i/tienda-cerrada")).toBe(false);
  });
});

describe("requireAccess", () => {
  it("refuses to guard a request for another entry point's address: a guard copied from another route", async () => {
    const request = new Request("http://localhost/i/admin/settings", { method: "POST" });
    await expect(requireAccess(request, {} as AppLoadContext, "admin-products")).rejects.toThrow(
      'requireAccess("admin-products") guards a request for POST /i/admin/settings',
    );
  });
});

describe("docs/ARCHITECTURE.md", () => {
  it("shows the entry points and the layers as the code has them (npm run docs)", () => {
    const page = readFileSync(ARCHITECTURE, "utf8");
    expect(architectureWithSections(page)).toBe(page);
  });
});

describe("the route modules", () => {
  it("answer the methods their entry points declare: a loader or a page for GET, an action for POST", async () => {
    const answered: Record<string, string[]> = {};
    const declared: Record<string, string[]> = {};
    for (const entry of ALL_ENTRY_POINTS.filter(isRouterEntry)) {
      const module = (await import(/* @vite-ignore */ path.join(APP, entry.by.router))) as Record<
        string,
        unknown
      >;
      answered[entry.name] = [
        ...(module.loader || module.default ? ["GET"] : []),
        ...(module.action ? ["POST"] : []),
      ];
      declared[entry.name] = [...entry.methods];
    }
    expect(answered).toEqual(declared);
  }, 60_000);
});
