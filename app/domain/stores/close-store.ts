/** "Tus datos" in the Cuenta area: the words and the 30-day rule. */

/** A closed store's id is held this long before anyone may take it again (docs/decisions/017). */
export const CLOSED_STORE_HOLD_DAYS = 30;

/** Where the browser goes once the store is closed and the account deleted. */
export const STORE_CLOSED_PAGE = "/i/tienda-cerrada";

export const CLOSE_STORE_MESSAGES = {
  confirmation: (storeId: string) => `Escribe ${storeId} para confirmar que quieres cerrar tu tienda.`,
  notFound: "No encontramos tu tienda.",
  failed: "No pudimos cerrar tu tienda. Intenta de nuevo.",
  closed: "Cerramos tu tienda y borramos tu cuenta.",
  orderNotFound: "No encontramos un pedido con ese número.",
  erased: (orderNumber: string, storeIds: string[]) =>
    `Borramos el nombre, el teléfono y la dirección del cliente del pedido ${orderNumber} (${storeIds.map((id) => `/${id}`).join(", ")}).`,
  eraseFailed: "No pudimos borrar los datos de ese pedido.",
  erasePreview: (orderNumber: string) =>
    `Revisa los datos del pedido ${orderNumber} antes de borrarlos. Esto no se puede deshacer.`,
  alreadyErased: "Los datos de este pedido ya se borraron.",
} as const;

/** "Descargar mis datos". */
export const EXPORT_MESSAGES = {
  failed: "No pudimos preparar tus datos. Intenta de nuevo.",
  downloading: "Listo: tu archivo se está descargando.",
  passwordNeeded:
    "Por seguridad, descarga tus datos desde Tu cuenta escribiendo tu contraseña actual, o vuelve a entrar e intenta de nuevo.",
} as const;

const releaseFormat = new Intl.DateTimeFormat("es-MX", {
  dateStyle: "long",
  timeZone: "America/Mexico_City",
});

/** The day a store closed at `closedAt` can be taken again, as the owner and the operator read it. */
export function releaseDate(closedAt: Date): string {
  return releaseFormat.format(new Date(closedAt.getTime() + CLOSED_STORE_HOLD_DAYS * 24 * 60 * 60 * 1000));
}
