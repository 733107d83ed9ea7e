import { describe, expect, it } from "vitest";
import { isImageKind, isOwnedImageKey, isServableKey, newImageKey } from "./image-keys";
import { imageSources, thumbnailKey } from "./image-urls";

describe("image keys", () => {
  it("are made by the server as <kind>/<storeId>/<random>.webp, different every time", () => {
    const first = newImageKey("product-images", "la-espiga");
    const second = newImageKey("product-images", "la-espiga");
    expect(first).toMatch(/^product-images\/la-espiga\/[a-z0-9]{20}\.webp$/);
    expect(second).not.toBe(first);
    expect(newImageKey("store-logos", "abc")).toMatch(/^store-logos\/abc\/[a-z0-9]{20}\.webp$/);
  });

  it("refuse a store id that could reach a path", () => {
    expect(() => newImageKey("product-images", "../../etc")).toThrow();
    expect(() => newImageKey("product-images", "a/b")).toThrow();
  });

  it("belong to one store and one kind (isOwnedImageKey)", () => {
    const key = newImageKey("product-images", "la-espiga");
    expect(isOwnedImageKey("la-espiga", "product-images", key)).toBe(true);
    expect(isOwnedImageKey("otra-tienda", "product-images", key)).toBe(false);
    expect(isOwnedImageKey("la-espiga", "store-logos", key)).toBe(false);
    expect(isOwnedImageKey("la-espiga", "product-images", thumbnailKey(key, 200))).toBe(false);
    expect(isOwnedImageKey("la-espiga", "product-images", `${key}/../../x`)).toBe(false);
    expect(isOwnedImageKey("la-espiga", "product-images", "https://evil.example/x.webp")).toBe(false);
    expect(isOwnedImageKey("la-espiga", "product-images", null)).toBe(false);
    // JSON can carry a list whose text is a key: a list is not a key.
    expect(isOwnedImageKey("la-espiga", "product-images", [newImageKey("product-images", "la-espiga")])).toBe(
      false,
    );
  });

  it("serve only what the server could have written: main images and their thumbnails", () => {
    const key = newImageKey("store-logos", "la-espiga");
    expect(isServableKey(key)).toBe(true);
    expect(isServableKey(thumbnailKey(key, 200))).toBe(true);
    expect(isServableKey(thumbnailKey(key, 400))).toBe(true);
    expect(isServableKey(thumbnailKey(key, 300))).toBe(false);
    for (const hostile of [
      "../data/postgres/pg_hba.conf",
      "product-images/../../secret.webp",
      "product-images/la-espiga/../../../x.webp",
      "product-images/la-espiga/abc.webp",
      "product-images%2f..%2f..%2fx.webp",
      "/etc/passwd",
      "product-images/la-espiga/aaaaaaaaaaaaaaaaaaaa.html",
      "otros/la-espiga/aaaaaaaaaaaaaaaaaaaa.webp",
      "",
    ]) {
      expect(isServableKey(hostile), hostile).toBe(false);
    }
  });

  it("accept only the two kinds", () => {
    expect(isImageKind("product-images")).toBe(true);
    expect(isImageKind("store-logos")).toBe(true);
    expect(isImageKind("../store-logos")).toBe(false);
    expect(isImageKind(undefined)).toBe(false);
  });

  it("give srcset URLs that the media route serves", () => {
    const key = newImageKey("product-images", "la-espiga");
    const sources = imageSources(key);
    for (const url of [
      sources.src,
      sources.full,
      ...sources.srcSet.split(", ").map((part) => part.split(" ")[0]!),
    ]) {
      expect(isServableKey(url.replace(/^\/media\//, "")), url).toBe(true);
    }
  });

  it("a main image's thumbnails sit next to it, and srcset offers them with the 800 px original", () => {
    const key = "product-images/la-espiga/abcdefghij0123456789.webp";
    expect(thumbnailKey(key, 200)).toBe("product-images-thumbnails/la-espiga/abcdefghij0123456789-200.webp");
    expect(imageSources(key, "https://cdn.example")).toEqual({
      src: "https://cdn.example/product-images-thumbnails/la-espiga/abcdefghij0123456789-400.webp",
      srcSet: [
        "https://cdn.example/product-images-thumbnails/la-espiga/abcdefghij0123456789-200.webp 200w",
        "https://cdn.example/product-images-thumbnails/la-espiga/abcdefghij0123456789-400.webp 400w",
        "https://cdn.example/product-images/la-espiga/abcdefghij0123456789.webp 800w",
      ].join(", "),
      full: "https://cdn.example/product-images/la-espiga/abcdefghij0123456789.webp",
    });
  });
});
