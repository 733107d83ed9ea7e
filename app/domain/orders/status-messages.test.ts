import { describe, expect, it } from "vitest";
import { customerWhatsappUrl, DEFAULT_TEMPLATES, renderTemplate, resolveTemplates } from "./status-messages";

const values = {
  customerName: "Ana María López",
  orderNumber: "V769-ABCD",
  storeName: "Panadería La Espiga",
  total: 245,
  trackingUrl: "https://tianguis.mx/s/la-espiga/pedido/V769-ABCD",
};

describe("status messages", () => {
  it("fills every field of a template", () => {
    expect(renderTemplate(DEFAULT_TEMPLATES.ready, values)).toBe(
      "¡Hola Ana! Tu pedido V769-ABCD ya está listo para recoger en Panadería La Espiga. Total $245.00. https://tianguis.mx/s/la-espiga/pedido/V769-ABCD",
    );
    expect(renderTemplate("{motivo}", { ...values, reason: "Se acabó el pan" })).toBe(
      "Motivo: Se acabó el pan.",
    );
    expect(renderTemplate(DEFAULT_TEMPLATES.cancelled, values)).not.toContain("{motivo}");
    expect(renderTemplate(DEFAULT_TEMPLATES.cancelled, values)).not.toContain("  ");
  });

  it("leaves unknown braces alone and keeps accents and emoji", () => {
    expect(renderTemplate("🍞 {tienda} {otro}", values)).toBe("🍞 Panadería La Espiga {otro}");
  });

  it("an empty saved template falls back to the default", () => {
    const templates = resolveTemplates({ accepted: "  ", ready: "Ya está, {nombre}" });
    expect(templates.accepted).toBe(DEFAULT_TEMPLATES.accepted);
    expect(templates.ready).toBe("Ya está, {nombre}");
  });

  it("opens the shopper's chat with the text URL-encoded", () => {
    const url = customerWhatsappUrl("(449) 123-4567", "¡Hola Ana! 🍞 Total $245.00 & más");
    expect(url).toBe(
      `https://wa.me/524491234567?text=${encodeURIComponent("¡Hola Ana! 🍞 Total $245.00 & más")}`,
    );
    expect(new URL(url!).searchParams.get("text")).toBe("¡Hola Ana! 🍞 Total $245.00 & más");
    expect(customerWhatsappUrl("12345", "x")).toBeNull();
  });
});
