import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
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
  it("no store can take an address the server answers itself", () => {
    // The first segment of every path served before the store pages: the app's own sections,
    // the server's endpoints (the layers of server/http.ts) and the folders copied from public/
    // next to the build's assets.
    const serverPaths = [...readFileSync("server/http.ts", "utf8").matchAll(/path: "\/([a-z0-9-]+)/g)].map(
      (match) => match[1]!,
    );
    expect(serverPaths).toEqual(expect.arrayContaining(["healthz", "readyz", "metrics", "media"]));
    const publicFolders = readdirSync("public", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const segment of ["i", "s", "c", "assets", ...serverPaths, ...publicFolders]) {
      expect(RESERVED_STORE_IDS.has(segment), segment).toBe(true);
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
