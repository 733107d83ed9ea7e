/** What the shopper's tracking page says. Pure: the page and the server share it. */
export const TRACKING_MESSAGES = {
  notFound: "No encontramos este pedido. Revisa el número en tu confirmación.",
  tooMany: "Demasiadas búsquedas desde esta conexión. Espera un momento e intenta de nuevo.",
  transferReported: "¡Gracias! Avisamos a la tienda que ya transferiste.",
  transferFailed: "No se pudo avisar a la tienda. Intenta de nuevo.",
} as const;

export const TRANSFER_REFERENCE_MAX_LENGTH = 60;
