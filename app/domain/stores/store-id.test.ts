import { describe, expect, it } from "vitest";
import { ALL_ENTRY_POINTS } from "~/lib/entry-points";
import {
  deriveStoreId,
  isValidStoreId,
  RESERVED_STORE_IDS,
  STORE_ID_FORMAT_MESSAGE,
  STORE_ID_TAKEN_MESSAGE,
} from "./store-id";

describe("deriveStoreId", () => {
  it.each([
    ["Panadería Ñandú", "panaderianandu"],
    ["Tacos Don Chuy", "tacosdonchuy"],
    ["  Café   Los Arcos ", "cafelosarcos"],
    ["Güero's BBQ", "guerosbbq"],
    ["La-Tienda_de María!", "la-tiendademaria"],
    ["ÁÉÍÓÚ áéíóú Üü", "aeiouaeiouuu"],
    ["123 Flores", "123flores"],
    ["Dulcería Tía Mary y sus Amigas del Centro", "dulceriatiamaryysusa"],
    ["😀 Regalos ✨", "regalos"],
  ])("derives %j as %j", (name, expected) => {
    expect(deriveStoreId(name)).toBe(expected);
  });

  it("never exceeds 20 characters", () => {
    expect(deriveStoreId("a".repeat(50))).toHaveLength(20);
  });

  it("keeps hyphens the owner typed", () => {
    expect(deriveStoreId("flores-y-mas")).toBe("flores-y-mas");
  });

  it("drops tabs and line breaks as it drops spaces", () => {
    expect(deriveStoreId("Tacos\tDon\nChuy")).toBe("tacosdonchuy");
  });
});

describe("isValidStoreId", () => {
  it.each(["abc", "tacos-don-chuy", "a1-b2", "12345678901234567890", "---"])("accepts %j", (id) => {
    expect(isValidStoreId(id)).toBe(true);
  });

  it.each(["ab", "", "123456789012345678901", "Tacos", "tacos don", "tacos_don", "café", "tacos.mx"])(
    "rejects %j",
    (id) => {
      expect(isValidStoreId(id)).toBe(false);
    },
  );

  it("uses the fixed messages verbatim", () => {
    expect(STORE_ID_FORMAT_MESSAGE).toBe(
      "El identificador solo puede contener minúsculas, números y guiones (3-20 caracteres).",
    );
    expect(STORE_ID_TAKEN_MESSAGE).toBe("Este identificador ya está en uso. Por favor, elige otro.");
  });
});

describe("reserved store ids", () => {
  it("no store can take the first segment of an address an entry point answers", () => {
    // Every entry point the router or the server answers (app/lib/entry-points.ts), the server's
    // own (`/healthz`, `/media/*`) and the files of public/ (`/sw.js`, `/icons/*`) among them.
    const firstSegments = ALL_ENTRY_POINTS.map((entry) => entry.path.split("/")[1]!).filter(
      (segment) => segment !== "" && segment !== "*" && !segment.startsWith(":"),
    );
    expect(firstSegments).toEqual(
      expect.arrayContaining(["i", "s", "c", "healthz", "media", "icons", "sw.js"]),
    );
    for (const segment of firstSegments) {
      expect(RESERVED_STORE_IDS.has(segment.replace(/\.[a-z]+$/, "")), segment).toBe(true);
    }
  });
});

describe("reserved store ids beyond the server's own paths", () => {
  it("keeps the words of our own sections, old and new, from any store", () => {
    for (const section of ["api", "app", "admin", "login", "signup", "static", "uploads"]) {
      expect(RESERVED_STORE_IDS.has(section), section).toBe(true);
    }
  });

  it("keeps the names of the files at the site's root, without their extension, from any store", () => {
    // /robots.txt, /sitemap.xml, /favicon.svg, /manifest.webmanifest and /sw.js.
    for (const file of ["robots", "sitemap", "favicon", "manifest", "sw"]) {
      expect(RESERVED_STORE_IDS.has(file), file).toBe(true);
    }
  });

  it("keeps the brand's name and the help words from any store, so none can pass for us", () => {
    for (const word of ["tianguis", "soporte", "ayuda"]) {
      expect(RESERVED_STORE_IDS.has(word), word).toBe(true);
    }
  });

  it("reserves words only: neither the empty id nor a store's own name", () => {
    expect(RESERVED_STORE_IDS.has("")).toBe(false);
    expect(RESERVED_STORE_IDS.has("tacosdonchuy")).toBe(false);
  });
});
