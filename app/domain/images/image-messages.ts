/** What the owner reads when an image is refused or an upload fails (shared by server and browser). */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
/** A 12-megapixel phone photo passes; a 50-megapixel picture or a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  empty: "El archivo está vacío. Elige una foto.",
  tooLarge: `La imagen pesa más de ${MAX_UPLOAD_MB} MB. Elige una foto más ligera.`,
  unsupportedType: "Ese archivo no es una imagen válida. Sube una foto JPG, PNG, WebP o GIF.",
  tooManyPixels: "La imagen tiene demasiados píxeles (máximo 40 megapíxeles). Elige una foto más pequeña.",
  damaged: "No pudimos leer la imagen: parece dañada o incompleta. Intenta con otra foto.",
  missingFile: "Elige una imagen para subir.",
  invalidKind: "Tipo de imagen no válido.",
  rateLimited: "Subiste demasiadas imágenes seguidas. Intenta de nuevo en unos minutos.",
  storageFailed: "No pudimos guardar la imagen. Intenta de nuevo.",
  uploadFailed: "No se pudo subir la imagen. Revisa tu conexión e intenta de nuevo.",
  compressFailed: "No pudimos preparar la imagen en tu teléfono. Intenta con otra foto.",
} as const;
