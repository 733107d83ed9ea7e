import { describe, expect, it } from "vitest";
import { cacheablePage } from "./cacheable-page";

const page = (path: string, query = "", site = "") =>
  cacheablePage({ path, query: new URLSearchParams(query), site });

describe("cacheablePage", () => {
  it("keeps the landing on the platform, with no scope to watch", () => {
    expect(page("/")).toEqual({ key: "/", scopes: [] });
    expect(page("/", "", "https://pedidos.ejemplo.mx")).toBeNull();
  });

  it("keeps a store's pages under the store's scope, whatever their query", () => {
    for (const path of ["/panaderia", "/s/panaderia", "/panaderia/p/abc123", "/s/panaderia/p/abc123"]) {
      expect(page(path, "fbclid=xyz&utm_source=whatsapp")).toEqual({
        key: path,
        scopes: ["store:panaderia"],
        storeId: "panaderia",
      });
    }
  });

  it("keys a store's own domain apart from the platform", () => {
    expect(page("/panaderia", "", "https://pedidos.ejemplo.mx")).toEqual({
      key: "https://pedidos.ejemplo.mx/panaderia",
      scopes: ["store:panaderia"],
    });
  });

  it("keeps a city's page, and its searches by the term and page the page itself reads", () => {
    // A search's results are put into the kept page later.
    const scopes = ["city:aguascalientes", "directory"];
    const searchSection = true;
    expect(page("/c/aguascalientes")).toEqual({ key: "/c/aguascalientes", scopes, searchSection });
    expect(page("/c/aguascalientes", "q=")).toEqual({ key: "/c/aguascalientes", scopes, searchSection });
    expect(page("/c/aguascalientes", "q=%20pan%20&utm=1")).toEqual({
      key: "/c/aguascalientes?q=pan&page=1",
      scopes,
      search: { cityId: "aguascalientes", term: "pan", page: 1 },
      searchSection,
    });
    expect(page("/c/aguascalientes", "q=pan&page=2")?.key).toBe("/c/aguascalientes?q=pan&page=2");
    expect(page("/c/aguascalientes", "q=pan&page=basura")?.key).toBe("/c/aguascalientes?q=pan&page=1");
  });

  it("does not keep a search past its last page of results", () => {
    expect(page("/c/aguascalientes", "q=pan&page=10")).not.toBeNull();
    expect(page("/c/aguascalientes", "q=pan&page=11")).toBeNull();
  });

  it("renders everything else for its request", () => {
    for (const path of [
      "/i/admin",
      "/i/login",
      "/c",
      "/c/aguascalientes/x",
      "/c/Aguas_Calientes",
      "/s/panaderia/api",
      "/s/panaderia/pedido/ABC",
      "/panaderia/p",
      "/panaderia/x/y",
      "/ab",
      "/Panaderia",
      "/robots.txt",
      "/sitemap.xml",
      "/panaderia.data",
      "/metrics",
      "/media",
      "/panaderia/",
      "//panaderia",
    ]) {
      expect(page(path), path).toBeNull();
    }
  });
});
