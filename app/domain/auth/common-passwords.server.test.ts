import { describe, expect, it } from "vitest";
import list from "./common-passwords.txt?raw";
import { assertNewPasswordAllowed, isCommonPassword, newPasswordProblem } from "./common-passwords.server";
import { PASSWORD_BLANK_MESSAGE, PASSWORD_TOO_COMMON_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "./password";

describe("common passwords", () => {
  it("ships the 10,000 most common passwords, one a line", () => {
    const entries = list.split("\n").filter(Boolean);
    expect(entries).toHaveLength(10_000);
    expect(new Set(entries).size).toBe(10_000);
    expect(entries.slice(0, 3)).toEqual(["password", "123456", "12345678"]);
  });

  it("knows the usual ones, whatever their capitals and surrounding spaces", () => {
    for (const password of ["12345678", "password", "qwertyui", "iloveyou", "11111111", "baseball"]) {
      expect(isCommonPassword(password)).toBe(true);
    }
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword(" 12345678 ")).toBe(true);
    expect(isCommonPassword("panaderia-nandu-1987")).toBe(false);
  });

  it("says what is wrong with a new password, the length rules first", () => {
    expect(newPasswordProblem("1234567")).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(newPasswordProblem(" ".repeat(8))).toBe(PASSWORD_BLANK_MESSAGE);
    expect(newPasswordProblem("qwertyui")).toBe(PASSWORD_TOO_COMMON_MESSAGE);
    expect(newPasswordProblem("contraseña-segura")).toBeUndefined();
    expect(PASSWORD_TOO_COMMON_MESSAGE).toBe(
      "Esa contraseña es de las más usadas y muy fácil de adivinar. Elige otra.",
    );
  });

  it("refuses one as a validation error of the password field", () => {
    expect(() => assertNewPasswordAllowed("password")).toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        field: "password",
        message: PASSWORD_TOO_COMMON_MESSAGE,
      }),
    );
    expect(() => assertNewPasswordAllowed("contraseña-segura")).not.toThrow();
  });
});
