/**
 * Where image bytes live, behind one interface its two drivers implement (local-storage.server.ts,
 * s3-storage.server.ts); configured-storage.server.ts picks one. Keys are always server-made
 * (image-keys.ts); drivers still refuse anything path-like.
 */

export type StoredObject = { body: Buffer; contentType: string };

export type ImageStorage = {
  readonly driver: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** A public URL (a CDN) to redirect to instead of serving the bytes ourselves, if configured. */
  publicUrl(key: string): string | null;
};

/** Keys are relative, slash-separated, without `.`/`..` segments, backslashes or NULs. */
export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  const safe =
    key.length > 0 &&
    key.length <= 512 &&
    !/[\\\0]/.test(key) &&
    segments.every((segment) => segment !== "" && segment !== "." && segment !== "..");
  if (!safe) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
