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
  autoPrintFailed: "No pudimos imprimir el pedido nuevo. Revisa la impresora e imprímelo desde su botón.",
} as const;

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
