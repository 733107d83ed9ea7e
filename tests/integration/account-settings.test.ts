/**
 * The Cuenta area over HTTP against the built server: changing the password ends every other
 * session (an old cookie is refused), "Cerrar todas las demás" leaves only the current one, a
 * session of another account cannot be ended, and an e-mail change is confirmed from the new
 * address (its link over real SMTP) with a notice to the old one.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createStore } from "~/db/factories.server";
import { authSession, authUser, authVerification } from "~/db/schema";
import { ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { storedIdentifier } from "~/domain/auth/verification-tokens.server";
import { EMAIL_CHANGE_LINK_HOURS } from "~/domain/mail/mail-text";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { linkIn, startSmtpServer } from "../support/smtp";

const { db, url: databaseUrl } = await createTestDatabase();
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const http = useServerProcess(databaseUrl, { SMTP_URL: smtp.url, TRUST_PROXY: "loopback" });

const PASSWORD = "mi-contrasena-de-siempre";

async function owner() {
  const store = await createStore(db);
  return { ...(await createOwner(db, { storeId: store.id, password: PASSWORD })), storeId: store.id };
}

/** A session opened from a given address and browser, as a phone or a laptop would. */
async function sessionFrom(email: string, password: string, ip: string, userAgent: string) {
  const response = await fetch(`${http.server.url}/i/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { "X-Forwarded-For": ip, "User-Agent": userAgent },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const ANDROID = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15";

async function panelStatus(cookie: string) {
  return (await fetch(`${http.server.url}/i/admin`, { headers: { cookie }, redirect: "manual" })).status;
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${http.server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, Accept: "application/json", "X-Forwarded-For": "198.51.100.50" },
  });
}

async function accountPage(cookie: string) {
  const response = await fetch(`${http.server.url}/i/cuenta`, { headers: { cookie }, redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    cacheControl: response.headers.get("cache-control"),
  };
}

describe("Cuenta: password and sessions", () => {
  it("lists the sessions with device, place and last activity; anonymous visitors are sent to log in", async () => {
    const { email } = await owner();
    const phone = await sessionFrom(email, PASSWORD, "198.51.100.21", ANDROID);
    await sessionFrom(email, PASSWORD, "198.51.100.22", MAC);
    const page = await accountPage(phone);
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe("private, no-store");
    expect(page.html).toContain("Chrome en Android");
    expect(page.html).toContain("Safari en Mac");
    expect(page.html).toContain("Desde 198.51.100.21");
    expect(page.html).toContain("Desde 198.51.100.22");
    expect(page.html).toContain("Esta sesión");
    const anonymous = await fetch(`${http.server.url}/i/cuenta`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/i/login");
  });

  it("changing the password needs the current one and ends every other session; this one stays", async () => {
    const { email } = await owner();
    const here = await signIn(http.server.url, email, PASSWORD);
    const elsewhere = await signIn(http.server.url, email, PASSWORD);

    const wrong = await post("/i/cuenta/contrasena", here, {
      currentPassword: "no-es-esta",
      newPassword: "una-nueva-clave-1",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      ok: false,
      fieldErrors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword },
    });
    const common = await post("/i/cuenta/contrasena", here, {
      currentPassword: PASSWORD,
      newPassword: "qwerty123",
    });
    expect(common.status).toBe(400);
    expect(await panelStatus(elsewhere)).toBe(200);

    const changed = await post("/i/cuenta/contrasena", here, {
      currentPassword: PASSWORD,
      newPassword: "una-nueva-clave-1",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ ok: true, message: ACCOUNT_MESSAGES.passwordChanged });
    // This browser gets a new session cookie; the other device's old cookie is refused.
    const renewed = changed.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(renewed).toMatch(/tianguis\.session_token=/);
    expect(await panelStatus(renewed)).toBe(200);
    expect(await panelStatus(elsewhere)).toBe(302);
    await signIn(http.server.url, email, "una-nueva-clave-1");
  });

  it("'Cerrar todas las demás' leaves only the current session", async () => {
    const { id, email } = await owner();
    const here = await signIn(http.server.url, email, PASSWORD);
    const others = [
      await signIn(http.server.url, email, PASSWORD),
      await signIn(http.server.url, email, PASSWORD),
    ];
    expect(await db.$count(authSession, eq(authSession.userId, id))).toBe(3);

    const answer = await post("/i/cuenta/sesiones", here, { intent: "end-others" });
    expect(await answer.json()).toEqual({ ok: true, message: ACCOUNT_MESSAGES.otherSessionsClosed(2) });
    expect(await db.$count(authSession, eq(authSession.userId, id))).toBe(1);
    expect(await panelStatus(here)).toBe(200);
    for (const cookie of others) expect(await panelStatus(cookie)).toBe(302);
  });

  it("'Cerrar esta sesión' ends one of the account's own sessions, never another account's", async () => {
    const mine = await owner();
    const theirs = await owner();
    const here = await signIn(http.server.url, mine.email, PASSWORD);
    const phone = await signIn(http.server.url, mine.email, PASSWORD);
    const stranger = await signIn(http.server.url, theirs.email, PASSWORD);
    const sessions = await db.select().from(authSession).where(eq(authSession.userId, mine.id));
    const theirSession = (await db.select().from(authSession).where(eq(authSession.userId, theirs.id)))[0]!;
    const phoneSession = sessions.find((session) => phone.includes(session.token))!;

    const foreign = await post("/i/cuenta/sesiones", here, { intent: "end", sessionId: theirSession.id });
    expect(foreign.status).toBe(404);
    expect(await panelStatus(stranger)).toBe(200);

    const ended = await post("/i/cuenta/sesiones", here, { intent: "end", sessionId: phoneSession.id });
    expect(await ended.json()).toEqual({ ok: true, message: ACCOUNT_MESSAGES.sessionClosed });
    expect(await panelStatus(phone)).toBe(302);
    expect(await panelStatus(here)).toBe(200);
  });
});

describe("Cuenta: e-mail", () => {
  it("sends a link to the new address and a notice to the old one; the link changes it once", async () => {
    const { email } = await owner();
    const here = await signIn(http.server.url, email, PASSWORD);
    const newEmail = `nuevo-${Date.now()}@example.com`;
    const taken = await owner();

    const refused = await post("/i/cuenta/correo", here, {
      newEmail: taken.email,
      currentPassword: PASSWORD,
    });
    expect(await refused.json()).toMatchObject({ fieldErrors: { newEmail: ACCOUNT_MESSAGES.emailTaken } });
    const wrong = await post("/i/cuenta/correo", here, { newEmail, currentPassword: "no-es-esta" });
    expect(await wrong.json()).toMatchObject({
      fieldErrors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword },
    });

    const asked = await post("/i/cuenta/correo", here, { newEmail, currentPassword: PASSWORD });
    expect(await asked.json()).toEqual({ ok: true, message: ACCOUNT_MESSAGES.emailRequested(newEmail) });
    const notice = await smtp.waitFor(email, /cambiar el correo/);
    expect(notice.text).toContain("n•••@example.com");
    const link = linkIn(await smtp.waitFor(newEmail, /Confirma/), "/i/cuenta/correo/");

    // Opening the link changes nothing; confirming does, once.
    expect((await fetch(link)).status).toBe(200);
    await signIn(http.server.url, email, PASSWORD);
    const confirmed = await fetch(link, { method: "POST", body: new URLSearchParams({}) });
    expect(await confirmed.text()).toContain(ACCOUNT_MESSAGES.emailConfirmed);
    await signIn(http.server.url, newEmail, PASSWORD);
    const again = await fetch(link, { method: "POST", body: new URLSearchParams({}) });
    expect(await again.text()).toContain(ACCOUNT_MESSAGES.emailLinkInvalid);
    const old = await fetch(`${http.server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: "manual",
    });
    expect(old.status).toBe(401);
  });

  it("a link past its expiry changes nothing: the old address still signs in, the new one does not", async () => {
    const { id, email } = await owner();
    const here = await signIn(http.server.url, email, PASSWORD);
    const newEmail = `tarde-${Date.now()}@example.com`;
    const asked = await post("/i/cuenta/correo", here, { newEmail, currentPassword: PASSWORD });
    expect(await asked.json()).toEqual({ ok: true, message: ACCOUNT_MESSAGES.emailRequested(newEmail) });
    const link = linkIn(await smtp.waitFor(newEmail, /Confirma/), "/i/cuenta/correo/");
    const where = eq(authVerification.identifier, storedIdentifier(`change-email:${link.split("/").pop()}`));
    const [row] = await db.select().from(authVerification).where(where);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000 + 1000);
    // As if the day had passed.
    await db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);

    const late = await fetch(link, { method: "POST", body: new URLSearchParams({}) });
    expect(await late.text()).toContain(ACCOUNT_MESSAGES.emailLinkInvalid);
    const [account] = await db.select().from(authUser).where(eq(authUser.id, id));
    expect(account!.email).toBe(email);
    await signIn(http.server.url, email, PASSWORD);
    const withNew = await fetch(`${http.server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email: newEmail, password: PASSWORD }),
      redirect: "manual",
    });
    expect(withNew.status).toBe(401);
  });
});
