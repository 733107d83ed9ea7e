import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-result";
import { SIGNUP_MESSAGES, SignupFormSchema, type SignupField } from "./signup-form";

const valid = {
  displayName: "Tacos Don Chuy",
  storeId: "tacos-don-chuy",
  storeCategory: "takeout",
  email: "Chuy@Example.com ",
  password: "contraseña",
};

function errorsOf(input: Partial<typeof valid>) {
  const parsed = SignupFormSchema.safeParse({ ...valid, ...input });
  return parsed.success ? {} : fieldErrors<SignupField>(parsed.error);
}

describe("SignupFormSchema", () => {
  it("accepts a complete form and normalises the e-mail", () => {
    const parsed = SignupFormSchema.parse(valid);
    expect(parsed.email).toBe("chuy@example.com");
  });

  it.each(["displayName", "storeId", "email", "password"] as const)("requires %s", (field) => {
    expect(errorsOf({ [field]: "" })[field]).toBe("Por favor, completa todos los campos.");
  });

  it("treats a name or id of only spaces as missing", () => {
    expect(errorsOf({ displayName: "   " }).displayName).toBe("Por favor, completa todos los campos.");
    expect(errorsOf({ storeId: "  " }).storeId).toBe("Por favor, completa todos los campos.");
  });

  it("requires a category with its own message", () => {
    expect(errorsOf({ storeCategory: "" }).storeCategory).toBe(
      "Por favor, selecciona una categoría para tu tienda.",
    );
  });

  it.each(["ab", "Tacos", "tacos don", "tacos_don", "café", "a".repeat(21)])(
    "refuses the store id %j",
    (storeId) => {
      expect(errorsOf({ storeId }).storeId).toBe(
        "El identificador solo puede contener minúsculas, números y guiones (3-20 caracteres).",
      );
    },
  );

  it.each(["abc", "a".repeat(20), "mi-tienda-2"])("accepts the store id %j", (storeId) => {
    expect(errorsOf({ storeId }).storeId).toBeUndefined();
  });

  it("refuses ids of the product's own pages as taken", () => {
    expect(errorsOf({ storeId: "api" }).storeId).toBe(SIGNUP_MESSAGES.storeIdTaken);
    expect(errorsOf({ storeId: "admin" }).storeId).toBe(SIGNUP_MESSAGES.storeIdTaken);
  });

  it("checks the e-mail and the password length", () => {
    expect(errorsOf({ email: "no-es-correo" }).email).toBe("Ingresa un correo electrónico válido.");
    expect(errorsOf({ password: "1234567" }).password).toBe(
      "La contraseña debe tener al menos 8 caracteres.",
    );
  });

  it("reports one message per field, the first found", () => {
    const errors = errorsOf({ displayName: "", storeId: "", storeCategory: "", email: "", password: "" });
    expect(Object.keys(errors).sort()).toEqual([
      "displayName",
      "email",
      "password",
      "storeCategory",
      "storeId",
    ]);
  });

  it("an empty field gets only 'complete every field', never a second message about its format", () => {
    const parsed = SignupFormSchema.safeParse({ ...valid, storeId: "", email: "", password: "" });
    expect(parsed.error?.issues.map(({ path, message }) => [path.join("."), message])).toEqual([
      ["storeId", SIGNUP_MESSAGES.required],
      ["email", SIGNUP_MESSAGES.required],
      ["password", SIGNUP_MESSAGES.required],
    ]);
  });

  it("an e-mail is matched whole, lower-cased and trimmed, at most 254 characters", () => {
    for (const email of [
      "chuy@example.com extra",
      "chuy @example.com",
      "don chuy@example.com",
      "chuy@example",
    ])
      expect(errorsOf({ email }).email).toBe(SIGNUP_MESSAGES.email);
    expect(errorsOf({ email: `${"c".repeat(246)}@tacos.mx` }).email).toBe(SIGNUP_MESSAGES.email);
  });

  it("limits the store's name to 80 characters, and trims the category", () => {
    expect(errorsOf({ displayName: "n".repeat(80) }).displayName).toBeUndefined();
    expect(errorsOf({ displayName: "n".repeat(81) }).displayName).toBe(
      "El nombre puede tener como máximo 80 caracteres.",
    );
    expect(SignupFormSchema.parse({ ...valid, storeCategory: " takeout " }).storeCategory).toBe("takeout");
    expect(errorsOf({ storeCategory: "  " }).storeCategory).toBe(SIGNUP_MESSAGES.category);
  });
});
