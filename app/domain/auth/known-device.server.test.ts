import { describe, expect, it } from "vitest";
import { isKnownDevice, knownDeviceCookie } from "./known-device.server";

const secret = "s".repeat(40);
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("known-device cookie", () => {
  it("vouches for the account it was given for, and no other", () => {
    const cookie = cookieOf(knownDeviceCookie(secret, "ana@example.com", { secure: false }));
    expect(isKnownDevice(secret, "ana@example.com", `otra=1; ${cookie}`)).toBe(true);
    expect(isKnownDevice(secret, "beto@example.com", cookie)).toBe(false);
    expect(isKnownDevice("o".repeat(40), "ana@example.com", cookie)).toBe(false);
  });

  it("refuses missing, forged and malformed cookies", () => {
    expect(isKnownDevice(secret, "ana@example.com", null)).toBe(false);
    expect(isKnownDevice(secret, "ana@example.com", "tianguis.device=abc")).toBe(false);
    expect(isKnownDevice(secret, "ana@example.com", "tianguis.device=abc.def")).toBe(false);
    const cookie = cookieOf(knownDeviceCookie(secret, "ana@example.com", { secure: false }));
    expect(isKnownDevice(secret, "ana@example.com", `${cookie.slice(0, -2)}xx`)).toBe(false);
  });

  it("is HttpOnly, SameSite=Lax, sent only to the login form, and Secure over HTTPS", () => {
    const plain = knownDeviceCookie(secret, "ana@example.com", { secure: false });
    expect(plain).toMatch(/; Path=\/i\/login; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(knownDeviceCookie(secret, "ana@example.com", { secure: true })).toMatch(/; Secure$/);
  });
});
