/** What the shopper reads about paying by card online. Pure: the storefront and the server share it. */
export const CHECKOUT_MESSAGES = {
  unavailable:
    "Tu pedido quedó registrado, pero no pudimos abrir Mercado Pago. Desde la página de tu pedido puedes intentar pagar de nuevo.",
  offer: "Pagar con tarjeta o Mercado Pago",
  redirecting: "Te llevamos a Mercado Pago para pagar…",
  waiting: "Esperando tu pago con Mercado Pago.",
  rejected: "Mercado Pago rechazó el pago. Puedes intentar de nuevo con otra tarjeta.",
  payNow: "Pagar ahora con Mercado Pago",
  /** Without JavaScript the page cannot take the shopper there itself: a link does. */
  continueToPay: "Continuar a Mercado Pago",
  readyToPay: "Tu pago está listo en Mercado Pago.",
  notWaiting: "Este pedido ya no espera un pago.",
  providerDown: "No pudimos abrir Mercado Pago. Intenta de nuevo en unos minutos.",
} as const;

/** The owner's panel, cancelling an order paid through Mercado Pago. */
export const REFUND_WORDS = {
  action: "Reembolsar con Mercado Pago",
  explain: "Este pedido se pagó con Mercado Pago: al cancelarlo le devolvemos el dinero al cliente.",
} as const;
