import { describe, expect, it } from "vitest";
import { ALL_ENTRY_POINTS } from "./entry-points";
import { routeLabel } from "./route-labels";

describe("route labels", () => {
  it("labels a path with the pattern of the entry point that serves it, fixed segments before parameters", () => {
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/_root.data")).toBe("/");
    expect(routeLabel("/i/cuenta")).toBe("/i/cuenta");
    expect(routeLabel("/i/cuenta.data?x=1")).toBe("/i/cuenta");
    expect(routeLabel("/i/restablecer/abcDEF_123")).toBe("/i/restablecer/:token");
    expect(routeLabel("/s/panaderia/pedido/ABC123")).toBe("/s/:storeId/pedido/:number");
    expect(routeLabel("/s/panaderia/api")).toBe("/s/:storeId/api");
    expect(routeLabel("/panaderia")).toBe("/:storeId");
    expect(routeLabel("/panaderia/p/xyz")).toBe("/:storeId/p/:productId");
    expect(routeLabel("/healthz")).toBe("/healthz");
    expect(routeLabel("/sw.js")).toBe("/sw.js");
    expect(routeLabel("/assets/entry-abc.js")).toBe("/assets/*");
    expect(routeLabel("/media/product-images/a/b.webp")).toBe("/media/*");
  });

  it("gives every unknown path one of two labels, whatever it is", () => {
    const unknown = ["/i/x1", "/i/x2/y", "/a/b/c/d", "/i/cuenta/nada", "/x.php", "/%00"].map(routeLabel);
    expect(new Set(unknown)).toEqual(new Set(["/*", "/:storeId"]));
    expect(routeLabel("/i/abc")).toBe(routeLabel("/i/def/ghi"));
  });

  it("has no more labels than entry points", () => {
    const labels = new Set(ALL_ENTRY_POINTS.map((entry) => entry.path));
    expect(labels.size).toBe(ALL_ENTRY_POINTS.length);
  });
});
