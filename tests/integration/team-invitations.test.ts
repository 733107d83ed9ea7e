/**
 * Invitations to a store's team and their limits (docs/decisions/033), on a real PostgreSQL: a link
 * is for the address it was sent to and no other account, is used once, lasts seven days (the clock
 * is an argument), and the plan's team size — the owner counted — holds under simultaneous
 * acceptances, because each one locks the store's row. Through the real server: the invitation's
 * page refuses another signed-in account in Spanish and changes nothing, the invited address
 * joins, the owner's invitation queues its e-mail, and removing a member ends their sessions and
 * their open order stream at once.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, createOwner, createStore } from "~/db/factories.server";
import { authSession, authUser, jobs, storeInvitations, storeMembers, storeOwners } from "~/db/schema";
import { ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { MAIL_JOB } from "~/domain/mail/mail.server";
import { maskEmail } from "~/domain/mail/mail-text";
import { TEAM_MESSAGES } from "~/domain/team/invitations";
import {
  acceptInvitation,
  invitationTokenHash,
  inviteMember,
  revokeInvitation,
} from "~/domain/team/invitations.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { openOrderStream } from "../support/order-stream";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);

const DAY = 86_400_000;
/** Accounts that never sign in need no real password hash. */
const NO_SIGN_IN = "no-sign-in";
const ORIGIN = "https://tianguis.test";
const proStore = () =>
  createStore(db, { licenceType: "premier", licenceExpires: new Date(Date.now() + 30 * DAY) });
const negocioStore = () =>
  createStore(db, { licenceType: "basic", licenceExpires: new Date(Date.now() + 30 * DAY) });
const tokenOf = (url: string) => url.split("/").at(-1)!;

async function invite(storeId: string, ownerId: string, now = new Date()) {
  const email = `invitada-${randomBytes(4).toString("hex")}@example.com`;
  const { url } = await inviteMember(
    db,
    { storeId, email, role: "cajero", actor: { userId: ownerId, name: "Ana" }, origin: ORIGIN },
    now,
  );
  return { token: tokenOf(url), email };
}

/** The account of the address an invitation was sent to. */
const invitedAccount = (email: string, input: { passwordHash?: string } = {}) =>
  createOwner(db, { email, ...input });

async function membersOf(storeId: string) {
  const [row] = await db.select({ n: count() }).from(storeMembers).where(eq(storeMembers.storeId, storeId));
  return row!.n;
}

/** An invitation row written as the owner's form writes it, without the plan's check at invitation. */
async function plantInvitation(storeId: string) {
  const token = randomBytes(24).toString("base64url");
  const email = `plantada-${randomBytes(4).toString("hex")}@example.com`;
  await db.insert(storeInvitations).values({
    tokenHash: invitationTokenHash(token),
    storeId,
    email,
    role: "cajero",
    expiresAt: new Date(Date.now() + 7 * DAY),
  });
  return { token, email };
}

