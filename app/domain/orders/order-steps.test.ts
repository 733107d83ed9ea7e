import { describe, expect, it } from "vitest";
import { canMarkStep, nextSteps } from "./order-steps";

describe("order steps", () => {
  const pending = { status: "pending" as const, step: null, deliveryType: "pickup" as const };

  it("offers Aceptado or the last step first, by delivery type", () => {
    expect(nextSteps(pending)).toEqual(["accepted", "ready"]);
    expect(nextSteps({ ...pending, deliveryType: "delivery" })).toEqual(["accepted", "on_the_way"]);
  });

  it("goes forward only", () => {
    expect(nextSteps({ ...pending, step: "accepted" })).toEqual(["ready"]);
    expect(nextSteps({ ...pending, step: "ready" })).toEqual([]);
    expect(canMarkStep({ ...pending, step: "ready" }, "accepted")).toBe(false);
    expect(canMarkStep({ ...pending, step: "accepted" }, "accepted")).toBe(false);
  });

  it("never offers the other delivery type's step", () => {
    expect(canMarkStep(pending, "on_the_way")).toBe(false);
    expect(canMarkStep({ ...pending, deliveryType: "delivery" }, "ready")).toBe(false);
  });

  it("offers nothing once the order has ended", () => {
    expect(nextSteps({ ...pending, status: "completed" })).toEqual([]);
    expect(nextSteps({ ...pending, status: "cancelled", step: "accepted" })).toEqual([]);
  });
});
