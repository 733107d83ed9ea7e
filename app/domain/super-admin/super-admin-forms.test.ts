import { describe, expect, it } from "vitest";
import { SIGNUP_MESSAGES } from "~/domain/stores/signup-form";
import { endOfDayInMexico, SUPER_ADMIN_MESSAGES, SuperAdminIntentSchema } from "./super-admin-forms";

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

describe("endOfDayInMexico", () => {
  it("ends the chosen day at midnight in central Mexico", () => {
    expect(endOfDayInMexico("2030-05-31").toISOString()).toBe("2030-06-01T05:59:59.999Z");
  });
});
