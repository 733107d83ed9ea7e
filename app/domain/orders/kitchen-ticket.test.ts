import { describe, expect, it } from "vitest";
import { ticketFailure, ticketPageCss, TICKET_WORDS, UNMEASURED_PAGE_MM } from "./kitchen-ticket";

describe("the ticket's printed page", () => {
  it("is as wide as the roll, centred on the printable width, and as long as the ticket with room to spare", () => {
    // 377 px is 99.75 mm at 96 pixels to the inch: 2 mm more, rounded up; 378 px is 100.01 mm.
    expect(ticketPageCss(58, 377)).toBe("@page { size: 58mm 102mm; margin: 0 5mm; }");
    expect(ticketPageCss(80, 377)).toBe("@page { size: 80mm 102mm; margin: 0 4mm; }");
    expect(ticketPageCss(80, 378)).toBe("@page { size: 80mm 103mm; margin: 0 4mm; }");
  });

  it("is an A4's length until the ticket is measured, and never `auto` beside a width", () => {
    expect(UNMEASURED_PAGE_MM).toBe(297);
    expect(ticketPageCss(58, null)).toBe("@page { size: 58mm 297mm; margin: 0 5mm; }");
    for (const css of [ticketPageCss(58, null), ticketPageCss(80, 10)]) expect(css).not.toContain("auto");
  });
});

describe("why a ticket printed out of sight did not open", () => {
  it("reads the cause from the ticket's address asked again", () => {
    expect(ticketFailure(null)).toBe("offline");
    expect(ticketFailure(401)).toBe("signedOut");
    expect(ticketFailure(403)).toBe("notFound");
    expect(ticketFailure(404)).toBe("notFound");
    expect(ticketFailure(200)).toBe("refused");
    expect(ticketFailure(299)).toBe("refused");
    expect(ticketFailure(300)).toBe("serverError");
    expect(ticketFailure(199)).toBe("serverError");
    expect(ticketFailure(500)).toBe("serverError");
    expect(ticketFailure(503)).toBe("serverError");
  });

  it("names the order and the cause, and never blames the printer", () => {
    expect(TICKET_WORDS.autoPrintFailed("AB12", "offline")).toBe(
      "No se imprimió el pedido AB12: no hay conexión con Tianguis y su ticket no se pudo abrir. Cuando vuelva la conexión, imprímelo con su botón «Imprimir ticket».",
    );
    expect(TICKET_WORDS.autoPrintFailed("AB12", "signedOut")).toBe(
      "No se imprimió el pedido AB12: tu sesión terminó y su ticket no se pudo abrir. Vuelve a entrar e imprímelo con su botón «Imprimir ticket».",
    );
    expect(TICKET_WORDS.autoPrintFailed("AB12", "notFound")).toBe(
      "No se imprimió el pedido AB12: su ticket ya no está disponible para tu cuenta.",
    );
    expect(TICKET_WORDS.autoPrintFailed("AB12", "serverError")).toBe(
      "No se imprimió el pedido AB12: Tianguis no pudo preparar su ticket. Intenta en un momento con su botón «Imprimir ticket».",
    );
    expect(TICKET_WORDS.autoPrintFailed("AB12", "refused")).toBe(
      "No se imprimió el pedido AB12: el navegador no dejó abrir su ticket dentro del panel para imprimirlo. Imprímelo con su botón «Imprimir ticket».",
    );
    for (const failure of ["offline", "signedOut", "notFound", "serverError", "refused"] as const)
      expect(TICKET_WORDS.autoPrintFailed("AB12", failure)).not.toMatch(/impresora/i);
  });
});
