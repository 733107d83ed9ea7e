import { describe, expect, it } from "vitest";
import {
  ACTIVITY_SENTENCES,
  activitySentence,
  orderChangeSentence,
  productActivity,
  type ActivityKind,
} from "./activity";

describe("Actividad's sentences", () => {
  it("read as the actor's name and what they did, for every kind", () => {
    const cases: [ActivityKind, string, object, string][] = [
      ["settings", "", {}, "Ana cambió la página de la tienda"],
      ["hours", "", {}, "Ana cambió el horario"],
      ["zones", "", {}, "Ana cambió las zonas de entrega"],
      ["paused", "", {}, "Ana pausó la tienda"],
      ["resumed", "", {}, "Ana reanudó los pedidos"],
      ["payments", "", {}, "Ana cambió las formas de pago"],
      ["templates", "", {}, "Ana cambió los mensajes de WhatsApp"],
      ["tips", "", {}, "Ana cambió la propina"],
      ["categories", "", {}, "Ana cambió las categorías de la tienda"],
      ["domain_saved", "pan.mx", {}, "Ana puso el dominio pan.mx"],
      ["domain_removed", "pan.mx", {}, "Ana quitó el dominio pan.mx"],
      ["order_email", "", { enabled: true }, "Ana activó el correo de cada pedido nuevo"],
      ["order_email", "", { enabled: false }, "Ana desactivó el correo de cada pedido nuevo"],
      ["trial_started", "", {}, "Ana empezó la prueba del plan"],
      ["product_created", "Concha", {}, "Ana agregó Concha"],
      ["product_updated", "Concha", {}, "Ana editó Concha"],
      ["product_price", "Concha", { from: 12, to: 14 }, "Ana cambió el precio de Concha: $12.00 → $14.00"],
      ["product_shown", "Concha", {}, "Ana mostró Concha en la tienda"],
      ["product_hidden", "Concha", {}, "Ana ocultó Concha de la tienda"],
      ["product_deleted", "Concha", {}, "Ana borró Concha"],
      ["products_bulk", "precio +10 %", { count: 1 }, "Ana cambió 1 producto a la vez: precio +10 %"],
      ["products_bulk", "sin categoría", { count: 3 }, "Ana cambió 3 productos a la vez: sin categoría"],
      ["products_imported", "", { created: 1, changed: 0 }, "Ana importó el catálogo: 1 nuevo, 0 cambiados"],
      ["products_imported", "", { created: 2, changed: 1 }, "Ana importó el catálogo: 2 nuevos, 1 cambiado"],
      ["code_created", "BIENVENIDA10", {}, "Ana creó el código BIENVENIDA10"],
      ["code_paused", "BIENVENIDA10", {}, "Ana pausó el código BIENVENIDA10"],
      ["code_resumed", "BIENVENIDA10", {}, "Ana reanudó el código BIENVENIDA10"],
      ["code_deleted", "BIENVENIDA10", {}, "Ana borró el código BIENVENIDA10"],
      ["offer_created", "Martes de conchas", {}, "Ana creó la oferta Martes de conchas"],
      ["offer_paused", "Martes de conchas", {}, "Ana pausó la oferta Martes de conchas"],
      ["offer_resumed", "Martes de conchas", {}, "Ana reanudó la oferta Martes de conchas"],
      ["offer_deleted", "Martes de conchas", {}, "Ana borró la oferta Martes de conchas"],
      ["member_invited", "beto@x.mx", { role: "cajero" }, "Ana invitó a beto@x.mx como cajero"],
      ["invitation_resent", "beto@x.mx", {}, "Ana reenvió la invitación de beto@x.mx"],
      ["invitation_revoked", "beto@x.mx", {}, "Ana canceló la invitación de beto@x.mx"],
      ["member_joined", "", { role: "encargado" }, "Ana se unió al equipo como encargado"],
      ["member_role", "Beto", { role: "encargado" }, "Ana cambió el rol de Beto a encargado"],
      ["member_removed", "Beto", {}, "Ana quitó a Beto del equipo"],
      ["ownership_transferred", "Beto", {}, "Ana pasó la tienda a Beto"],
    ];
    for (const [kind, subject, details, sentence] of cases) {
      expect(activitySentence("Ana", kind, subject, details)).toBe(sentence);
    }
    // Every kind has its case above.
    expect(new Set(cases.map(([kind]) => kind))).toEqual(new Set(Object.keys(ACTIVITY_SENTENCES)));
  });

  it("read a line recorded without details, and an order's change as the order panels say it", () => {
    expect(activitySentence("Ana", "product_price", "Concha", null)).toBe(
      "Ana cambió el precio de Concha: $0.00 → $0.00",
    );
    expect(orderChangeSentence("Beto", "completed", "TG-1042")).toBe("Orden TG-1042: Completada por Beto");
  });

  it("end a team line recorded without its role at the person, not at a dangling «como»", () => {
    expect(activitySentence("Ana", "member_invited", "beto@x.mx", null)).toBe("Ana invitó a beto@x.mx");
    expect(activitySentence("Ana", "member_joined", "", {})).toBe("Ana se unió al equipo");
    expect(activitySentence("Ana", "member_role", "Beto", null)).toBe("Ana cambió el rol de Beto");
  });
});

describe("a product's change", () => {
  const concha = { name: "Concha", price: 12, available: true };

  it("is created, deleted, or nothing when there was none", () => {
    expect(productActivity(null, concha, false)).toEqual({ kind: "product_created", subject: "Concha" });
    expect(productActivity(concha, null, false)).toEqual({ kind: "product_deleted", subject: "Concha" });
    expect(productActivity(null, null, true)).toBeNull();
  });

  it("is a new price, before and after, whatever else changed", () => {
    expect(productActivity(concha, { ...concha, name: "Concha grande", price: 14 }, true)).toEqual({
      kind: "product_price",
      subject: "Concha grande",
      details: { from: 12, to: 14 },
    });
  });

  it("is an edit, else shown or hidden, else nothing", () => {
    expect(productActivity(concha, concha, true)).toEqual({ kind: "product_updated", subject: "Concha" });
    expect(productActivity(concha, { ...concha, available: false }, false)).toEqual({
      kind: "product_hidden",
      subject: "Concha",
    });
    expect(productActivity({ ...concha, available: false }, concha, false)).toEqual({
      kind: "product_shown",
      subject: "Concha",
    });
    expect(productActivity(concha, concha, false)).toBeNull();
  });
});
