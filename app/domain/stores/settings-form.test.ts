import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-result";
import { canRequireWhatsapp, normalizePhone, SETTINGS_MESSAGES, SettingsFormSchema } from "./settings-form";

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
});
