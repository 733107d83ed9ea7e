import { describe, expect, it } from "vitest";
import { RESTOCK_CANCEL_WORDS, RESTOCK_WORDS, RestockFormSchema, restockCancelPath } from "./restock";

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
