/**
 * E-mailed links die with what they were sent for, and what cannot be undone asks who is there,
 * over real SMTP against the built server: a newer reset link ends the older one and a reset ends
 * every link (of 50 simultaneous resets with either link, one sets the password); a password
 * changed on the account page ends the reset links and pending e-mail changes; a changed e-mail
 * ends the other pending changes and the reset links (of 50 simultaneous confirmations, one
 * changes it). Closing the store, exporting its data and changing the e-mail need the current
 * password on a sign-in older than 10 minutes, and a refusal changes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createStore } from "~/db/factories.server";
import { authSession, authUser, authVerification, stores } from "~/db/schema";
import { ACCOUNT_MESSAGES, RESET_MESSAGES } from "~/domain/auth/account-forms";
import { CLOSE_STORE_MESSAGES, EXPORT_MESSAGES } from "~/domain/stores/close-store";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { linkIn, startSmtpServer } from "../support/smtp";

const { db, url: databaseUrl } = await createTestDatabase();
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
// Each request comes from its own address (X-Forwarded-For): no limit of one address fills up.
const http = useServerProcess(databaseUrl, { SMTP_URL: smtp.url, TRUST_PROXY: "loopback" });
const base = () => http.server.url;

const PASSWORD = "la-clave-de-siempre-1";
let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses++ % 250) + 1}`;

async function owner() {
  const store = await createStore(db);
  const account = await createOwner(db, { storeId: store.id, password: PASSWORD });
  return { ...account, storeId: store.id };
}

/** Asks for a reset link and returns the link of the `nth` reset e-mail the address received. */
async function resetLink(email: string, nth: number) {
  await fetch(`${base()}/i/olvide-contrasena`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { "X-Forwarded-For": nextAddress() },
  });
  const resets = () => smtp.to(email).filter((mail) => /Restablece/.test(mail.subject));
  await expect.poll(() => resets().length).toBe(nth);
  return linkIn(resets()[nth - 1]!, "/i/restablecer/");
}

/** Asks to move the account to `newEmail` and returns the confirmation link sent there. */
async function emailChangeLink(cookie: string, newEmail: string) {
  const asked = await post("/i/cuenta/correo", cookie, { newEmail, currentPassword: PASSWORD });
  expect(asked.status).toBe(200);
  return linkIn(await smtp.waitFor(newEmail), "/i/cuenta/correo/");
}

function choosePassword(link: string, password: string) {
  return fetch(link, {
    method: "POST",
    body: new URLSearchParams({ password, confirmation: password }),
    headers: { "X-Forwarded-For": nextAddress() },
    redirect: "manual",
  });
}

const confirmEmail = (link: string) => fetch(link, { method: "POST", redirect: "manual" });

function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${base()}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, Accept: "application/json", "X-Forwarded-For": nextAddress() },
  });
}

