import { describe, expect, it } from "vitest";
import { routeOnCustomHost } from "./host-routing";

const STORE = "la-espiga";
const route = (path: string, active = true) => routeOnCustomHost(path, STORE, active);

describe("routeOnCustomHost", () => {
  it("serves the storefront at / and product pages at /p/<id>", () => {
    expect(route("/")).toEqual({ kind: "store-page", path: "/la-espiga" });
    expect(route("/p/concha-1")).toEqual({ kind: "store-page", path: "/la-espiga/p/concha-1" });
    expect(route("/p/concha-1/")).toEqual({ kind: "store-page", path: "/la-espiga/p/concha-1" });
  });

  it("serves nothing below a product page, and only the build's files and the icon themselves", () => {
    expect(route("/p/concha-1/otra-cosa")).toEqual({ kind: "not-found" });
    expect(route("/assets/root-abc.css")).toEqual({ kind: "pass" });
    expect(route("/favicon.svg")).toEqual({ kind: "pass" });
    expect(route("/favicon.svg.bak")).toEqual({ kind: "not-found" });
    expect(route("/i/admin/assets/x.js")).toEqual({ kind: "not-found" });
  });

  it("sends the store's platform-style addresses to the short ones", () => {
    expect(route("/la-espiga")).toEqual({ kind: "redirect", location: "/" });
    expect(route("/s/la-espiga/")).toEqual({ kind: "redirect", location: "/" });
    expect(route("/la-espiga/p/concha-1")).toEqual({ kind: "redirect", location: "/p/concha-1" });
  });

  it.each([
    "/s/la-espiga/api",
    "/s/la-espiga/pedido/ABC234",
    "/s/la-espiga/pedido/ABC234.data",
    "/s/la-espiga/pedido/ABC234/stream",
    "/media/product-images/la-espiga/abc.webp",
    "/assets/entry.client-abc.js",
    "/favicon.svg",
    "/i/og/tienda/la-espiga/v1.jpg",
    "/i/og/producto/la-espiga/concha-1/v1.jpg",
    "/__manifest",
    "/i/csp-report",
    "/robots.txt",
    "/sitemap.xml",
  ])("passes what the store's pages need: %s", (path) => {
    expect(route(path)).toEqual({ kind: "pass" });
  });

  it.each([
    "/i/admin",
    "/i/admin/settings",
    "/i/login",
    "/i/signup",
    "/i/logout",
    "/i/super-admin",
    "/i/caddy/ask",
    "/c/aguascalientes",
    "/otra-tienda",
    "/s/otra-tienda/api",
    "/s/otra-tienda/pedido/ABC234",
    "/otra-tienda/p/x",
    "/i/og/tienda/otra-tienda/v1.jpg",
    "/i/og/tianguis/v1.jpg",
    "/la-espiga-2",
    "/sitemaps/1.xml",
    "/sw.js",
    "/manifest.webmanifest",
    "/healthz",
    "/metrics",
  ])("answers 404 for everything else: %s", (path) => {
    expect(route(path)).toEqual({ kind: "not-found" });
  });

  it("shows the explanation instead of the store when it does not serve here", () => {
    expect(route("/", false)).toEqual({ kind: "unavailable" });
    expect(route("/p/concha-1", false)).toEqual({ kind: "unavailable" });
    expect(route("/la-espiga", false)).toEqual({ kind: "unavailable" });
    expect(route("/s/la-espiga/api", false)).toEqual({ kind: "not-found" });
    expect(route("/media/product-images/la-espiga/abc.webp", false)).toEqual({ kind: "not-found" });
  });
});
