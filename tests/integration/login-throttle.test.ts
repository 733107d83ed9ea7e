import { randomBytes, scryptSync } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createOwner } from "~/db/factories.server";
import { createAuth } from "~/domain/auth/auth.server";
import { LOGIN_MESSAGES, logIn } from "~/domain/auth/login.server";
import {
  HASH_BUSY_MESSAGE,
  hashPassword,
  LOGIN_ADMISSION,
  PRODUCTION_HASH_LOG_N,
  setHashingBound,
  setPasswordHashCost,
} from "~/domain/auth/password-hash.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";
import { TEST_HASH_LOG_N } from "../support/server-process";

// The hashing queue's bounds are about real hashes: this file keeps production's cost.
setPasswordHashCost(PRODUCTION_HASH_LOG_N);
const { db, url } = await createTestDatabase();
const auth = createAuth({ db, secret: "s".repeat(40), publicOrigin: "http://localhost:3000" });
const services = { db, auth };

/**
 * A stored hash at a tiny scrypt cost: verification follows the parameters stored with the hash,
 * so a hundred wrong passwords for this account take milliseconds instead of a minute.
 */
function cheapHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
  return ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}
const passwordHash = cheapHash("la-buena-123");

async function attempt(email: string, password: string, ip: string, cookie = "") {
  try {
    const headers = await logIn(services, { email, password, ip, headers: new Headers({ cookie }) });
    return {
      ok: true as const,
      cookie: headers.get("set-cookie") ?? "",
      deviceCookie: headers
        .getSetCookie()
        .find((value) => value.startsWith("tianguis.device="))
        ?.split(";")[0],
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, code: error.code, message: error.message };
    throw error;
  }
}

/** Moves every recorded failure into the past, as if the cool-down had elapsed. */
async function waitOutCoolDown(minutes: number) {
  await db.execute(sql`update rate_limit_hits set at = at - make_interval(mins => ${minutes})`);
}

