/**
 * The kitchen ticket: one order as a thermal printer prints it, on 58 mm or 80 mm paper. The paper's
 * printable width is narrower than the roll (the print head leaves a margin each side), so the page is
 * laid out to that width and nothing on it may be wider.
 */
export const TICKET_PAPERS = [58, 80] as const;
export type TicketPaper = (typeof TICKET_PAPERS)[number];

/** What the print head reaches on each roll, in millimetres. */
export const PRINTABLE_MM: Record<TicketPaper, number> = { 58: 48, 80: 72 };

/** `?papel=58|80`; anything else is the common 80 mm roll. */
export function parseTicketPaper(raw: string | null): TicketPaper {
  return raw === "58" ? 58 : 80;
}

export const TICKET_WORDS = {
  title: (orderNumber: string) => `Ticket del pedido ${orderNumber}`,
  print: "Imprimir",
  paper: "Papel",
  paperOption: (mm: TicketPaper) => `${mm} mm`,
  back: "Volver al panel",
  order: (orderNumber: string) => `Pedido ${orderNumber}`,
  placedAt: "Recibido",
  scheduledFor: "Para",
  customer: "Cliente",
  notes: "Notas",
  total: "Total",
  deliveryFee: (zone: string) => (zone ? `Envío (${zone})` : "Envío"),
  payment: "Pago",
  paid: "Pagado",
  tracking: "Sigue tu pedido",
  printTicket: "Imprimir ticket",
  autoPrint: "Imprimir automáticamente los pedidos nuevos",
  autoPrintHint:
    "Solo en este dispositivo: cada pedido nuevo se imprime una vez, aunque recargues la página.",
  /** Why a new order's ticket did not reach the print dialog (`ticketFailure`). */
  autoPrintFailed: (orderNumber: string, failure: TicketFailure) =>
    `No se imprimió el pedido ${orderNumber}: ${TICKET_FAILURES[failure]}`,
} as const;

/**
 * Why a ticket printed out of sight showed no ticket, as the panel finds out by asking for the
 * ticket's address again as a script does (the guards then answer with a status instead of the
 * login page): no answer at all means no connection; 401, the session ended; 403 or 404, the
 * order is not this account's to see; another error, the server's; and a ticket served as it
 * should be, that the frame still did not show, was refused by the browser.
 */
export type TicketFailure = "offline" | "signedOut" | "notFound" | "serverError" | "refused";

export function ticketFailure(status: number | null): TicketFailure {
  if (status === null) return "offline";
  if (status === 401) return "signedOut";
  if (status === 403 || status === 404) return "notFound";
  if (status >= 200 && status < 300) return "refused";
  return "serverError";
}

/** What the panel says for each failure; none blames the printer, which no page can see. */
const TICKET_FAILURES: Record<TicketFailure, string> = {
  offline:
    "no hay conexión con Tianguis y su ticket no se pudo abrir. Cuando vuelva la conexión, imprímelo con su botón «Imprimir ticket».",
  signedOut:
    "tu sesión terminó y su ticket no se pudo abrir. Vuelve a entrar e imprímelo con su botón «Imprimir ticket».",
  notFound: "su ticket ya no está disponible para tu cuenta.",
  serverError: "Tianguis no pudo preparar su ticket. Intenta en un momento con su botón «Imprimir ticket».",
  refused:
    "el navegador no dejó abrir su ticket dentro del panel para imprimirlo. Imprímelo con su botón «Imprimir ticket».",
};

/** Millimetres in a CSS pixel (96 pixels to the inch). */
const MM_PER_PX = 25.4 / 96;
/** Room after the ticket, so that rounding never spills its last line onto a second page. */
const PAGE_SLACK_MM = 2;
/** The page's length before the ticket is measured (a browser without JavaScript): an A4 sheet's. */
export const UNMEASURED_PAGE_MM = 297;

/**
 * The printed page: as wide as the roll, with the margins that centre the printable width, and as
 * long as the ticket (its height on the screen, where it is laid out at the same width and in the
 * same type as on paper), so the printer feeds the whole ticket as one page and cuts after it. A
 * roll has no length of its own and `size` takes only lengths or paper names (`auto` alone, never
 * beside a width), so the length is measured; until then, an A4's length.
 */
export function ticketPageCss(paper: TicketPaper, ticketHeightPx: number | null): string {
  const length =
    ticketHeightPx === null ? UNMEASURED_PAGE_MM : Math.ceil(ticketHeightPx * MM_PER_PX + PAGE_SLACK_MM);
  const side = (paper - PRINTABLE_MM[paper]) / 2;
  return `@page { size: ${paper}mm ${length}mm; margin: 0 ${side}mm; }`;
}

/** The ticket page of an order, for a paper; `print` opens the browser's print dialog on load. */
export function ticketPath(orderNumber: string, paper: TicketPaper, print = false): string {
  return `/i/admin/pedidos/${encodeURIComponent(orderNumber)}/ticket?papel=${paper}${print ? "&imprimir=1" : ""}`;
}

/**
 * The orders this device printed by itself, newest last, kept bounded: the panel prints an order
 * that arrives once, and again never, across reloads.
 */
export const AUTO_PRINTED_KEPT = 200;

export function rememberPrinted(printed: readonly string[], orderNumber: string): string[] {
  if (printed.includes(orderNumber)) return [...printed];
  return [...printed, orderNumber].slice(-AUTO_PRINTED_KEPT);
}
