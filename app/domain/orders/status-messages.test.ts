import { describe, expect, it } from "vitest";
import {
  customerWhatsappUrl,
  DEFAULT_TEMPLATES,
  renderTemplate,
  resolveTemplates,
  statusWhatsappUrl,
  TEMPLATE_KINDS,
  TEMPLATE_LABELS,
  trackingPath,
} from "./status-messages";

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

  it("greets the shopper by the first name, however the name was typed", () => {
    expect(renderTemplate("{nombre}", { ...values, customerName: "  Ana \t María  " })).toBe("Ana");
    expect(renderTemplate("Hola {nombre}.", { ...values, customerName: "" })).toBe("Hola .");
  });

  it("keeps tabs and single spaces the owner wrote, closing only the gaps an empty field leaves", () => {
    expect(renderTemplate("Hola {nombre}\n{motivo}  Gracias", values)).toBe("Hola Ana\n Gracias");
    expect(renderTemplate(DEFAULT_TEMPLATES.cancelled, values)).toBe(
      "Hola Ana, lo sentimos: Panadería La Espiga canceló tu pedido V769-ABCD. https://tianguis.mx/s/la-espiga/pedido/V769-ABCD",
    );
  });

  it("sends no blanks left at the ends by an empty field", () => {
    expect(renderTemplate("  Gracias {nombre} {motivo}", values)).toBe("Gracias Ana");
  });

  it("an owner's templates may be missing, and only the empty ones fall back", () => {
    expect(resolveTemplates(null)).toEqual(DEFAULT_TEMPLATES);
    expect(resolveTemplates(undefined)).toEqual(DEFAULT_TEMPLATES);
    expect(resolveTemplates({})).toEqual(DEFAULT_TEMPLATES);
  });

  it("every status has a default text that greets, names the order and, until delivered, links to it", () => {
    for (const kind of TEMPLATE_KINDS) {
      expect(DEFAULT_TEMPLATES[kind]).toContain("{nombre}");
      expect(DEFAULT_TEMPLATES[kind]).toContain("{pedido}");
      if (kind !== "completed") expect(DEFAULT_TEMPLATES[kind]).toContain("{enlace}");
    }
    expect(TEMPLATE_KINDS.map((kind) => TEMPLATE_LABELS[kind])).toEqual([
      "Pedido aceptado",
      "Listo para recoger",
      "En camino",
      "Pedido entregado",
      "Pedido cancelado",
    ]);
  });

  it("links an order's own tracking page, its number made safe for an address", () => {
    expect(trackingPath("la-espiga", "V769-ABCD")).toBe("/s/la-espiga/pedido/V769-ABCD");
    expect(trackingPath("la-espiga", "A/B C")).toBe("/s/la-espiga/pedido/A%2FB%20C");
  });

  it("links each change of an order to the shopper's chat with the owner's text, the reason and the tracking page", () => {
    const context = {
      storeId: "la-espiga",
      storeName: "Panadería La Espiga",
      origin: "https://tianguis.mx",
      templates: resolveTemplates({ completed: "{nombre}: {pedido} entregado, {total}." }),
    };
    const order = {
      id: "V769-ABCD",
      customerName: "Ana María López",
      customerPhone: "449 123 4567",
      total: 245,
    };
    const text = (href: string | null) => decodeURIComponent(href!.split("?text=")[1]!);
    const completed = statusWhatsappUrl("completed", order, context);
    expect(completed).toMatch(/^https:\/\/wa\.me\/524491234567\?text=/);
    expect(text(completed)).toBe("Ana: V769-ABCD entregado, $245.00.");
    expect(text(statusWhatsappUrl("cancelled", { ...order, cancelReason: "Se acabó el pan" }, context))).toBe(
      "Hola Ana, lo sentimos: Panadería La Espiga canceló tu pedido V769-ABCD. Motivo: Se acabó el pan. https://tianguis.mx/s/la-espiga/pedido/V769-ABCD",
    );
    expect(text(statusWhatsappUrl("cancelled", order, context))).toBe(
      "Hola Ana, lo sentimos: Panadería La Espiga canceló tu pedido V769-ABCD. https://tianguis.mx/s/la-espiga/pedido/V769-ABCD",
    );
    expect(statusWhatsappUrl("completed", { ...order, customerPhone: "" }, context)).toBeNull();
  });
});
