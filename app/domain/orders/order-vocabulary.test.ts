import { describe, expect, it } from "vitest";
import { customerLabel, DELIVERY_LABELS, formatOrderDate, ORDER_STATUS_LABELS } from "./order-vocabulary";

describe("the words of an order", () => {
  it("names the statuses and delivery types as the spec does", () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      pending: "Pendiente",
      completed: "Completada",
      cancelled: "Cancelada",
    });
    expect(DELIVERY_LABELS).toEqual({ pickup: "Recoger en tienda", delivery: "Entrega a domicilio" });
  });

  it("dates an order in Mexico's time, short in lists and long for one order", () => {
    const at = "2026-11-24T15:05:00.000Z";
    expect(formatOrderDate(at)).toBe("24/11/26, 9:05");
    expect(formatOrderDate(new Date(at), "long")).toBe("24 de noviembre de 2026 a las 9:05");
    expect(formatOrderDate(at, "short", "America/Tijuana")).toBe("24/11/26, 7:05");
  });

  it("an order not completed yet has a dash for its completion time", () => {
    expect(formatOrderDate(null)).toBe("—");
    expect(formatOrderDate("")).toBe("—");
  });
});

describe("an order whose shopper's data was erased", () => {
  it("says so where the name was, and shows a name otherwise", () => {
    expect(customerLabel("")).toBe("Datos del cliente borrados");
    expect(customerLabel("Ana López")).toBe("Ana López");
  });
});
