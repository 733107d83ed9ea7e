import { describe, expect, it } from "vitest";
import { needsOrderCheck, resolveAdminTab, visibleTabs } from "./admin-tabs";

describe("admin tabs", () => {
  it("defaults to productos and falls back to it for an unknown tab", () => {
    expect(resolveAdminTab(null, "starter")).toBe("productos");
    expect(resolveAdminTab("nada", "basic")).toBe("productos");
    expect(resolveAdminTab("ordenes_completadas", "starter")).toBe("ordenes_completadas");
  });
  it("opens on resumen once the store has orders, unless a tab is asked for", () => {
    expect(resolveAdminTab(null, "starter", true)).toBe("resumen");
    expect(resolveAdminTab("nada", "basic", true)).toBe("resumen");
    expect(resolveAdminTab("configuracion_avanzada", "starter", true)).toBe("resumen");
    expect(resolveAdminTab("productos", "starter", true)).toBe("productos");
    expect(resolveAdminTab("resumen", "starter", false)).toBe("resumen");
    expect(needsOrderCheck(null, "starter")).toBe(true);
    expect(needsOrderCheck("productos", "starter")).toBe(false);
    expect(needsOrderCheck("configuracion_avanzada", "starter")).toBe(true);
  });
  it("shows configuracion_avanzada on Negocio and Pro, never on Emprendedor", () => {
    expect(visibleTabs("basic").map((tab) => tab.id)).toContain("configuracion_avanzada");
    expect(visibleTabs("starter").map((tab) => tab.id)).not.toContain("configuracion_avanzada");
    expect(visibleTabs("premier").map((tab) => tab.id)).toContain("configuracion_avanzada");
    expect(resolveAdminTab("configuracion_avanzada", "starter")).toBe("productos");
    expect(resolveAdminTab("configuracion_avanzada", "basic")).toBe("configuracion_avanzada");
  });
});
