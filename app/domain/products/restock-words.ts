/**
 * What "Avísame cuando haya" says (docs/decisions/030), apart from its form's schema: the store page's
 * catalogue shows the button on its first paint, and this module keeps zod out of that first load
 * (docs/decisions/003).
 */
export const RESTOCK_WORDS = {
  button: "Avísame cuando haya",
  title: (product: string) => `Te avisamos cuando haya ${product}`,
  explanation: "Te escribimos una sola vez, cuando vuelva a haber. No necesitas cuenta.",
  emailLabel: "Correo",
  send: "Avísame",
  sending: "Enviando…",
  close: "Cerrar",
  email: "Escribe un correo válido, por ejemplo ana@ejemplo.com.",
  done: (email: string) => `Listo. Te escribiremos a ${email} cuando vuelva a haber.`,
  cancelLink: "Ya no quiero el aviso",
  failure: "No pudimos guardar tu aviso. Intenta de nuevo.",
  notSoldOut: "Este producto sí está disponible: puedes agregarlo al carrito.",
  notFound: "Este producto ya no está en la tienda.",
  tooMany: "Pediste demasiados avisos. Intenta de nuevo más tarde.",
  /** Web Push: offered only where the browser has it and has not refused notifications. */
  pushButton: "Avisarme en este navegador",
  pushAsking: "Activando avisos…",
  orEmail: "O déjanos tu correo:",
  pushDone: "Listo. Te avisaremos en este navegador cuando vuelva a haber.",
  pushDenied: "Tu navegador no permite avisos de esta tienda; déjanos tu correo.",
  pushUnsupported: "Este navegador no puede recibir avisos aquí; déjanos tu correo.",
  pushFailed: "No pudimos activar los avisos en este navegador. Intenta de nuevo o déjanos tu correo.",
  pushInvalid: "Este navegador envió una suscripción que no pudimos leer; déjanos tu correo.",
  pushService: "Este navegador usa un servicio de avisos que no podemos usar; déjanos tu correo.",
  /** The owner's product list, beside a sold-out product. */
  waiting: (count: number) => (count === 1 ? "1 espera aviso" : `${count} esperan aviso`),
} as const;
