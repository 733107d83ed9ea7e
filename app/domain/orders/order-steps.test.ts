import { describe, expect, it } from "vitest";
import {
  canMarkStep,
  EVENT_LABELS,
  isOrderStep,
  nextSteps,
  ORDER_EVENT_KINDS,
  STEP_LABELS,
} from "./order-steps";

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

  it("knows its three steps and nothing else", () => {
    for (const step of ["accepted", "ready", "on_the_way"]) expect(isOrderStep(step)).toBe(true);
    for (const value of ["completed", "", "Accepted", null, 1]) expect(isOrderStep(value)).toBe(false);
  });

  it("names each step, and each event of an order's timeline, as the shopper reads them", () => {
    expect(STEP_LABELS).toEqual({
      accepted: "Aceptado",
      ready: "Listo para recoger",
      on_the_way: "En camino",
    });
    expect(ORDER_EVENT_KINDS.map((kind) => EVENT_LABELS[kind])).toEqual([
      "Pedido recibido",
      "Aceptado",
      "Listo para recoger",
      "En camino",
      "Completada",
      "Cancelada",
      "Transferencia avisada",
      "Pagado",
      "Reembolsado",
    ]);
  });
});