afterEach(() => setHashingBound());
// The next file in this worker hashes at the suite's cost again.
afterAll(() => setPasswordHashCost(Number(TEST_HASH_LOG_N)));

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

  it("a right password whose session cannot be written is our failure: never 'incorrectos', and it counts against no limit", async () => {
    const owner = await createOwner(db, { passwordHash });
    const ip = "198.51.100.3";
    const hitsCounted = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from rate_limit_hits`)).rows[0]!.n;
    const hitsBefore = await hitsCounted();
    // The database keeps the session row from being written (a BEFORE trigger that skips it).
    await db.execute(
      sql`create function skip_row() returns trigger language plpgsql as 'begin return null; end'`,
    );
    await db.execute(
      sql`create trigger skip_sessions before insert on auth_session for each row execute function skip_row()`,
    );
    try {
      await expect(attempt(owner.email, "la-buena-123", ip)).rejects.toThrow("Failed to create session");
    } finally {
      await db.execute(sql`drop trigger skip_sessions on auth_session`);
      await db.execute(sql`drop function skip_row()`);
    }
    expect(await hitsCounted()).toBe(hitsBefore);
    expect(await attempt(owner.email, "la-buena-123", ip)).toMatchObject({ ok: true });
  });

  it("a stranger's wrong passwords from one address do not lock the owner out of another", async () => {
    const owner = await createOwner(db, { passwordHash });
    const stranger = "203.0.113.7";
    for (let i = 0; i < 10; i++) {
      expect(await attempt(owner.email, `mala-${i}`, stranger)).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    for (let i = 0; i < 5; i++) {
      expect(await attempt(owner.email, `mala-${i}`, stranger)).toMatchObject({ code: "RATE_LIMITED" });
    }
    expect(await attempt(owner.email, "la-buena-123", "203.0.113.8")).toMatchObject({ ok: true });
    // The stranger's address stays refused, even with the right password.
    expect(await attempt(owner.email, "la-buena-123", stranger)).toEqual({
      ok: false,
      code: "RATE_LIMITED",
      message: LOGIN_MESSAGES.throttled,
    });
  });

  it("after 100 wrong passwords for one account from many addresses, refuses it until the cool-down, except to a browser that signed in before", async () => {
    const owner = await createOwner(db, { passwordHash });
    const before = await attempt(owner.email, "la-buena-123", "198.18.1.200");
    const deviceCookie = before.ok ? before.deviceCookie : undefined;
    expect(deviceCookie).toBeDefined();
    for (let address = 0; address < 10; address++) {
      for (let i = 0; i < 10; i++) {
        expect(await attempt(owner.email, `mala-${i}`, `198.18.1.${address + 1}`)).toMatchObject({
          code: "UNAUTHENTICATED",
        });
      }
    }
    expect(await attempt(owner.email, "la-buena-123", "198.18.1.99")).toMatchObject({
      code: "RATE_LIMITED",
    });
    // Another account's device cookie does not help.
    const other = await createOwner(db, { passwordHash });
    const otherLogin = await attempt(other.email, "la-buena-123", "198.18.1.201");
    const otherCookie = otherLogin.ok ? otherLogin.deviceCookie! : "";
    expect(await attempt(owner.email, "la-buena-123", "198.18.1.99", otherCookie)).toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(await attempt(owner.email, "la-buena-123", "198.18.1.98", deviceCookie)).toMatchObject({
      ok: true,
    });
    // Signing in forgot the account's failures: set them again for the cool-down check.
    for (let address = 0; address < 10; address++) {
      for (let i = 0; i < 10; i++) await attempt(owner.email, `mala-${i}`, `198.18.2.${address + 1}`);
    }
    expect(await attempt(owner.email, "la-buena-123", "198.18.1.99")).toMatchObject({
      code: "RATE_LIMITED",
    });
    await waitOutCoolDown(14);
    expect(await attempt(owner.email, "la-buena-123", "198.18.1.99")).toMatchObject({
      code: "RATE_LIMITED",
    });
    await waitOutCoolDown(2);
    expect(await attempt(owner.email, "la-buena-123", "198.18.1.99")).toMatchObject({ ok: true });
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

  it("nine wrong passwords from an address are still allowed a tenth try", async () => {
    const owner = await createOwner(db, { passwordHash });
    for (let i = 0; i < 9; i++) await attempt(owner.email, "mala", "198.18.0.1");
    expect(await attempt(owner.email, "la-buena-123", "198.18.0.1")).toMatchObject({ ok: true });
  });

  it("50 simultaneous unknown e-mails from one address never pass its limit of 10", async () => {
    const ip = "192.0.2.99";
    // Room for all ten in the hashing queue: this test is about the address's limit alone.
    setHashingBound({ maxWaiting: Infinity, queueTimeoutMs: 60_000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(`rafaga-${i}@example.com`, "x", ip)),
    );
    expect(results.filter((result) => !result.ok && result.code === "UNAUTHENTICATED")).toHaveLength(10);
    expect(results.filter((result) => !result.ok && result.code === "RATE_LIMITED")).toHaveLength(40);
  });

  it("an unknown e-mail waits for a hash like any other login; when none frees up in time it is answered 503 and not counted", async () => {
    setHashingBound({ concurrency: 1, queueTimeoutMs: 100 });
    const busy = hashPassword("ocupa-el-unico-lugar");
    const ip = "192.0.2.150";
    expect(await attempt("nadie-aun@example.com", "x", ip)).toEqual({
      ok: false,
      code: "SERVICE_UNAVAILABLE",
      message: HASH_BUSY_MESSAGE,
    });
    await busy;
    // The refused attempt gave its slots back: ten real tries remain for this address.
    for (let i = 0; i < 10; i++) {
      expect(await attempt(`nadie-${i}@example.com`, "x", ip)).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await attempt("nadie-11@example.com", "x", ip)).toMatchObject({ code: "RATE_LIMITED" });
  });

  it("when the waiting room is full, a stranger is answered 503 at once while a known browser waits its turn first", async () => {
    const owner = await createOwner(db, { passwordHash });
    const first = await attempt(owner.email, "la-buena-123", "192.0.2.160");
    const deviceCookie = first.ok ? first.deviceCookie : "";
    setHashingBound({ concurrency: 1, maxWaiting: 0, queueTimeoutMs: 5_000 });
    const busy = hashPassword("ocupa-el-unico-lugar");
    const started = Date.now();
    expect(await attempt(owner.email, "la-buena-123", "192.0.2.161")).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
    });
    expect(Date.now() - started).toBeLessThan(500);
    expect(await attempt(owner.email, "la-buena-123", "192.0.2.161", deviceCookie)).toMatchObject({
      ok: true,
    });
    await busy;
  });
});

describe("login over HTTP behind a proxy", () => {
  const http = useServerProcess(url, {
    TRUST_PROXY: "1",
    PASSWORD_HASH_LOG_N: String(PRODUCTION_HASH_LOG_N),
  });

  function post(email: string, password: string, ip: string) {
    return fetch(`${http.server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password }),
      headers: { "x-forwarded-for": ip },
      redirect: "manual",
    });
  }

  it("50 simultaneous wrong passwords from one address: at most 10 are checked, the rest refused with Retry-After", async () => {
    const owner = await createOwner(db, { passwordHash });
    const ip = "198.51.100.60";
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(owner.email, `mala-${i}`, ip)),
    );
    const statuses = responses.map((response) => response.status);
    const checked = statuses.filter((status) => status === 401).length;
    // 429 from the address's limit; 503 from the login's door or a full hashing queue (not
    // counted: no password was checked).
    const refused = responses.filter((response) => response.status === 429);
    const busy = responses.filter((response) => response.status === 503);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused.length + busy.length).toBe(50);
    for (const response of [...refused, ...busy]) {
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // What the burst did not spend of the address's ten is still there, and no more.
    let later = 0;
    for (let i = 0; i <= 10; i++) {
      const response = await post(owner.email, `otra-mala-${i}`, ip);
      if (response.status === 429) {
        expect(await response.text()).toContain(LOGIN_MESSAGES.throttled);
        break;
      }
      expect(response.status).toBe(401);
      later++;
    }
    expect(checked + later).toBe(10);
    // Meanwhile the owner, from home, signs in.
    const home = await post(owner.email, "la-buena-123", "198.51.100.61");
    expect(home.status).toBe(302);
    const cookies = home.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("tianguis.session_token="))).toBe(true);
    expect(cookies.find((cookie) => cookie.startsWith("tianguis.device="))).toMatch(
      /Path=\/i\/login; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );
  });

  it("a burst past what the hashing queue holds is answered at the door with a page of its own, while a known browser gets in", async () => {
    const owner = await createOwner(db, { passwordHash });
    const first = await fetch(`${http.server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email: owner.email, password: "la-buena-123" }),
      headers: { "x-forwarded-for": "198.51.100.70" },
      redirect: "manual",
    });
    const deviceCookie = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("tianguis.device="))
      ?.split(";")[0];
    expect(deviceCookie).toBeDefined();
    // Unknown e-mails cost a full-price hash each, so the first ones are still inside while the rest arrive.
    const burst = Array.from({ length: LOGIN_ADMISSION + 30 }, (_, i) =>
      post(`desconocido-${i}@example.com`, "adivinanza", `203.0.113.${i + 1}`),
    );
    const known = fetch(`${http.server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email: owner.email, password: "la-buena-123" }),
      headers: { "x-forwarded-for": "198.51.100.70", cookie: deviceCookie! },
      redirect: "manual",
    });
    const stranger = post(owner.email, "la-buena-123", "198.51.100.71");
    const responses = await Promise.all(burst);
    const atTheDoor: Response[] = [];
    for (const response of responses) {
      expect([401, 503]).toContain(response.status);
      if (response.status !== 503) continue;
      expect(response.headers.get("retry-after")).toBe("5");
      const page = await response.text();
      expect(page).toContain(HASH_BUSY_MESSAGE);
      if (page.includes("<h1>Espera unos segundos</h1>")) atTheDoor.push(response);
    }
    expect(atTheDoor.length).toBeGreaterThanOrEqual(15);
    expect(atTheDoor[0]!.headers.get("cache-control")).toBe("private, no-store");
    expect((await known).status).toBe(302);
    expect((await known).headers.getSetCookie().some((c) => c.startsWith("tianguis.session_token="))).toBe(
      true,
    );
    expect([302, 503]).toContain((await stranger).status);
    // Refused at the door is not a try: that address still signs in.
    const doorAddress = `203.0.113.${responses.indexOf(atTheDoor[0]!) + 1}`;
    const again = await post(owner.email, "la-buena-123", doorAddress);
    expect(again.status).toBe(302);
  }, 60_000);
});
