import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOwner } from "~/db/factories.server";
import { createAuth } from "~/domain/auth/auth.server";
import { LOGIN_MESSAGES, logIn } from "~/domain/auth/login.server";
import { hashPassword } from "~/domain/auth/password-hash.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase } from "../support/database";

const { db } = await createTestDatabase();
const auth = createAuth({ db, secret: "s".repeat(40), publicOrigin: "http://localhost:3000" });
const services = { db, auth };
const passwordHash = await hashPassword("la-buena-123");

async function attempt(email: string, password: string, ip: string) {
  try {
    const headers = await logIn(services, { email, password, ip, headers: new Headers() });
    return { ok: true as const, cookie: headers.get("set-cookie") ?? "" };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, code: error.code, message: error.message };
    throw error;
  }
}

/** Moves every recorded failure into the past, as if the cool-down had elapsed. */
async function waitOutCoolDown(minutes: number) {
  await db.execute(sql`update rate_limit_hits set at = at - make_interval(mins => ${minutes})`);
}

describe("login", () => {
  it("starts a new HttpOnly, SameSite=Lax session with the right password", async () => {
    const owner = await createOwner(db, { passwordHash });
    const result = await attempt(owner.email, "la-buena-123", "198.51.100.1");
    expect(result.ok).toBe(true);
    const cookie = result.ok ? result.cookie : "";
    expect(cookie).toMatch(/tianguis\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("answers a wrong password with the Spanish message", async () => {
    const owner = await createOwner(db, { passwordHash });
    expect(await attempt(owner.email, "otra-cosa", "198.51.100.2")).toEqual({
      ok: false,
      code: "UNAUTHENTICATED",
      message: "Correo o contraseña incorrectos.",
    });
    expect(await attempt("nadie@example.com", "la-buena-123", "198.51.100.2")).toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("after 10 wrong passwords for one account, refuses even the right one until the cool-down", async () => {
    const owner = await createOwner(db, { passwordHash });
    for (let i = 0; i < 10; i++) {
      // A different address each time: the account's own counter is what trips.
      expect(await attempt(owner.email, `mala-${i}`, `203.0.113.${i + 1}`)).toMatchObject({
        code: "UNAUTHENTICATED",
      });
    }
    expect(await attempt(owner.email, "la-buena-123", "203.0.113.99")).toEqual({
      ok: false,
      code: "RATE_LIMITED",
      message: LOGIN_MESSAGES.throttled,
    });
    await waitOutCoolDown(14);
    expect(await attempt(owner.email, "la-buena-123", "203.0.113.99")).toMatchObject({
      code: "RATE_LIMITED",
    });
    await waitOutCoolDown(2);
    expect(await attempt(owner.email, "la-buena-123", "203.0.113.99")).toMatchObject({ ok: true });
  });

  it("after 10 wrong passwords from one address, refuses that address for any account", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) {
      expect(await attempt(`intruso-${i}@example.com`, "x", ip)).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    const owner = await createOwner(db, { passwordHash });
    expect(await attempt(owner.email, "la-buena-123", ip)).toMatchObject({ code: "RATE_LIMITED" });
    expect(await attempt(owner.email, "la-buena-123", "192.0.2.78")).toMatchObject({ ok: true });
  });

  it("nine wrong passwords are still allowed a tenth try", async () => {
    const owner = await createOwner(db, { passwordHash });
    for (let i = 0; i < 9; i++) await attempt(owner.email, "mala", `198.18.0.${i + 1}`);
    expect(await attempt(owner.email, "la-buena-123", "198.18.0.50")).toMatchObject({ ok: true });
  });

  it("20 simultaneous wrong passwords for one account: no more than the limit's 10 are ever checked", async () => {
    const owner = await createOwner(db, { passwordHash });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(owner.email, `mala-${i}`, `198.51.100.${100 + i}`)),
    );
    const checked = results.filter((result) => !result.ok && result.code === "UNAUTHENTICATED");
    const refused = results.filter((result) => !result.ok && result.code === "RATE_LIMITED");
    expect(checked.length).toBe(10);
    expect(refused.length).toBe(10);
    // And the account stays locked for its rightful owner too, from a fresh address.
    expect(await attempt(owner.email, "la-buena-123", "198.51.100.250")).toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  it("20 simultaneous wrong passwords from one address never pass its limit of 10", async () => {
    const ip = "192.0.2.99";
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(`rafaga-${i}@example.com`, "x", ip)),
    );
    expect(results.filter((result) => !result.ok && result.code === "UNAUTHENTICATED")).toHaveLength(10);
    expect(results.filter((result) => !result.ok && result.code === "RATE_LIMITED")).toHaveLength(10);
  });
});
