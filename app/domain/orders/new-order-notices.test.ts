import { describe, expect, it } from "vitest";
import {
  NEW_ORDER_EMAIL_MESSAGES,
  newOrderMail,
  newOrderPush,
  type NewOrderFacts,
} from "./new-order-notices";

const ORIGIN = "https://tianguis.mx";
const SIGNATURE = "— Tianguis, el mercado en línea de los negocios locales";

/** The visible words of the HTML part, paragraph by paragraph, with entities left as they are. */
const htmlParagraphs = (html: string) =>
  [...html.matchAll(/<p style="margin:0 0 16px;line-height:1\.5">(.*?)<\/p>/g)].map((match) => match[1]);

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("an order's notification", () => {
  it("says who ordered, how much and how, and opens the pending orders", () => {
    expect(
      newOrderPush({
        number: "K7QM-3XRT-9HNPW",
        customerName: "  Ana María López ",
        total: 245.5,
        deliveryType: "pickup",
      }),
    ).toEqual({
      title: "Nuevo pedido",
      body: "Nuevo pedido · Ana · $245.50 · Para recoger",
      tag: "pedido-K7QM-3XRT-9HNPW",
      url: "/i/admin?tab=ordenes_pendientes",
    });
    expect(
      newOrderPush({ number: "A", customerName: "Luis", total: 60, deliveryType: "delivery" }).body,
    ).toBe("Nuevo pedido · Luis · $60.00 · A domicilio");
    // A tip is said apart from the total; none, or a zero one, says nothing.
    expect(
      newOrderPush({ number: "A", customerName: "Luis", total: 60, tip: 9, deliveryType: "delivery" }).body,
    ).toBe("Nuevo pedido · Luis · $60.00 + propina $9.00 · A domicilio");
    expect(
      newOrderPush({ number: "A", customerName: "Luis", total: 60, tip: 0, deliveryType: "delivery" }).body,
    ).toBe("Nuevo pedido · Luis · $60.00 · A domicilio");
  });

  it("one tag per order, so a retried push replaces itself", () => {
    const order = { customerName: "Ana", total: 10, deliveryType: "pickup" as const };
    expect(newOrderPush({ ...order, number: "AAAA" }).tag).toBe(
      newOrderPush({ ...order, number: "AAAA" }).tag,
    );
    expect(newOrderPush({ ...order, number: "AAAA" }).tag).not.toBe(
      newOrderPush({ ...order, number: "BBBB" }).tag,
    );
  });
});

describe("NEW_ORDER_EMAIL_MESSAGES", () => {
  it("words the new-order e-mail setting in Spanish with the owner's address", () => {
    expect(NEW_ORDER_EMAIL_MESSAGES.label).toBe("Avisarme por correo de cada pedido nuevo");
    expect(NEW_ORDER_EMAIL_MESSAGES.hint("dueno@example.com")).toBe(
      "Además de las notificaciones, te enviaremos un correo a dueno@example.com con cada pedido.",
    );
    expect(NEW_ORDER_EMAIL_MESSAGES.on("dueno@example.com")).toBe(
      "Listo: te avisaremos de cada pedido nuevo en dueno@example.com.",
    );
    expect(NEW_ORDER_EMAIL_MESSAGES.off).toBe("Ya no te enviaremos un correo por cada pedido.");
    expect(NEW_ORDER_EMAIL_MESSAGES.failed).toBe("No se pudo guardar el aviso por correo. Intenta de nuevo.");
  });
});

