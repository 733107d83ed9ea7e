import { describe, expect, it } from "vitest";
import { resolveAdminTab, visibleTabs } from "./admin-tabs";

describe("admin tabs", () => {
  it("defaults to productos and falls back to it for an unknown tab", () => {
    expect(resolveAdminTab(null, "starter")).toBe("productos");
    expect(resolveAdminTab("nada", "basic")).toBe("productos");
    expect(resolveAdminTab("ordenes_completadas", "starter")).toBe("ordenes_completadas");
  });
  it("opens on productos whether or not the store has orders; Resumen only when asked for", () => {
    expect(resolveAdminTab(null, "premier")).toBe("productos");
    expect(resolveAdminTab("resumen", "starter")).toBe("resumen");
  });
  it("shows configuracion_avanzada on Negocio and Pro, never on Emprendedor", () => {
    expect(visibleTabs("basic").map((tab) => tab.id)).toContain("configuracion_avanzada");
    expect(visibleTabs("starter").map((tab) => tab.id)).not.toContain("configuracion_avanzada");
    expect(visibleTabs("premier").map((tab) => tab.id)).toContain("configuracion_avanzada");
    expect(resolveAdminTab("configuracion_avanzada", "starter")).toBe("productos");
    expect(resolveAdminTab("configuracion_avanzada", "basic")).toBe("configuracion_avanzada");
  });
});
