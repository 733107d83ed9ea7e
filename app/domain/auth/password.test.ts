import { describe, expect, it } from "vitest";
import {
  PASSWORD_BLANK_MESSAGE,
  passwordProblem,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "./password";
import { hashPassword, verifyPassword } from "./password-hash.server";

describe("password rules", () => {
  it("needs at least 8 characters", () => {
    expect(passwordProblem("1234567")).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(passwordProblem("12345678")).toBeUndefined();
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe("La contraseña debe tener al menos 8 caracteres.");
  });

  it("refuses a password of spaces only, however long", () => {
    expect(passwordProblem(" ".repeat(8))).toBe(PASSWORD_BLANK_MESSAGE);
    expect(passwordProblem("\t \n".repeat(10))).toBe(PASSWORD_BLANK_MESSAGE);
    expect(passwordProblem("   a    ")).toBeUndefined();
    expect(PASSWORD_BLANK_MESSAGE).toBe("La contraseña no puede ser solo espacios.");
  });

  it("accepts up to 128 characters", () => {
    expect(passwordProblem("x".repeat(128))).toBeUndefined();
    expect(passwordProblem("x".repeat(129))).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });
});

describe("password hashing", () => {
  it("uses scrypt at OWASP's cost with a random salt, and verifies", async () => {
    const hash = await hashPassword("contraseña-segura");
    const [scheme, N, r, p] = hash.split("$");
    expect({ scheme, N: Number(N), r: Number(r), p: Number(p) }).toEqual({
      scheme: "scrypt",
      N: 131072,
      r: 8,
      p: 1,
    });
    expect(await hashPassword("contraseña-segura")).not.toBe(hash);
    expect(await verifyPassword({ hash, password: "contraseña-segura" })).toBe(true);
    expect(await verifyPassword({ hash, password: "contraseña-segurA" })).toBe(false);
    expect(await verifyPassword({ hash: "garbage", password: "contraseña-segura" })).toBe(false);
    // Four hashes at 128 MiB each, CPU-bound by design: ~3 s idle, several times that on a loaded machine.
  }, 60_000);
});
