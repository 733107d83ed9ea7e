import { describe, expect, it } from "vitest";
import { schemaIssues } from "../../../tests/support/schema-issues";
import { PAYMENT_MESSAGES } from "./payment";
import { DEFAULT_TEMPLATES } from "./status-messages";
import {
  ORDER_SETTINGS_MESSAGES,
  PaymentSettingsSchema,
  paymentSettingsValues,
  templateValues,
  TemplatesSchema,
} from "./order-settings-form";

/** A CLABE whose check digit is right. */
const CLABE = "032180000118359719";
const payment = (overrides: Record<string, unknown> = {}) => ({
  paymentMethods: ["cash"],
  bankName: "",
  bankAccountHolder: "",
  clabe: "",
  ...overrides,
});

describe("payment settings form", () => {
  it("saves the methods offered; the bank's details are asked only to receive transfers", () => {
    expect(PaymentSettingsSchema.parse(payment())).toEqual(payment());
    expect(PaymentSettingsSchema.parse(payment({ paymentMethods: [] })).paymentMethods).toEqual([]);
    expect(
      schemaIssues(PaymentSettingsSchema.safeParse(payment({ paymentMethods: ["cash", "transfer"] }))),
    ).toEqual([
      { path: "bankName", message: PAYMENT_MESSAGES.bankRequired },
      { path: "bankAccountHolder", message: PAYMENT_MESSAGES.bankRequired },
      { path: "clabe", message: PAYMENT_MESSAGES.bankRequired },
    ]);
    const transfer = payment({
      paymentMethods: ["transfer"],
      bankName: " BBVA ",
      bankAccountHolder: " Panadería La Espiga ",
      clabe: "032 180 00011835971 9",
    });
    expect(PaymentSettingsSchema.parse(transfer)).toEqual({
      paymentMethods: ["transfer"],
      bankName: "BBVA",
      bankAccountHolder: "Panadería La Espiga",
      clabe: CLABE,
    });
  });

  it("refuses a CLABE with a wrong check digit, an unknown method, and names that are too long", () => {
    expect(schemaIssues(PaymentSettingsSchema.safeParse(payment({ clabe: "032180000118359710" })))).toEqual([
      { path: "clabe", message: PAYMENT_MESSAGES.clabe },
    ]);
    expect(PaymentSettingsSchema.safeParse(payment({ paymentMethods: ["bitcoin"] })).success).toBe(false);
    expect(
      PaymentSettingsSchema.safeParse(payment({ paymentMethods: ["cash", "card", "transfer", "cash"] }))
        .success,
    ).toBe(false);
    expect(PaymentSettingsSchema.safeParse(payment({ bankName: "b".repeat(60) })).success).toBe(true);
    expect(PaymentSettingsSchema.safeParse(payment({ bankName: "b".repeat(61) })).success).toBe(false);
    expect(PaymentSettingsSchema.safeParse(payment({ bankAccountHolder: "t".repeat(100) })).success).toBe(
      true,
    );
    expect(PaymentSettingsSchema.safeParse(payment({ bankAccountHolder: "t".repeat(101) })).success).toBe(
      false,
    );
  });

  it("reads the checkboxes, each method once, and the bank's fields from FormData", () => {
    const form = new FormData();
    form.append("paymentMethods", "cash");
    form.append("paymentMethods", "transfer");
    form.append("paymentMethods", "cash");
    form.set("bankName", "BBVA");
    form.set("bankAccountHolder", "Ana");
    form.set("clabe", CLABE);
    expect(paymentSettingsValues(form)).toEqual({
      paymentMethods: ["cash", "transfer"],
      bankName: "BBVA",
      bankAccountHolder: "Ana",
      clabe: CLABE,
    });
    expect(paymentSettingsValues(new FormData())).toEqual(payment({ paymentMethods: [] }));
  });
});

describe("status message templates form", () => {
  it("saves each status's text, trimmed, up to 500 characters, said next to the text", () => {
    const values = Object.fromEntries(Object.keys(DEFAULT_TEMPLATES).map((kind) => [kind, ""]));
    expect(TemplatesSchema.parse({ ...values, ready: "  Ya está, {nombre} " }).ready).toBe(
      "Ya está, {nombre}",
    );
    expect(TemplatesSchema.safeParse({ ...values, accepted: "a".repeat(500) }).success).toBe(true);
    expect(schemaIssues(TemplatesSchema.safeParse({ ...values, accepted: "a".repeat(501) }))).toEqual([
      { path: "accepted", message: "Cada mensaje puede tener como máximo 500 caracteres." },
    ]);
    expect(ORDER_SETTINGS_MESSAGES.templateTooLong).toBe(
      "Cada mensaje puede tener como máximo 500 caracteres.",
    );
  });

  it("reads one text per status from FormData, empty when not sent", () => {
    const form = new FormData();
    form.set("ready", "Listo, {nombre}");
    expect(templateValues(form)).toEqual({
      accepted: "",
      ready: "Listo, {nombre}",
      on_the_way: "",
      completed: "",
      cancelled: "",
    });
  });
});
