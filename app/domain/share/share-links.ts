/**
 * The ready-made texts that go with the addresses a store shares (app/domain/stores/store-links.ts),
 * and the poster's (pure: used by the admin panel in the browser and by the server's poster).
 */
/** Texts an owner pastes into a WhatsApp status or a Facebook post. */
export function shareTexts(storeName: string, address: string) {
  return {
    whatsapp: `¡Ya puedes pedir en ${storeName} desde tu celular! 🛍️ Mira lo que tenemos y haz tu pedido aquí: ${address}`,
    facebook: `📣 ${storeName} ya tiene tienda en línea. Revisa nuestros productos, haz tu pedido para recoger o a domicilio y confírmalo por WhatsApp. Sin apps ni registros: ${address}`,
  };
}

/** The poster's call to action, under the QR code. */
export const POSTER_CALL_TO_ACTION = "Escanea el código y haz tu pedido";
export const POSTER_SIZES = {
  a4: { label: "A4", points: [595.28, 841.89] },
  "media-carta": { label: "media carta", points: [396, 612] },
} as const;
export type PosterSize = keyof typeof POSTER_SIZES;

export function isPosterSize(value: unknown): value is PosterSize {
  return typeof value === "string" && Object.hasOwn(POSTER_SIZES, value);
}
