/**
 * Where a stored image and its thumbnails live, from its storage key alone (pure: used by the
 * server and the browser). Keys look like `product-images/<storeId>/<random>.webp`; thumbnails
 * live under `<kind>-thumbnails/<storeId>/<random>-<width>.webp`.
 */
export const IMAGE_KINDS = ["product-images", "store-logos"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const MAIN_IMAGE_MAX_SIZE = 800;
export const THUMBNAIL_WIDTHS = [200, 400] as const;
export const MEDIA_BASE = "/media";

export function thumbnailKey(key: string, width: number): string {
  const [kind, ...rest] = key.split("/");
  const file = rest.join("/").replace(/\.webp$/, `-${width}.webp`);
  return `${kind}-thumbnails/${file}`;
}

export function mediaUrl(key: string, base = MEDIA_BASE): string {
  return `${base}/${key}`;
}

/** `src` and `srcSet` for an <img>; pair with `sizes` that fit the layout. */
export function imageSources(key: string, base = MEDIA_BASE) {
  const widths = THUMBNAIL_WIDTHS.map((width) => `${mediaUrl(thumbnailKey(key, width), base)} ${width}w`);
  return {
    src: mediaUrl(thumbnailKey(key, THUMBNAIL_WIDTHS[1]), base),
    srcSet: [...widths, `${mediaUrl(key, base)} ${MAIN_IMAGE_MAX_SIZE}w`].join(", "),
    full: mediaUrl(key, base),
  };
}
