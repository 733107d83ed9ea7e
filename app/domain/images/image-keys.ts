/**
 * Storage keys are made by the server alone: `<kind>/<storeId>/<random>.webp`. Nothing the user
 * sends (least of all a file name) becomes part of a path. Pure, so forms can check keys too.
 */
import { randomId } from "~/lib/ids";
import { IMAGE_KINDS, THUMBNAIL_WIDTHS, type ImageKind } from "./image-urls";

const RANDOM_LENGTH = 20;
const STORE_ID = "[a-z0-9-]{3,20}";
const RANDOM = `[a-z0-9]{${RANDOM_LENGTH}}`;
const KINDS = IMAGE_KINDS.join("|");
const WIDTHS = THUMBNAIL_WIDTHS.join("|");

const MAIN_KEY = new RegExp(`^(${KINDS})/(${STORE_ID})/${RANDOM}\\.webp$`);
const SERVABLE_KEY = new RegExp(
  `^(?:(?:${KINDS})/${STORE_ID}/${RANDOM}|(?:${KINDS})-thumbnails/${STORE_ID}/${RANDOM}-(?:${WIDTHS}))\\.webp$`,
);

export function isImageKind(value: unknown): value is ImageKind {
  return typeof value === "string" && (IMAGE_KINDS as readonly string[]).includes(value);
}

export function newImageKey(kind: ImageKind, storeId: string): string {
  const key = `${kind}/${storeId}/${randomId(RANDOM_LENGTH)}.webp`;
  if (!MAIN_KEY.test(key)) throw new Error(`Invalid image key for store ${JSON.stringify(storeId)}`);
  return key;
}

/** A main image key (not a thumbnail) of this kind that belongs to this store. */
export function isOwnedImageKey(storeId: string, kind: ImageKind, key: unknown): key is string {
  if (typeof key !== "string") return false;
  const match = MAIN_KEY.exec(key);
  return match !== null && match[1] === kind && match[2] === storeId;
}

/** Any key the server could have written (main image or thumbnail): the only keys /media serves. */
export function isServableKey(key: string): boolean {
  return SERVABLE_KEY.test(key);
}