describe("newOrderMail", () => {
  const panelUrl = `${ORIGIN}/i/admin?tab=ordenes_pendientes`;
  const order: NewOrderFacts = {
    storeName: "Panadería La Espiga",
    number: "K7QM-3XRT-9HNPW",
    customerName: "Ana López",
    total: 1245.5,
    deliveryType: "delivery",
    lines: [
      { name: "Concha", quantity: 0.75, unit: "kg" },
      { name: "Bolillo", quantity: 2, unit: "pieza" },
      { name: "Pastel", quantity: 1, unit: "pieza" },
    ],
  };
  const footer =
    "Recibes este correo porque activaste «Avisarme por correo de cada pedido nuevo». Puedes apagarlo en la pestaña Notificaciones de tu panel.";

  it("sends a store's new-order e-mail in the store's name with the number and total in MXN", () => {
    const mail = newOrderMail("dueno@example.com", order, panelUrl);
    expect(mail.to).toBe("dueno@example.com");
    expect(mail.fromName).toBe("Panadería La Espiga");
    expect(mail.subject).toBe("Nuevo pedido K7QM-3XRT-9HNPW · $1,245.50");
    expect(mail.link).toBe(panelUrl);
    expect(hrefs(mail.html)).toEqual(["https://tianguis.mx/i/admin?tab=ordenes_pendientes"]);
  });

  it("gives the order's discounts a line each, after the products", () => {
    const discounted = {
      ...order,
      discounts: [{ kind: "code" as const, id: "c", name: "BIENVENIDA10", amount: 12 }],
    };
    expect(newOrderMail("dueno@example.com", discounted, panelUrl).text).toContain(
      "• 1 pieza · Pastel\n\n• Código BIENVENIDA10: −$12.00",
    );
  });

  it("says the tip apart, with what the shopper pays, only when there is one", () => {
    const tipped = { ...order, tip: 186.83, tipPercent: 15 };
    const text = newOrderMail("dueno@example.com", tipped, panelUrl).text;
    expect(text).toContain("• 1 pieza · Pastel\n\nPropina (15 %): $186.83 · Total a pagar: $1,432.33");
    // The first line keeps the order's total; the subject says the tip beside it.
    expect(text).toContain("Pedido K7QM-3XRT-9HNPW · Ana · $1,245.50 · A domicilio");
    expect(newOrderMail("dueno@example.com", tipped, panelUrl).subject).toBe(
      "Nuevo pedido K7QM-3XRT-9HNPW · $1,245.50 + propina $186.83",
    );
    expect(newOrderMail("dueno@example.com", { ...order, tip: 0, tipPercent: null }, panelUrl).text).toBe(
      newOrderMail("dueno@example.com", order, panelUrl).text,
    );
    expect(newOrderMail("dueno@example.com", order, panelUrl).text).not.toContain("Propina");
  });

  it("puts each discount on its own line", () => {
    const discounted = {
      ...order,
      discounts: [
        { kind: "offer" as const, name: "2x1 en conchas", amount: 9 },
        { kind: "code" as const, name: "BIENVENIDA10", amount: 12 },
      ],
    };
    expect(newOrderMail("dueno@example.com", discounted, panelUrl).text).toContain(
      "• 1 pieza · Pastel\n\n• Oferta 2x1 en conchas: −$9.00\n• Código BIENVENIDA10: −$12.00\n\n",
    );
  });

  it("lists the customer's first name, the total, the delivery and one line per product", () => {
    const mail = newOrderMail("dueno@example.com", order, panelUrl);
    expect(mail.text).toBe(
      [
        "Tienes un pedido nuevo en Panadería La Espiga.",
        "Pedido K7QM-3XRT-9HNPW · Ana · $1,245.50 · A domicilio",
        "• 0.75 kg · Concha\n• 2 piezas · Bolillo\n• 1 pieza · Pastel",
        `Ver el pedido en tu panel:\n${panelUrl}`,
        footer,
        SIGNATURE,
      ].join("\n\n"),
    );
    expect(htmlParagraphs(mail.html)).toEqual([
      "Tienes un pedido nuevo en Panadería La Espiga.",
      "Pedido K7QM-3XRT-9HNPW · Ana · $1,245.50 · A domicilio",
      "• 0.75 kg · Concha<br>• 2 piezas · Bolillo<br>• 1 pieza · Pastel",
      footer,
    ]);
    expect(mail.html).toContain(">Ver el pedido en tu panel</a>");
  });

  it("lists a line's choices after its name", () => {
    const tacos = {
      name: "Orden de tacos",
      quantity: 1,
      unit: "pieza" as const,
      choices: [
        { group: "Tamaño", kind: "size" as const, options: [{ name: "5 piezas", price: 70 }] },
        { group: "Extras", kind: "extras" as const, options: [{ name: "Queso", price: 10 }] },
      ],
    };
    const mail = newOrderMail("dueno@example.com", { ...order, lines: [tacos] }, panelUrl);
    expect(mail.text).toContain("• 1 pieza · Orden de tacos — Tamaño: 5 piezas · Extras: Queso\n\n");
  });

  it("says the order is for pickup when the customer picks it up", () => {
    const mail = newOrderMail("dueno@example.com", { ...order, deliveryType: "pickup" }, panelUrl);
    expect(mail.text).toContain("Pedido K7QM-3XRT-9HNPW · Ana · $1,245.50 · Para recoger\n\n");
    expect(mail.text).not.toContain("A domicilio");
  });

  it("takes the first word of a name typed with extra spaces", () => {
    const mail = newOrderMail(
      "dueno@example.com",
      { ...order, customerName: "  María   José  Pérez " },
      panelUrl,
    );
    expect(mail.text).toContain("Pedido K7QM-3XRT-9HNPW · María · $1,245.50 · A domicilio");
  });

  it("escapes the store's, customer's and products' names in the HTML part only", () => {
    const mail = newOrderMail(
      "dueno@example.com",
      {
        ...order,
        storeName: "Tacos <El & Güero>",
        customerName: `<i>Ana</i> "La"`,
        lines: [{ name: `Taco "al pastor" & 'más' <3`, quantity: 3, unit: "pieza" }],
      },
      panelUrl,
    );
    expect(mail.fromName).toBe("Tacos <El & Güero>");
    expect(mail.text).toContain("Tienes un pedido nuevo en Tacos <El & Güero>.");
    expect(mail.text).toContain(`• 3 piezas · Taco "al pastor" & 'más' <3`);
    expect(htmlParagraphs(mail.html).slice(0, 3)).toEqual([
      "Tienes un pedido nuevo en Tacos &#60;El &#38; Güero&#62;.",
      "Pedido K7QM-3XRT-9HNPW · &#60;i&#62;Ana&#60;/i&#62; · $1,245.50 · A domicilio",
      "• 3 piezas · Taco &#34;al pastor&#34; &#38; &#39;más&#39; &#60;3",
    ]);
  });
});
