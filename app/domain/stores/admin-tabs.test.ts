import { describe, expect, it } from "vitest";
import { resolveAdminTab, visibleTabs } from "./admin-tabs";

describe("admin tabs", () => {
  it("defaults to productos and falls back to it for an unknown tab", () => {
    expect(resolveAdminTab(null, "starter")).toBe("productos");
    expect(resolveAdminTab("nada", "basic")).toBe("productos");
    expect(resolveAdminTab("ordenes_completadas", "starter")).toBe("ordenes_completadas");
  });
  it("shows configuracion_avanzada only on the basic plan", () => {
    expect(visibleTabs("basic").map((tab) => tab.id)).toContain("configuracion_avanzada");
    expect(visibleTabs("starter").map((tab) => tab.id)).not.toContain("configuracion_avanzada");
    expect(visibleTabs("premier").map((tab) => tab.id)).not.toContain("configuracion_avanzada");
    expect(resolveAdminTab("configuracion_avanzada", "starter")).toBe("productos");
    expect(resolveAdminTab("configuracion_avanzada", "basic")).toBe("configuracion_avanzada");
  });
});
