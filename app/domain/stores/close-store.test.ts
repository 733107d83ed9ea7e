import { describe, expect, it } from "vitest";
import { entryFor } from "~/lib/entry-points";
import { CLOSE_STORE_MESSAGES, CLOSED_STORE_HOLD_DAYS, releaseDate, STORE_CLOSED_PAGE } from "./close-store";

describe("closing a store", () => {
  it("holds the id for 30 days, read as a date in Mexico City", () => {
    expect(CLOSED_STORE_HOLD_DAYS).toBe(30);
    expect(releaseDate(new Date("2026-11-25T18:00:00Z"))).toBe("25 de diciembre de 2026");
    // 03:00 UTC on 1 March is still 28 February in Mexico City; 30 days later, the 30th of March.
    expect(releaseDate(new Date("2026-03-01T03:00:00Z"))).toBe("30 de marzo de 2026");
  });

  it("asks for the store's id to confirm, and names the stores of an erased order", () => {
    expect(CLOSE_STORE_MESSAGES.confirmation("la-espiga")).toBe(
      "Escribe la-espiga para confirmar que quieres cerrar tu tienda.",
    );
    expect(CLOSE_STORE_MESSAGES.erased("K7M-2QX-9PA", ["la-espiga"])).toBe(
      "Borramos el nombre, el teléfono y la dirección del cliente del pedido K7M-2QX-9PA (/la-espiga).",
    );
    expect(CLOSE_STORE_MESSAGES.erased("K7M-2QX-9PA", ["la-espiga", "tacos-don-lu"])).toBe(
      "Borramos el nombre, el teléfono y la dirección del cliente del pedido K7M-2QX-9PA (/la-espiga, /tacos-don-lu).",
    );
  });
});

describe("after closing a store", () => {
  it("sends the browser to the store-closed page, a route the app serves", () => {
    expect(STORE_CLOSED_PAGE).toBe("/i/tienda-cerrada");
    expect(entryFor(STORE_CLOSED_PAGE, "GET")?.name).toBe("store-closed");
  });
});
