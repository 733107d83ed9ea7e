import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-result";
import {
  canRequireWhatsapp,
  isHttpUrl,
  normalizePhone,
  SETTINGS_MESSAGES,
  SettingsFormSchema,
  settingsFormValues,
} from "./settings-form";

const valid = {
  displayName: "Panadería",
  description: "Pan",
  contactEmail: "hola@example.com",
  facebookUrl: "",
  instagramUrl: "https://instagram.com/pan",
  twitterUrl: "http://x.com/pan",
  phone: "4491234567",
  requireWhatsappConfirmation: "on",
  cityId: "aguascalientes",
  primaryColor: "#2563EB",
  secondaryColor: "#22d3ee",
  backgroundColor: "#ffffff",
  panelBackgroundColor: "#ffffff",
  productBackgroundColor: "#ffffff",
  allowPickup: "on",
  pickupInstructions: "Recoge en la tienda",
};

function errorsOf(values: Record<string, string | undefined>) {
  const parsed = SettingsFormSchema.safeParse(values);
  return parsed.success ? {} : fieldErrors<string>(parsed.error);
}

describe("settings rules", () => {
  it("phone keeps only digits, at most 10", () => {
    expect(normalizePhone("(449) 123-4567")).toBe("4491234567");
    expect(normalizePhone("449 123 4567 89")).toBe("4491234567");
    expect(normalizePhone("abc")).toBe("");
  });

  it("WhatsApp confirmation needs exactly 10 digits", () => {
    expect(canRequireWhatsapp("4491234567")).toBe(true);
    expect(canRequireWhatsapp("449123456")).toBe(false);
    expect(canRequireWhatsapp("")).toBe(false);
    expect(errorsOf({ ...valid, phone: "449123" })).toEqual({
      requireWhatsappConfirmation: SETTINGS_MESSAGES.whatsappNeedsPhone,
    });
    expect(errorsOf({ ...valid, phone: "449123", requireWhatsappConfirmation: undefined })).toEqual({});
  });

  it("the server refuses more than 10 digits and strips the rest", () => {
    expect(errorsOf({ ...valid, phone: "44912345678" })).toMatchObject({ phone: SETTINGS_MESSAGES.phone });
    expect(SettingsFormSchema.parse({ ...valid, phone: "449-123-4567" }).phone).toBe("4491234567");
  });

  it("at least one of pickup or delivery stays on", () => {
    expect(errorsOf({ ...valid, allowPickup: undefined })).toEqual({
      allowPickup: "Debes permitir al menos una opción de entrega o recoleccion.",
    });
    expect(errorsOf({ ...valid, allowPickup: undefined, allowDelivery: "on" })).toEqual({});
    const both = SettingsFormSchema.parse({ ...valid, allowDelivery: "on" });
    expect([both.allowPickup, both.allowDelivery]).toEqual([true, true]);
  });

  it("a disabled (absent) instruction field is left out, so the save keeps the stored text", () => {
    const parsed = SettingsFormSchema.parse({ ...valid });
    expect(parsed.pickupInstructions).toBe("Recoge en la tienda");
    expect(parsed.deliveryInstructions).toBeUndefined();
  });

  it("social links must be http or https", () => {
    expect(errorsOf({ ...valid, facebookUrl: "javascript:alert(1)" })).toEqual({
      facebookUrl: SETTINGS_MESSAGES.url,
    });
    expect(errorsOf({ ...valid, twitterUrl: "ftp://x.com/a" })).toEqual({
      twitterUrl: SETTINGS_MESSAGES.url,
    });
    expect(errorsOf({ ...valid, instagramUrl: "instagram" })).toEqual({
      instagramUrl: SETTINGS_MESSAGES.url,
    });
  });

  it("colours are #rrggbb, stored lowercase", () => {
    expect(errorsOf({ ...valid, primaryColor: "red" })).toEqual({ primaryColor: SETTINGS_MESSAGES.color });
    expect(errorsOf({ ...valid, backgroundColor: "#fff" })).toEqual({
      backgroundColor: SETTINGS_MESSAGES.color,
    });
    expect(SettingsFormSchema.parse(valid).primaryColor).toBe("#2563eb");
  });

  it("contact e-mail is optional but must look like one", () => {
    expect(errorsOf({ ...valid, contactEmail: "" })).toEqual({});
    expect(errorsOf({ ...valid, contactEmail: "no-es-correo" })).toEqual({
      contactEmail: SETTINGS_MESSAGES.email,
    });
  });

  it("WhatsApp confirmation needs the whole phone to be ten digits, not ten digits inside it", () => {
    expect(canRequireWhatsapp("44912345678")).toBe(false);
    expect(canRequireWhatsapp("x4491234567")).toBe(false);
    expect(canRequireWhatsapp("4491234567x")).toBe(false);
  });

  it("a social link needs a real host, and anything that is not an address is refused", () => {
    expect(isHttpUrl("https://facebook.com/pan")).toBe(true);
    expect(isHttpUrl("http://localhost/pan")).toBe(false);
    expect(isHttpUrl("https://")).toBe(false);
    expect(isHttpUrl("no es una dirección")).toBe(false);
    expect(errorsOf({ ...valid, facebookUrl: `https://facebook.com/${"p".repeat(300)}` })).toEqual({
      facebookUrl: SETTINGS_MESSAGES.url,
    });
    expect(
      SettingsFormSchema.parse({ ...valid, facebookUrl: "  https://facebook.com/pan  " }).facebookUrl,
    ).toBe("https://facebook.com/pan");
  });

  it("colours and e-mails are matched whole, not found inside other text", () => {
    expect(errorsOf({ ...valid, primaryColor: "#2563eb00" })).toEqual({
      primaryColor: SETTINGS_MESSAGES.color,
    });
    expect(errorsOf({ ...valid, primaryColor: "x#2563eb" })).toEqual({
      primaryColor: SETTINGS_MESSAGES.color,
    });
    expect(SettingsFormSchema.parse({ ...valid, secondaryColor: " #22D3EE " }).secondaryColor).toBe(
      "#22d3ee",
    );
    for (const contactEmail of ["hola@example.com mas", "a b@example.com", "hola@example"]) {
      expect(errorsOf({ ...valid, contactEmail })).toEqual({ contactEmail: SETTINGS_MESSAGES.email });
    }
    expect(SettingsFormSchema.parse({ ...valid, contactEmail: " Hola@Example.COM " }).contactEmail).toBe(
      "hola@example.com",
    );
    expect(errorsOf({ ...valid, contactEmail: `${"a".repeat(250)}@x.mx` })).toEqual({
      contactEmail: SETTINGS_MESSAGES.email,
    });
  });

  it("a ticked checkbox arrives as 'on' (or 'true' from a script); anything else is off or refused", () => {
    const parsed = SettingsFormSchema.parse({
      ...valid,
      allowDelivery: "true",
      requireWhatsappConfirmation: "false",
    });
    expect([parsed.allowPickup, parsed.allowDelivery, parsed.requireWhatsappConfirmation]).toEqual([
      true,
      true,
      false,
    ]);
    expect(SettingsFormSchema.safeParse({ ...valid, allowDelivery: "yes" }).success).toBe(false);
  });

  it("limits the texts, trimmed, with a message by each", () => {
    const parsed = SettingsFormSchema.parse({
      ...valid,
      displayName: ` ${"n".repeat(80)} `,
      description: ` ${"d".repeat(500)} `,
      pickupAddress: ` ${"a".repeat(200)} `,
      pickupInstructions: "  Recoge en mostrador  ",
      deliveryInstructions: "  Zona centro  ",
      cityId: " leon ",
      logoKey: " store-logos/la-espiga/x.webp ",
    });
    expect(parsed).toMatchObject({
      displayName: "n".repeat(80),
      description: "d".repeat(500),
      pickupAddress: "a".repeat(200),
      pickupInstructions: "Recoge en mostrador",
      deliveryInstructions: "Zona centro",
      cityId: "leon",
      logoKey: "store-logos/la-espiga/x.webp",
    });
    expect(
      errorsOf({
        ...valid,
        displayName: "n".repeat(81),
        description: "d".repeat(501),
        pickupAddress: "a".repeat(201),
        pickupInstructions: "i".repeat(501),
        deliveryInstructions: "i".repeat(501),
        cityId: " ",
        logoKey: "k".repeat(201),
      }),
    ).toEqual({
      displayName: "El nombre puede tener como máximo 80 caracteres.",
      description: "La descripción puede tener como máximo 500 caracteres.",
      pickupAddress: "La dirección puede tener como máximo 200 caracteres.",
      pickupInstructions: "Las instrucciones pueden tener como máximo 500 caracteres.",
      deliveryInstructions: "Las instrucciones pueden tener como máximo 500 caracteres.",
      cityId: SETTINGS_MESSAGES.city,
      logoKey: SETTINGS_MESSAGES.logo,
    });
    expect(errorsOf({ ...valid, cityId: "c".repeat(61) })).toEqual({ cityId: SETTINGS_MESSAGES.city });
  });

  it("the pickup address is optional: left out (pickup switched off) it keeps what was saved", () => {
    expect(SettingsFormSchema.parse(valid).pickupAddress).toBeUndefined();
    expect(SettingsFormSchema.parse({ ...valid, pickupAddress: "  " }).pickupAddress).toBe("");
    expect(SettingsFormSchema.parse({ ...valid, pickupAddress: " Madero 12, Centro " }).pickupAddress).toBe(
      "Madero 12, Centro",
    );
  });

  it("reads the form's text fields from FormData and never a file", () => {
    const formData = new FormData();
    formData.set("displayName", "La Espiga");
    formData.set("allowPickup", "on");
    formData.set("logoKey", new File(["x"], "logo.png"));
    expect(settingsFormValues(formData)).toEqual({ displayName: "La Espiga", allowPickup: "on" });
  });
});