describe("an invitation's link", () => {
  it("makes one member and then answers that it was used", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const { token, email } = await invite(store.id, owner.id);
    const invited = await invitedAccount(email);
    await acceptInvitation(db, { token, userId: invited.id });
    await expect(acceptInvitation(db, { token, userId: invited.id })).rejects.toThrow(TEAM_MESSAGES.used);
    expect(await membersOf(store.id)).toBe(1);
  });

  it("is the invited address's alone: another account is refused and nothing changes; case and spaces do not matter", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const { token, email } = await invite(store.id, owner.id);
    const other = await createOwner(db);
    await expect(acceptInvitation(db, { token, userId: other.id })).rejects.toMatchObject({
      message: TEAM_MESSAGES.wrongAccount(`i•••@example.com`),
      status: 403,
    });
    expect(await membersOf(store.id)).toBe(0);
    const [pending] = await db
      .select()
      .from(storeInvitations)
      .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
    expect(pending).toMatchObject({ acceptedAt: null, acceptedBy: null });
    // The invited account, its address written in capitals with spaces around it, accepts.
    const invited = await createOwner(db, { passwordHash: NO_SIGN_IN });
    await db
      .update(authUser)
      .set({ email: `  ${email.toUpperCase()} ` })
      .where(eq(authUser.id, invited.id));
    await acceptInvitation(db, { token, userId: invited.id });
    expect(await membersOf(store.id)).toBe(1);
  });

  it("is refused from seven days after it was sent, and works until then", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const sent = new Date();
    const late = await invite(store.id, owner.id, sent);
    const onTime = await invite(store.id, owner.id, sent);
    const lateUser = await invitedAccount(late.email);
    const onTimeUser = await invitedAccount(onTime.email);
    await expect(
      acceptInvitation(db, { token: late.token, userId: lateUser.id }, new Date(sent.getTime() + 7 * DAY)),
    ).rejects.toThrow(TEAM_MESSAGES.expired);
    await acceptInvitation(
      db,
      { token: onTime.token, userId: onTimeUser.id },
      new Date(sent.getTime() + 7 * DAY - 1000),
    );
    expect(await membersOf(store.id)).toBe(1);
  });

  it("is refused once revoked", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const { token, email } = await invite(store.id, owner.id);
    const [row] = await db
      .select()
      .from(storeInvitations)
      .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
    await revokeInvitation(db, { storeId: store.id, id: row!.id, actor: { userId: owner.id, name: "Ana" } });
    const user = await invitedAccount(email);
    await expect(acceptInvitation(db, { token, userId: user.id })).rejects.toThrow(TEAM_MESSAGES.revoked);
  });

  it("is refused to an account that already works at a store, owner or member", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const first = await invite(store.id, owner.id);
    const second = await invite(store.id, owner.id);
    const elsewhere = await createStore(db);
    const otherOwner = await createOwner(db, { storeId: elsewhere.id, email: first.email });
    const otherMember = await createMember(db, {
      storeId: elsewhere.id,
      role: "cajero",
      email: second.email,
    });
    await expect(acceptInvitation(db, { token: first.token, userId: otherOwner.id })).rejects.toThrow(
      TEAM_MESSAGES.alreadyInStore(elsewhere.id),
    );
    await expect(acceptInvitation(db, { token: second.token, userId: otherMember.id })).rejects.toThrow(
      TEAM_MESSAGES.alreadyInStore(elsewhere.id),
    );
    expect(await membersOf(store.id)).toBe(0);
  });

  it("makes one member when 50 acceptances arrive at once, half from the invited account, half from others", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const { token, email } = await invite(store.id, owner.id);
    const invited = await invitedAccount(email, { passwordHash: NO_SIGN_IN });
    const others = await Promise.all(
      Array.from({ length: 25 }, () => createOwner(db, { passwordHash: NO_SIGN_IN })),
    );
    const attempts = [...others.map((user) => user.id), ...others.map(() => invited.id)];
    const results = await Promise.allSettled(
      attempts.map((userId) => acceptInvitation(db, { token, userId })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refusals = results.flatMap((result) =>
      result.status === "rejected" ? [String(result.reason)] : [],
    );
    // Another account is told whose invitation it is, or, once it is accepted, that it was used.
    const expected = [TEAM_MESSAGES.wrongAccount(maskEmail(email)), TEAM_MESSAGES.used];
    for (const reason of refusals) expect(expected.some((message) => reason.includes(message))).toBe(true);
    const members = await db.select().from(storeMembers).where(eq(storeMembers.storeId, store.id));
    expect(members.map((member) => member.userId)).toEqual([invited.id]);
  });
});