async function canSignIn(email: string, password: string) {
  const response = await fetch(`${base()}/i/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { "X-Forwarded-For": nextAddress() },
    redirect: "manual",
  });
  return response.status === 302;
}

const emailOf = async (userId: string) =>
  (await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, userId)))[0]?.email;

describe("e-mailed links die with the password and the address", () => {
  it("a newer reset link ends the older one; of 50 resets at once with either link exactly one sets the password", async () => {
    const { email } = await owner();
    const first = await resetLink(email, 1);
    const second = await resetLink(email, 2);
    expect(await (await fetch(first)).text()).toContain(RESET_MESSAGES.invalidLink);
    expect(await (await fetch(second)).text()).toContain("Elige una nueva contraseña");

    const attempts = Array.from({ length: 50 }, (_, i) => ({
      link: i % 2 === 0 ? first : second,
      password: `una-clave-nueva-${i}`,
    }));
    const answers = await Promise.all(attempts.map(({ link, password }) => choosePassword(link, password)));
    const won = answers.flatMap((answer, i) => (answer.status === 302 ? [attempts[i]!] : []));
    expect(won).toHaveLength(1);
    expect(won[0]!.link).toBe(second);
    for (const answer of answers.filter((candidate) => candidate.status !== 302)) {
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(RESET_MESSAGES.invalidLink);
    }
    expect(await canSignIn(email, won[0]!.password)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect((await choosePassword(second, "otra-clave-mas-9")).status).toBe(400);
  });

  it("a password changed on the account page ends every reset link and pending e-mail change", async () => {
    const { id, email } = await owner();
    const cookie = await signIn(base(), email, PASSWORD);
    const reset = await resetLink(email, 1);
    const change = await emailChangeLink(cookie, `nuevo-${id}@example.com`);

    const changed = await post("/i/cuenta/contrasena", cookie, {
      currentPassword: PASSWORD,
      newPassword: "la-clave-de-hoy-22",
    });
    expect(changed.status).toBe(200);

    const late = await choosePassword(reset, "la-clave-del-ladron-3");
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(RESET_MESSAGES.invalidLink);
    const confirmed = await confirmEmail(change);
    expect(confirmed.status).toBe(400);
    expect(await confirmed.text()).toContain(ACCOUNT_MESSAGES.emailLinkInvalid);
    expect(await emailOf(id)).toBe(email);
    expect(await canSignIn(email, "la-clave-de-hoy-22")).toBe(true);
  });

  it("a changed e-mail ends the other pending change and the reset links; of 50 confirmations at once one changes it", async () => {
    const { id, email } = await owner();
    const cookie = await signIn(base(), email, PASSWORD);
    const toFirst = await emailChangeLink(cookie, `primero-${id}@example.com`);
    const toSecond = await emailChangeLink(cookie, `segundo-${id}@example.com`);
    const reset = await resetLink(email, 1);

    const answers = await Promise.all(Array.from({ length: 50 }, () => confirmEmail(toSecond)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(49);
    expect(await emailOf(id)).toBe(`segundo-${id}@example.com`);

    const old = await confirmEmail(toFirst);
    expect(old.status).toBe(400);
    expect(await old.text()).toContain(ACCOUNT_MESSAGES.emailLinkInvalid);
    expect(await emailOf(id)).toBe(`segundo-${id}@example.com`);
    expect((await choosePassword(reset, "la-clave-del-ladron-4")).status).toBe(400);
    expect(await canSignIn(`segundo-${id}@example.com`, PASSWORD)).toBe(true);
  });
});

describe("what cannot be undone asks who is there", () => {
  /** As if the session had signed in `minutes` ago. */
  const signedInAgo = (userId: string, minutes: number) =>
    db
      .update(authSession)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(authSession.userId, userId));
  const fieldError = { currentPassword: ACCOUNT_MESSAGES.confirmIdentity };
  const verificationRows = (userId: string) =>
    db.$count(authVerification, sql`starts_with(${authVerification.value}, ${`{"userId":"${userId}"`})`);
  const isOpen = async (storeId: string) =>
    (
      await db
        .select()
        .from(stores)
        .where(and(eq(stores.id, storeId), sql`${stores.closedAt} is null`))
    ).length === 1;

  it("closing the store: refused without the password (or wrong) on a sign-in of 11 minutes ago; nothing changes", async () => {
    const { id, email, storeId } = await owner();
    const cookie = await signIn(base(), email, PASSWORD);
    await signedInAgo(id, 11);

    const bare = await post("/i/cuenta/cerrar-tienda", cookie, { confirmStoreId: storeId });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.confirmIdentity,
      fieldErrors: fieldError,
    });
    const wrong = await post("/i/cuenta/cerrar-tienda", cookie, {
      confirmStoreId: storeId,
      currentPassword: "no-es-la-clave",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      fieldErrors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword },
    });
    expect(await isOpen(storeId)).toBe(true);
    expect(await emailOf(id)).toBe(email);

    const right = await post("/i/cuenta/cerrar-tienda", cookie, {
      confirmStoreId: storeId,
      currentPassword: PASSWORD,
    });
    expect(await right.json()).toMatchObject({ ok: true, message: CLOSE_STORE_MESSAGES.closed });
    expect(await isOpen(storeId)).toBe(false);
  });

  it("closing the store right after signing in needs no password", async () => {
    const { id, email, storeId } = await owner();
    const cookie = await signIn(base(), email, PASSWORD);
    await signedInAgo(id, 9);
    const closed = await post("/i/cuenta/cerrar-tienda", cookie, { confirmStoreId: storeId });
    expect(await closed.json()).toMatchObject({ ok: true });
    expect(await isOpen(storeId)).toBe(false);
  });

  it("exporting: refused without the password on an older sign-in, page or script; with it, the ZIP", async () => {
    const { id, email, storeId } = await owner();
    const cookie = await signIn(base(), email, PASSWORD);
    await signedInAgo(id, 11);

    const page = await fetch(`${base()}/i/cuenta/exportar`, { headers: { cookie } });
    expect(page.status).toBe(403);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain(EXPORT_MESSAGES.passwordNeeded);
    const script = await fetch(`${base()}/i/cuenta/exportar`, {
      headers: { cookie, Accept: "application/json" },
    });
    expect(script.status).toBe(403);
    expect(await script.json()).toEqual({ ok: false, message: ACCOUNT_MESSAGES.confirmIdentity });
    const bare = await post("/i/cuenta/exportar", cookie, {});
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ fieldErrors: fieldError });
    const wrong = await post("/i/cuenta/exportar", cookie, { currentPassword: "no-es-la-clave" });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("content-type")).not.toMatch(/zip/);

    const right = await post("/i/cuenta/exportar", cookie, { currentPassword: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await right.arrayBuffer()));
    expect(JSON.parse(strFromU8(files["tienda.json"]!)).tienda.id).toBe(storeId);

    // Signed in again: the link-like GET works for ten minutes.
    const fresh = await signIn(base(), email, PASSWORD);
    const recent = await fetch(`${base()}/i/cuenta/exportar`, { headers: { cookie: fresh } });
    expect(recent.headers.get("content-type")).toBe("application/zip");
    await recent.arrayBuffer();
  });

  it("changing the e-mail: refused without the password on an older sign-in, and no link is made", async () => {
    const { id, email } = await owner();
    const cookie = await signIn(base(), email, PASSWORD);
    await signedInAgo(id, 11);
    const newEmail = `otro-${id}@example.com`;

    const bare = await post("/i/cuenta/correo", cookie, { newEmail });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual({
      ok: false,
      message: ACCOUNT_MESSAGES.confirmIdentity,
      fieldErrors: fieldError,
    });
    expect(await verificationRows(id)).toBe(0);

    const fresh = await signIn(base(), email, PASSWORD);
    const recent = await post("/i/cuenta/correo", fresh, { newEmail });
    expect(recent.status).toBe(200);
    expect(await verificationRows(id)).toBe(1);
    await smtp.waitFor(newEmail);
    expect(smtp.to(newEmail)).toHaveLength(1);
  });
});
