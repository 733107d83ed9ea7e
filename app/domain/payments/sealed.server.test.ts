import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSealer } from "./sealed.server";

describe("sealing the stores' credentials", () => {
  const sealer = createSealer(randomBytes(32));

  it("opens what it sealed, and never shows the plain text", () => {
    const sealed = sealer.seal("APP_USR-1234-secreto");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("secreto");
    expect(sealer.open(sealed)).toBe("APP_USR-1234-secreto");
    expect(sealer.seal("APP_USR-1234-secreto")).not.toBe(sealed);
  });

  it("refuses a sealed value altered, or sealed under another key", () => {
    const sealed = sealer.seal("APP_USR-1234-secreto");
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = body!.slice(0, -2) + (body!.endsWith("AA") ? "BA" : "AA");
    expect(() => sealer.open([version, iv, tag, flipped].join("."))).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow();
  });

  it("takes only a 32-byte key", () => {
    expect(() => createSealer(randomBytes(16))).toThrow();
  });
});
