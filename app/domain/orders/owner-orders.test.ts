import { describe, expect, it } from "vitest";
import { OWNER_ORDER_MESSAGES, parseHistoryFilter, whatsappLink } from "./owner-orders";

const filter = (query: string) => parseHistoryFilter(new URLSearchParams(query));

describe("the order history's filter", () => {
  it("shows every finished order over all days when the address asks for nothing", () => {
    expect(filter("")).toEqual({ status: "all", from: null, to: null });
  });

  it("keeps one status, and ignores a status it does not know", () => {
    expect(filter("estado=completed").status).toBe("completed");
    expect(filter("estado=cancelled").status).toBe("cancelled");
    expect(filter("estado=pending").status).toBe("all");
    expect(filter("estado=").status).toBe("all");
  });

  it("takes a range of calendar days and drops anything that is not one", () => {
    expect(filter("desde=2026-11-01&hasta=2026-11-24")).toEqual({
      status: "all",
      from: "2026-11-01",
      to: "2026-11-24",
    });
    // Shaped like a day but not one, a day with a time, a bare word, an empty field.
    expect(filter("desde=2026-13-45&hasta=2026-11-24T10:00")).toMatchObject({ from: null, to: null });
    expect(filter("desde=ayer&hasta=")).toMatchObject({ from: null, to: null });
    expect(filter("desde=x2026-11-01&hasta=2026-11-01x")).toMatchObject({ from: null, to: null });
    // A five-digit year is a date to JavaScript, not a day of the history.
    expect(filter("desde=12026-11-01").from).toBeNull();
  });
});

describe("the owner's chat link to a shopper", () => {
  it("opens WhatsApp on a Mexican mobile, whatever the shopper typed around the digits", () => {
    expect(whatsappLink("4491234567")).toBe("https://wa.me/524491234567");
    expect(whatsappLink("(449) 123-45-67")).toBe("https://wa.me/524491234567");
  });

  it("has no link without exactly ten digits", () => {
    expect(whatsappLink("")).toBeNull();
    expect(whatsappLink("449123456")).toBeNull();
    expect(whatsappLink("44912345678")).toBeNull();
  });
});

describe("what the order panels say", () => {
  it("keeps the fixed texts verbatim", () => {
    expect(OWNER_ORDER_MESSAGES).toMatchObject({
      noPending: "No hay órdenes pendientes.",
      noHistory: "No hay órdenes completadas.",
      historyHint: "Haz clic en una orden para ver los detalles.",
      complete: "Marcar como completada",
      cancel: "Cancelar orden",
    });
  });
});
