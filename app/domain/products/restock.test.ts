import { describe, expect, it } from "vitest";
import {
  parseRestockForm,
  pushWorkerServedAt,
  RESTOCK_CANCEL_WORDS,
  RESTOCK_WORDS,
  RestockFormSchema,
  restockCancelPath,
} from "./restock";

describe("RestockFormSchema", () => {
  it("takes a product and an e-mail, trimmed and lower-cased", () => {
    expect(RestockFormSchema.parse({ productId: "abc", email: "  Ana.Lopez@Ejemplo.MX " })).toEqual({
      productId: "abc",
      email: "ana.lopez@ejemplo.mx",
    });
  });

  it.each(["", "ana", "ana@", "@ejemplo.com", "ana@ejemplo", "ana lopez@ejemplo.com", "ana@ejemplo .com"])(
    "refuses %j with the Spanish message beside the field",
    (email) => {
      const result = RestockFormSchema.safeParse({ productId: "abc", email });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ["email"],
          message: "Escribe un correo válido, por ejemplo ana@ejemplo.com.",
        }),
      ]);
    },
  );

  it("refuses an address longer than an e-mail can be (254), and takes one of exactly 254", () => {
    const at254 = `${"a".repeat(242)}@ejemplo.com`;
    expect(at254).toHaveLength(254);
    expect(RestockFormSchema.safeParse({ productId: "abc", email: at254 }).success).toBe(true);
    const result = RestockFormSchema.safeParse({ productId: "abc", email: `a${at254}` });
    expect(result.error?.issues[0]?.message).toBe(RESTOCK_WORDS.email);
  });

  it("needs a product id of at most 64 characters", () => {
    expect(RestockFormSchema.safeParse({ productId: "", email: "ana@ejemplo.com" }).success).toBe(false);
    expect(RestockFormSchema.safeParse({ productId: "p".repeat(65), email: "ana@ejemplo.com" }).success).toBe(
      false,
    );
    expect(RestockFormSchema.safeParse({ productId: "p".repeat(64), email: "ana@ejemplo.com" }).success).toBe(
      true,
    );
  });
});

describe("parseRestockForm", () => {
  const push = {
    productId: "concha",
    channel: "push",
    endpoint: "https://fcm.googleapis.com/fcm/send/AbC-123",
    p256dh: "B".repeat(87),
    auth: "a1b2c3d4e5f6g7h8",
  };

  it("reads an e-mail request as before push existed, the address lower-cased", () => {
    expect(parseRestockForm({ productId: "concha", email: " Ana@Ejemplo.MX " })).toEqual({
      success: true,
      data: { productId: "concha", channel: "email", address: "ana@ejemplo.mx", p256dh: null, auth: null },
    });
  });

  it("reads a push request: the endpoint, kept as the browser wrote it, is its address", () => {
    expect(parseRestockForm(push)).toEqual({
      success: true,
      data: {
        productId: "concha",
        channel: "push",
        address: "https://fcm.googleapis.com/fcm/send/AbC-123",
        p256dh: push.p256dh,
        auth: push.auth,
      },
    });
  });

  it.each([
    ["no endpoint", { ...push, endpoint: "" }],
    ["an endpoint that is no URL", { ...push, endpoint: "no es una dirección" }],
    [
      "an endpoint over 2,000 characters",
      { ...push, endpoint: `https://fcm.googleapis.com/${"x".repeat(2000)}` },
    ],
    ["a short key", { ...push, p256dh: "corta" }],
    ["no auth secret", { ...push, auth: "" }],
    ["no product", { ...push, productId: "" }],
  ])("refuses a push request with %s, in Spanish", (_, form) => {
    expect(parseRestockForm(form)).toEqual({
      success: false,
      message: RESTOCK_WORDS.pushInvalid,
      fieldErrors: {},
    });
  });

  it("answers a bad e-mail beside its field, and anything else without one", () => {
    expect(parseRestockForm({ productId: "concha", email: "ana@" })).toEqual({
      success: false,
      message: RESTOCK_WORDS.failure,
      fieldErrors: { email: RESTOCK_WORDS.email },
    });
    expect(parseRestockForm({ productId: "", email: "ana@ejemplo.com" })).toEqual({
      success: false,
      message: RESTOCK_WORDS.failure,
      fieldErrors: {},
    });
    expect(parseRestockForm(null)).toMatchObject({ success: false, message: RESTOCK_WORDS.failure });
    expect(parseRestockForm("ana@ejemplo.com")).toMatchObject({
      success: false,
      message: RESTOCK_WORDS.failure,
    });
  });

  it("reads any other channel as the e-mail it carries", () => {
    expect(
      parseRestockForm({ productId: "concha", channel: "email", email: "ana@ejemplo.com" }),
    ).toMatchObject({
      success: true,
      data: { channel: "email", address: "ana@ejemplo.com" },
    });
  });
});

describe("pushWorkerServedAt", () => {
  it.each([
    ["/la-espiga", true],
    ["/la-espiga/", true],
    ["/la-espiga/p/concha", true],
    ["/", false],
    ["/p/concha", false],
    ["/la-espiga-2", false],
    ["/la-espiga-2/p/concha", false],
    ["/otra/p/la-espiga", false],
  ])("the store page at %s is on the platform's address: %s", (pathname, served) => {
    expect(pushWorkerServedAt(pathname, "la-espiga")).toBe(served);
  });
});

describe("what the shopper and the owner read", () => {
  it("counts the shoppers waiting in Spanish, one and many", () => {
    expect(RESTOCK_WORDS.waiting(1)).toBe("1 espera aviso");
    expect(RESTOCK_WORDS.waiting(2)).toBe("2 esperan aviso");
    expect(RESTOCK_WORDS.waiting(15)).toBe("15 esperan aviso");
  });

  it("names the product and the address in the dialog", () => {
    expect(RESTOCK_WORDS.title("Concha")).toBe("Te avisamos cuando haya Concha");
    expect(RESTOCK_WORDS.done("ana@ejemplo.com")).toBe(
      "Listo. Te escribiremos a ana@ejemplo.com cuando vuelva a haber.",
    );
    expect(RESTOCK_CANCEL_WORDS.question("Concha", "La Espiga")).toBe(
      "¿Ya no quieres que te avisemos cuando haya Concha en La Espiga?",
    );
  });

  it("puts the cancel link under /i/avisame/baja/", () => {
    expect(restockCancelPath("tok_123")).toBe("/i/avisame/baja/tok_123");
  });
});
