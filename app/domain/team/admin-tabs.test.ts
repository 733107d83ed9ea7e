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
  it("shows Promociones on Negocio and Pro (the trial too), never on Emprendedor", () => {
    expect(visibleTabs("basic").map((tab) => tab.id)).toContain("promociones");
    expect(visibleTabs("starter").map((tab) => tab.id)).not.toContain("promociones");
    expect(resolveAdminTab("promociones", "starter")).toBe("productos");
    expect(resolveAdminTab("promociones", "premier", "cajero")).toBeNull();
  });
});

describe("admin tabs by role", () => {
  const ids = (tabs: { id: string }[]) => tabs.map((tab) => tab.id);
  it("shows the owner every tab the plan has", () => {
    expect(ids(visibleTabs("basic", "owner"))).toEqual(ids(visibleTabs("basic")));
    expect(visibleTabs("basic", "owner")).toHaveLength(9);
    expect(resolveAdminTab("equipo", "starter", "owner")).toBe("equipo");
    expect(resolveAdminTab("equipo", "premier", "encargado")).toBeNull();
  });
  it("shows a cajero the order tabs only, opening on the pending orders", () => {
    expect(ids(visibleTabs("premier", "cajero"))).toEqual([
      "ordenes_pendientes",
      "ordenes_completadas",
      "notificaciones",
    ]);
    expect(resolveAdminTab(null, "premier", "cajero")).toBe("ordenes_pendientes");
    expect(resolveAdminTab("nada", "premier", "cajero")).toBe("ordenes_pendientes");
  });
  it("shows an encargado orders, products, promotions, categories, hours and their own alarm, not Resumen nor Equipo", () => {
    expect(ids(visibleTabs("premier", "encargado"))).toEqual([
      "configuracion",
      "productos",
      "promociones",
      "ordenes_pendientes",
      "ordenes_completadas",
      "configuracion_avanzada",
      "notificaciones",
    ]);
    expect(resolveAdminTab(null, "premier", "encargado")).toBe("productos");
  });
  it("refuses a tab the role may not open, even on a plan that hides it", () => {
    expect(resolveAdminTab("productos", "basic", "cajero")).toBeNull();
    expect(resolveAdminTab("resumen", "basic", "encargado")).toBeNull();
    expect(resolveAdminTab("equipo", "basic", "cajero")).toBeNull();
    expect(resolveAdminTab("configuracion_avanzada", "starter", "cajero")).toBeNull();
    expect(resolveAdminTab("configuracion_avanzada", "starter", "encargado")).toBe("productos");
  });
});
