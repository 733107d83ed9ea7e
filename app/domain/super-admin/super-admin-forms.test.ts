import { describe, expect, it } from "vitest";
import { SIGNUP_MESSAGES } from "~/domain/stores/signup-form";
import { entryFor } from "~/lib/entry-points";
import {
  endOfDayInMexico,
  SUPER_ADMIN_ACTIONS_URL,
  SUPER_ADMIN_MESSAGES,
  SuperAdminIntentSchema,
} from "./super-admin-forms";

const createStore = (overrides: Record<string, string> = {}) => ({
  intent: "create-store",
  displayName: "Nieves Ñandú",
  storeId: "nieves-nandu",
  storeCategory: "sweets",
  cityId: "aguascalientes",
  ...overrides,
});

function issues(input: unknown) {
  const parsed = SuperAdminIntentSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("SuperAdminIntentSchema", () => {
  it("accepts each named intent", () => {
    expect(SuperAdminIntentSchema.parse({ intent: "rotate-featured" })).toEqual({
      intent: "rotate-featured",
    });
    expect(SuperAdminIntentSchema.parse(createStore()).intent).toBe("create-store");
    expect(
      SuperAdminIntentSchema.parse({ intent: "set-visibility", storeId: "x-y", hidden: "true" }),
    ).toEqual({
      intent: "set-visibility",
      storeId: "x-y",
      hidden: true,
    });
    expect(
      SuperAdminIntentSchema.parse({
        intent: "set-plan",
        storeId: "x-y",
        licenceType: "premier",
        expires: "2030-01-31",
      }),
    ).toMatchObject({ licenceType: "premier" });
  });

  it("refuses an unknown intent", () => {
    expect(SuperAdminIntentSchema.safeParse({ intent: "drop-everything" }).success).toBe(false);
  });

  it("applies the sign-up's store id rules and messages to a new store", () => {
    expect(issues(createStore({ storeId: "AB" }))).toEqual([["storeId", SIGNUP_MESSAGES.storeIdFormat]]);
    expect(issues(createStore({ storeId: "tienda con espacios" }))).toEqual([
      ["storeId", SIGNUP_MESSAGES.storeIdFormat],
    ]);
    expect(issues(createStore({ storeId: "x".repeat(21) }))).toEqual([
      ["storeId", SIGNUP_MESSAGES.storeIdFormat],
    ]);
    expect(issues(createStore({ storeId: "admin" }))).toEqual([["storeId", SIGNUP_MESSAGES.storeIdTaken]]);
    expect(issues(createStore({ storeId: "", displayName: " " }))).toEqual([
      ["displayName", SIGNUP_MESSAGES.required],
      ["storeId", SIGNUP_MESSAGES.required],
    ]);
    expect(issues(createStore({ storeCategory: "" }))).toEqual([["storeCategory", SIGNUP_MESSAGES.category]]);
  });

  it("needs an expiry date for paid plans but not for the free one", () => {
    expect(issues({ intent: "set-plan", storeId: "x-y", licenceType: "basic", expires: "" })).toEqual([
      ["expires", SUPER_ADMIN_MESSAGES.expiryRequired],
    ]);
    expect(issues({ intent: "set-plan", storeId: "x-y", licenceType: "starter", expires: "" })).toEqual([]);
    expect(
      issues({ intent: "set-plan", storeId: "x-y", licenceType: "gold", expires: "2030-01-01" }),
    ).not.toEqual([]);
  });
});

describe("the super-admin's forms, field by field", () => {
  it("a new store's fields are trimmed; its name has at most 80 characters and it needs a city", () => {
    expect(
      SuperAdminIntentSchema.parse(
        createStore({
          displayName: " Nieves ",
          storeId: " nieves-nandu ",
          storeCategory: " sweets ",
          cityId: " leon ",
        }),
      ),
    ).toEqual({
      intent: "create-store",
      displayName: "Nieves",
      storeId: "nieves-nandu",
      storeCategory: "sweets",
      cityId: "leon",
    });
    expect(issues(createStore({ displayName: "n".repeat(81) }))).toEqual([
      ["displayName", "El nombre puede tener como máximo 80 caracteres."],
    ]);
    expect(issues(createStore({ cityId: " " }))).toEqual([["cityId", SIGNUP_MESSAGES.required]]);
    expect(issues(createStore({ storeId: " admin " }))).toEqual([["storeId", SIGNUP_MESSAGES.storeIdTaken]]);
  });

  it("an expiry is a real calendar day written YYYY-MM-DD, nothing around it", () => {
    const plan = (expires: string) => ({ intent: "set-plan", storeId: "x-y", licenceType: "basic", expires });
    expect(SuperAdminIntentSchema.parse(plan(" 2030-01-31 "))).toEqual({
      intent: "set-plan",
      storeId: "x-y",
      licenceType: "basic",
      expires: "2030-01-31",
    });
    for (const expires of ["2030-02-30x", "x2030-01-31", "31/01/2030", "2030-13-01"])
      expect(issues(plan(expires))).toEqual([["expires", SUPER_ADMIN_MESSAGES.expiryRequired]]);
    expect(issues({ ...plan("2030-01-31"), storeId: " " })).toHaveLength(1);
  });

  it("shows or hides a store, named; anything else is refused", () => {
    expect(
      SuperAdminIntentSchema.parse({ intent: "set-visibility", storeId: " x-y ", hidden: "false" }),
    ).toEqual({
      intent: "set-visibility",
      storeId: "x-y",
      hidden: false,
    });
    expect(
      SuperAdminIntentSchema.safeParse({ intent: "set-visibility", storeId: "x-y", hidden: "" }).success,
    ).toBe(false);
    expect(
      SuperAdminIntentSchema.safeParse({ intent: "set-visibility", storeId: "", hidden: "true" }).success,
    ).toBe(false);
  });

  it("says what each action did", () => {
    expect(SUPER_ADMIN_MESSAGES.rotated(0)).toBe(
      "Se rotaron los productos destacados, pero no hay productos disponibles con imagen para destacar.",
    );
    expect(SUPER_ADMIN_MESSAGES.rotated(8)).toBe(
      "Productos destacados rotados: ahora se destacan 8 productos.",
    );
    expect(SUPER_ADMIN_MESSAGES.created("nieves")).toBe(
      "Tienda creada: nieves. Ya puedes abrirla en /nieves.",
    );
    expect(SUPER_ADMIN_MESSAGES.shown("nieves")).toBe("La tienda nieves ahora es visible en el directorio.");
    expect(SUPER_ADMIN_MESSAGES.hidden("nieves")).toBe("La tienda nieves ahora está oculta del directorio.");
    expect(SUPER_ADMIN_MESSAGES.planSaved("nieves")).toBe("Plan de nieves actualizado.");
  });
});

describe("endOfDayInMexico", () => {
  it("ends the chosen day at midnight in central Mexico", () => {
    expect(endOfDayInMexico("2030-05-31").toISOString()).toBe("2030-06-01T05:59:59.999Z");
  });
});

describe("the super-admin's claim link and erasing a shopper's data", () => {
  it("creates a claim link for a store, e-mailed or only copied", () => {
    expect(
      SuperAdminIntentSchema.parse({
        intent: "create-claim-link",
        storeId: " la-espiga ",
        email: " Dueno@Ejemplo.MX ",
      }),
    ).toEqual({ intent: "create-claim-link", storeId: "la-espiga", email: "dueno@ejemplo.mx" });
    expect(SuperAdminIntentSchema.parse({ intent: "create-claim-link", storeId: "la-espiga" })).toEqual({
      intent: "create-claim-link",
      storeId: "la-espiga",
      email: "",
    });
    expect(
      SuperAdminIntentSchema.parse({ intent: "create-claim-link", storeId: "la-espiga", email: "  " }),
    ).toEqual({ intent: "create-claim-link", storeId: "la-espiga", email: "" });
  });

  it("refuses a claim link without a store, or with an address that is not one", () => {
    expect(SuperAdminIntentSchema.safeParse({ intent: "create-claim-link", storeId: "  " }).success).toBe(
      false,
    );
    expect(issues({ intent: "create-claim-link", storeId: "la-espiga", email: "dueno@ejemplo" })).toEqual([
      ["email", SUPER_ADMIN_MESSAGES.claimEmail],
    ]);
    expect(
      issues({ intent: "create-claim-link", storeId: "la-espiga", email: `${"a".repeat(250)}@e.mx` }),
    ).toEqual([["email", SUPER_ADMIN_MESSAGES.claimEmail]]);
    expect(SUPER_ADMIN_MESSAGES.claimEmail).toBe(
      "Ingresa un correo electrónico válido, o déjalo vacío para solo copiar el enlace.",
    );
  });

  it("erases by an order number typed any way, and asks for one when it is missing", () => {
    expect(SuperAdminIntentSchema.parse({ intent: "erase-order", orderNumber: " k7m2-qx9p pa4tw " })).toEqual(
      {
        intent: "erase-order",
        orderNumber: "K7M2-QX9P-PA4TW",
      },
    );
    expect(issues({ intent: "erase-order", orderNumber: "   " })).toEqual([
      ["orderNumber", "Escribe el número del pedido."],
    ]);
    expect(issues({ intent: "erase-order", orderNumber: "x".repeat(41) })).toEqual([
      ["orderNumber", SUPER_ADMIN_MESSAGES.orderNumber],
    ]);
    expect(
      SuperAdminIntentSchema.safeParse({ intent: "erase-order", orderNumber: "x".repeat(40) }).success,
    ).toBe(true);
  });
});

describe("the super-admin's expiry date, erase confirmation and actions address", () => {
  it("refuses an expiry with anything before or after the date, even what Date would still read", () => {
    const plan = (expires: string) => ({ intent: "set-plan", storeId: "x-y", licenceType: "basic", expires });
    // Date reads both: the first as 31 January at midnight UTC (the "(" opens a comment), the
    // second as an expanded year.
    expect(Number.isNaN(new Date("2030-01-31 (fin de mesT23:59:59.999-06:00").getTime())).toBe(false);
    expect(Number.isNaN(endOfDayInMexico("+002030-01-31").getTime())).toBe(false);
    for (const expires of ["2030-01-31 (fin de mes", "+002030-01-31"])
      expect(issues(plan(expires))).toEqual([["expires", SUPER_ADMIN_MESSAGES.expiryRequired]]);
  });

  it("an erase is confirmed by confirmed=1 and nothing else", () => {
    expect(
      SuperAdminIntentSchema.parse({ intent: "erase-order", orderNumber: "K7M2-QX9P-PA4TW", confirmed: "1" }),
    ).toEqual({ intent: "erase-order", orderNumber: "K7M2-QX9P-PA4TW", confirmed: "1" });
    for (const confirmed of ["", "0", "si"])
      expect(
        SuperAdminIntentSchema.safeParse({ intent: "erase-order", orderNumber: "K7M2-QX9P-PA4TW", confirmed })
          .success,
      ).toBe(false);
  });

  it("the panel posts to /i/super-admin/actions, a route the app serves", () => {
    expect(SUPER_ADMIN_ACTIONS_URL).toBe("/i/super-admin/actions");
    expect(entryFor(SUPER_ADMIN_ACTIONS_URL, "POST")?.name).toBe("super-admin-actions");
  });
});
