import { describe, expect, it } from "vitest";
import { routeLabeler, routerPatterns, UNMATCHED_ROUTE } from "./route-labels";

/** A route table shaped like the server build's: a root layout and its children. */
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/cuenta": { id: "routes/cuenta", parentId: "root", path: "i/cuenta" },
  "routes/reset": { id: "routes/reset", parentId: "root", path: "i/restablecer/:token" },
  "routes/tracking": { id: "routes/tracking", parentId: "root", path: "s/:storeId/pedido/:number" },
  storefront: { id: "storefront", parentId: "root", path: ":storeId" },
  "storefront-product": { id: "storefront-product", parentId: "root", path: ":storeId/p/:productId" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};

describe("route labels", () => {
  it("joins each route's path to its ancestors'", () => {
    expect(routerPatterns(ROUTES).sort()).toEqual(
      [
        "/",
        "/i/cuenta",
        "/i/restablecer/:token",
        "/s/:storeId/pedido/:number",
        "/:storeId",
        "/:storeId/p/:productId",
        "/*",
      ].sort(),
    );
  });

  const label = routeLabeler(["/healthz", "/assets/*", "/sw.js", ...routerPatterns(ROUTES)]);

  it("labels a path with the pattern that serves it, fixed segments before parameters", () => {
    expect(label("/")).toBe("/");
    expect(label("/_root.data")).toBe("/");
    expect(label("/i/cuenta")).toBe("/i/cuenta");
    expect(label("/i/cuenta.data?x=1")).toBe("/i/cuenta");
    expect(label("/i/restablecer/abcDEF_123")).toBe("/i/restablecer/:token");
    expect(label("/s/panaderia/pedido/ABC123")).toBe("/s/:storeId/pedido/:number");
    expect(label("/panaderia")).toBe("/:storeId");
    expect(label("/panaderia/p/xyz")).toBe("/:storeId/p/:productId");
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/sw.js")).toBe("/sw.js");
    expect(label("/assets/entry-abc.js")).toBe("/assets/*");
  });

  it("gives every unknown path one label, whatever it is", () => {
    const unknown = ["/i/x1", "/i/x2/y", "/a/b/c/d", "/i/cuenta/nada", "/x.php", "/%00"].map(label);
    expect(new Set(unknown)).toEqual(new Set(["/*", "/:storeId"]));
    expect(label("/i/abc")).toBe(label("/i/def/ghi"));
    expect(routeLabeler(["/i/cuenta"])("/i/otra")).toBe(UNMATCHED_ROUTE);
  });
});
