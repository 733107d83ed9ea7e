/** Store identifiers: the `<storeId>` of a store's public address. */
import { ownFirstSegments } from "~/lib/entry-points";

export const STORE_ID_MAX_LENGTH = 20;
export const STORE_ID_PATTERN = /^[a-z0-9-]{3,20}$/;
export const STORE_ID_FORMAT_MESSAGE =
  "El identificador solo puede contener minúsculas, números y guiones (3-20 caracteres).";
export const STORE_ID_TAKEN_MESSAGE = "Este identificador ya está en uso. Por favor, elige otro.";

/**
 * Derives a store id from the store's name: lowercase, accents transliterated
 * ("Panadería Ñandú" → "panaderianandu"), spaces removed, only a-z, 0-9 and hyphens, at most 20.
 */
export function deriveStoreId(displayName: string): string {
  return displayName
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, STORE_ID_MAX_LENGTH);
}

export function isValidStoreId(storeId: string): boolean {
  return STORE_ID_PATTERN.test(storeId);
}

/**
 * Words no store may take as its address, so that `/<storeId>` never shadows a page of ours, and
 * a store is never hidden behind one: the first segment of every address an entry point answers
 * (`i`, `s`, `c`, `healthz`, `media`, `robots` for `/robots.txt`, the folders of `public/`…, from
 * app/lib/entry-points.ts), and words of our own sections, old and new, that are no address yet.
 */
export const RESERVED_STORE_IDS = new Set([
  ...ownFirstSegments(),
  "api",
  "app",
  "admin",
  "login",
  "signup",
  "static",
  "uploads",
  "tianguis",
  "soporte",
  "ayuda",
]);