describe("the plan's team size, the owner counted", () => {
  it("holds under 50 simultaneous acceptances of different invitations: Negocio takes 2 beside its owner", async () => {
    const store = await negocioStore();
    await createOwner(db, { storeId: store.id });
    const planted = await Promise.all(Array.from({ length: 50 }, () => plantInvitation(store.id)));
    const users = await Promise.all(
      planted.map(({ email }) => invitedAccount(email, { passwordHash: NO_SIGN_IN })),
    );
    const results = await Promise.allSettled(
      planted.map(({ token }, index) => acceptInvitation(db, { token, userId: users[index]!.id })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    const refusals = results.filter((result) => result.status === "rejected");
    for (const refusal of refusals) expect(String(refusal.reason)).toContain(TEAM_MESSAGES.teamFull("basic"));
    expect(await membersOf(store.id)).toBe(2);
  });

  it("counts pending invitations at invitation: Negocio invites 2, Emprendedor none", async () => {
    const negocio = await negocioStore();
    const owner = await createOwner(db, { storeId: negocio.id });
    await invite(negocio.id, owner.id);
    await invite(negocio.id, owner.id);
    await expect(invite(negocio.id, owner.id)).rejects.toThrow(TEAM_MESSAGES.teamFull("basic"));
    const emprendedor = await createStore(db);
    const alone = await createOwner(db, { storeId: emprendedor.id });
    await expect(invite(emprendedor.id, alone.id)).rejects.toThrow(TEAM_MESSAGES.teamFull("starter"));
  });

  it("holds under 20 simultaneous invitations: Pro sends 9 beside its owner", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => invite(store.id, owner.id)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(9);
  });
});

describe("through the server", () => {
  const post = (cookie: string, form: Record<string, string>) =>
    fetch(`${running.server.url}/i/admin/team`, {
      method: "POST",
      headers: { cookie, Accept: "application/json", Origin: running.server.url },
      body: new URLSearchParams(form),
    });

  it("the invitation's page refuses another signed-in account in Spanish and changes nothing; the invited address joins", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const { token, email } = await invite(store.id, owner.id);
    const page = `${running.server.url}/i/invitacion/${token}`;
    const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
    const send = (form: Record<string, string>, cookie = "") =>
      fetch(page, {
        method: "POST",
        headers: { cookie, Origin: running.server.url },
        body: new URLSearchParams(form),
        redirect: "manual",
      });
    const unchanged = async () => {
      expect(await membersOf(store.id)).toBe(0);
      const [row] = await db
        .select()
        .from(storeInvitations)
        .where(eq(storeInvitations.tokenHash, invitationTokenHash(token)));
      expect(row).toMatchObject({ acceptedAt: null, acceptedBy: null });
    };
    const refusal = TEAM_MESSAGES.wrongAccount("i•••@example.com");

    // Another account, signed in: told whose invitation it is, with a way out, and the address masked.
    const other = await createOwner(db);
    const otherCookie = await signIn(running.server.url, other.email, other.password);
    const seen = await html(await fetch(page, { headers: { cookie: otherCookie } }));
    expect(seen).toContain(refusal);
    expect(seen).toContain("Cerrar sesión");
    expect(seen).not.toContain("Aceptar la invitación");
    expect(seen).not.toContain(email);
    // Its accept, posted anyway, is refused with the same sentence.
    const accepted = await send({ intent: "accept" }, otherCookie);
    expect(accepted.status).toBe(403);
    expect(await html(accepted)).toContain(refusal);
    await unchanged();
    // Signing in with it from the page only signs in: the page shows the refusal.
    const login = await send({ intent: "login", email: other.email, password: other.password });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe(`/i/invitacion/${token}`);
    await unchanged();
    // A new account needs the invited address: another is refused beside the field, and no account is made.
    const stranger = `otra-${randomBytes(4).toString("hex")}@example.com`;
    const signup = await send({
      intent: "signup",
      name: "Otra",
      email: stranger,
      password: "una-clave-larga-9",
    });
    expect(signup.status).toBe(400);
    expect(await html(signup)).toContain(TEAM_MESSAGES.signupEmail("i•••@example.com"));
    expect(await db.select().from(authUser).where(eq(authUser.email, stranger))).toEqual([]);
    await unchanged();
    // "Cerrar sesión" comes back to the invitation, which fills in the invited address.
    const logout = await fetch(`${running.server.url}/i/logout`, {
      method: "POST",
      headers: { cookie: otherCookie, Origin: running.server.url },
      body: new URLSearchParams({ returnTo: `/i/invitacion/${token}` }),
      redirect: "manual",
    });
    expect(logout.headers.get("location")).toBe(`/i/invitacion/${token}`);
    // Never to another site.
    for (const returnTo of ["//evil.example/x", "/\\evil.example", "https://evil.example/"]) {
      const away = await fetch(`${running.server.url}/i/logout`, {
        method: "POST",
        headers: { Origin: running.server.url },
        body: new URLSearchParams({ returnTo }),
        redirect: "manual",
      });
      expect(away.headers.get("location"), returnTo).toBe("/i/login");
    }
    expect(await html(await fetch(page))).toContain(`value="${email}"`);

    // The invited address accepts.
    const invited = await invitedAccount(email);
    const invitedCookie = await signIn(running.server.url, invited.email, invited.password);
    const joined = await send({ intent: "accept" }, invitedCookie);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/i/admin");
    const members = await db.select().from(storeMembers).where(eq(storeMembers.storeId, store.id));
    expect(members).toMatchObject([{ userId: invited.id, role: "cajero" }]);
  });

  it("queues the invitation's e-mail with its link when the owner invites", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const response = await post(cookie, { intent: "invite", email: "nueva@example.com", role: "encargado" });
    expect(await response.json()).toEqual({ ok: true, message: TEAM_MESSAGES.invited("nueva@example.com") });
    const [mail] = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'to' = 'nueva@example.com'`));
    expect(JSON.stringify(mail!.payload)).toContain("/i/invitacion/");
  });

  it("ends a removed member's sessions and closes their open order stream at once", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const cajero = await createMember(db, { storeId: store.id, role: "cajero", name: "Beto" });
    const ownerCookie = await signIn(running.server.url, owner.email, owner.password);
    const cajeroCookie = await signIn(running.server.url, cajero.email, cajero.password);
    const stream = openOrderStream(running.server.url, cajeroCookie);
    try {
      await stream.until(() => stream.connections === 1, 15_000, "the cajero's stream");
      const response = await post(ownerCookie, { intent: "remove", userId: cajero.id });
      expect(await response.json()).toEqual({ ok: true, message: TEAM_MESSAGES.removed });
      await stream.until(() => stream.events.some((event) => event.type === "replaced"), 15_000, "the close");
      expect(await db.select().from(authSession).where(eq(authSession.userId, cajero.id))).toEqual([]);
      expect(await membersOf(store.id)).toBe(0);
      const after = await fetch(`${running.server.url}/i/admin/orders/stream`, {
        headers: { cookie: cajeroCookie, Accept: "text/event-stream" },
        redirect: "manual",
      });
      expect(after.status).toBe(302);
      await after.body?.cancel();
    } finally {
      stream.close();
    }
  });

  it("hands the store to a member only with the owner's password; the owner stays as an encargado", async () => {
    const store = await proStore();
    const owner = await createOwner(db, { storeId: store.id });
    const encargada = await createMember(db, { storeId: store.id, role: "encargado", name: "Ana" });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    const ownerOf = async () =>
      (await db.select().from(storeOwners).where(eq(storeOwners.storeId, store.id)))[0]!.userId;

    const wrong = await post(cookie, {
      intent: "transfer",
      userId: encargada.id,
      currentPassword: "no-es-esta-1",
    });
    expect(await wrong.json()).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.wrongPassword });
    const empty = await post(cookie, { intent: "transfer", userId: encargada.id, currentPassword: "" });
    expect(await empty.json()).toMatchObject({ ok: false, message: TEAM_MESSAGES.passwordRequired });
    expect(await ownerOf()).toBe(owner.id);

    const right = await post(cookie, {
      intent: "transfer",
      userId: encargada.id,
      currentPassword: owner.password,
    });
    expect(await right.json()).toEqual({ ok: true, message: TEAM_MESSAGES.transferred("Ana") });
    expect(await ownerOf()).toBe(encargada.id);
    const [former] = await db.select().from(storeMembers).where(eq(storeMembers.userId, owner.id));
    expect(former).toMatchObject({ storeId: store.id, role: "encargado" });
    // The former owner is an encargado now: the team is no longer theirs to change.
    const again = await post(cookie, {
      intent: "transfer",
      userId: owner.id,
      currentPassword: owner.password,
    });
    expect(again.status).toBe(404);
  });
});
