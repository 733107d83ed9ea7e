import { describe, expect, it } from "vitest";
import {
  customerLabel,
  DELIVERY_LABELS,
  formatOrderDate,
  orderLineOptions,
  ORDER_STATUS_LABELS,
  scheduledLabel,
} from "./order-vocabulary";

describe("the words of an order", () => {
  it("names the statuses and delivery types in the product's fixed words", () => {
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
    // The 24-hour clock everywhere: past midnight and in the evening.
    expect(formatOrderDate("2026-11-21T06:40:00Z", "medium")).toBe("21 nov 2026, 0:40");
    expect(formatOrderDate("2026-11-21T00:40:00Z", "medium")).toBe("20 nov 2026, 18:40");
  });

  it("lists a line's option and then each of its choices, one to a line, and nothing for a plain line", () => {
    const choices = [
      { group: "Extras", kind: "extras" as const, options: [{ name: "Queso", price: 10 }] },
      { group: "Salsa", kind: "extras" as const, options: [{ name: "Verde", price: 0 }] },
    ];
    expect(orderLineOptions({ variation: "Grande (15 personas)", choices })).toEqual([
      "Grande (15 personas)",
      "Extras: Queso",
      "Salsa: Verde",
    ]);
    expect(orderLineOptions({ variation: "", choices })).toEqual(["Extras: Queso", "Salsa: Verde"]);
    expect(orderLineOptions({ variation: "", choices: null })).toEqual([]);
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

  it("marks a scheduled order's time as today, tomorrow or its short date, in Mexico's time", () => {
    // 26 November 2026, 23:30 in Mexico City (UTC−6): already the 27th in UTC.
    const now = new Date("2026-11-27T05:30:00Z");
    expect(scheduledLabel(new Date("2026-11-27T05:45:00Z"), now)).toBe("hoy 23:45");
    expect(scheduledLabel("2026-11-26T20:00:00Z", now)).toBe("hoy 14:00");
    expect(scheduledLabel(new Date("2026-11-27T15:30:00Z"), now)).toBe("mañana 9:30");
    expect(scheduledLabel(new Date("2026-11-28T20:05:00Z"), now)).toBe("sáb 28 nov 14:05");
    expect(scheduledLabel(new Date("2027-01-04T06:00:00Z"), now)).toBe("lun 4 ene 0:00");
    expect(scheduledLabel(new Date("2026-11-27T14:00:00Z"), now, "America/Tijuana")).toBe("mañana 6:00");
  });
});

describe("a scheduled order due after tomorrow", () => {
  // Thursday 26 November 2026, 12:00 in Mexico City.
  const now = new Date("2026-11-26T18:00:00Z");

  it("names each day of the week by its short Spanish name", () => {
    const days = ["28", "29", "30"].map((day) => scheduledLabel(`2026-11-${day}T18:00:00Z`, now));
    expect(days).toEqual(["sáb 28 nov 12:00", "dom 29 nov 12:00", "lun 30 nov 12:00"]);
    const december = ["01", "02", "03", "04"].map((day) => scheduledLabel(`2026-12-${day}T18:00:00Z`, now));
    expect(december).toEqual(["mar 1 dic 12:00", "mié 2 dic 12:00", "jue 3 dic 12:00", "vie 4 dic 12:00"]);
  });

  it("names each month by its short Spanish name", () => {
    const months = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];
    expect(months.map((month) => scheduledLabel(`2027-${month}-15T18:00:00Z`, now))).toEqual([
      "vie 15 ene 12:00",
      "lun 15 feb 12:00",
      "lun 15 mar 12:00",
      "jue 15 abr 12:00",
      "sáb 15 may 12:00",
      "mar 15 jun 12:00",
      "jue 15 jul 12:00",
      "dom 15 ago 12:00",
      "mié 15 sep 12:00",
      "vie 15 oct 12:00",
      "lun 15 nov 12:00",
      "mié 15 dic 12:00",
    ]);
  });
});
