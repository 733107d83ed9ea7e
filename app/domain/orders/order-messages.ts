/**
 * Its own module so the store page can show one of them without loading the order form's parser
 * (the page's first JavaScript is only what the catalogue needs, docs/decisions/003).
 */

/** Every message a shopper can see around an order, in the product's fixed wording. */
export const ORDER_MESSAGES = {
  name: "Por favor ingresa tu nombre.",
  nameTooLong: "El nombre puede tener como máximo 80 caracteres.",
  phone: "El teléfono debe tener 10 dígitos (formato mexicano, solo números).",
  /** A delivery needs someone the courier can call (docs/decisions/041). */
  phoneForDelivery: "Para entregar a domicilio necesitamos tu teléfono.",
  address: "Por favor ingresa tu dirección.",
  addressTooLong: "La dirección puede tener como máximo 300 caracteres.",
  comments: "Los comentarios pueden tener como máximo 300 caracteres.",
  deliveryType: "Elige cómo quieres recibir tu pedido.",
  deliveryNotAllowed: "Esta tienda no ofrece esa opción de entrega.",
  emptyCart: "Tu carrito está vacío.",
  quantity: "La cantidad debe ser un número entero de al menos 1.",
  unavailable: "Este producto ya no está disponible y ha sido removido de la lista.",
  failure: "Hubo un error al realizar el pedido. Intenta de nuevo.",
  /** While the database cannot be reached: the same key makes one order when it is sent again. */
  busy: "No pudimos recibir tu pedido por un problema momentáneo. Tu carrito sigue aquí: intenta de nuevo en unos segundos.",
  tooLarge: "El pedido es demasiado grande. Divídelo en varios pedidos.",
  lookupNotFound: "No se encontró una orden con ese número.",
  lookupError: "Error buscando la orden. Intenta de nuevo.",
  lookupTooMany: "Demasiadas búsquedas desde esta conexión. Espera un momento e intenta de nuevo.",
} as const;
