import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createStore } from "~/db/factories.server";
import { analyticsEvents, authAccount, authUser, storeOwners, stores, storeSettings } from "~/db/schema";
import { setHashingBound } from "~/domain/auth/password-hash.server";
import { resolveLicence } from "~/domain/stores/licence";
import { SIGNUP_MESSAGES, type SignupForm } from "~/domain/stores/signup-form";
import { signUpOwner } from "~/domain/stores/signup.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";

const { db, url } = await createTestDatabase();
afterEach(() => setHashingBound());

function form(overrides: Partial<SignupForm> = {}): SignupForm {
  const suffix = Math.random().toString(36).slice(2, 8);
  return {
    displayName: "Panadería Ñandú",
    storeId: `nandu-${suffix}`,
    storeCategory: "sweets",
    email: `ana-${suffix}@example.com`,
    password: "contraseña-segura",
    ...overrides,
  };
}

async function countRows(storeId: string, email: string) {
  const [users] = await db.select({ n: count() }).from(authUser).where(eq(authUser.email, email));
  const [storeRows] = await db.select({ n: count() }).from(stores).where(eq(stores.id, storeId));
  const [links] = await db.select({ n: count() }).from(storeOwners).where(eq(storeOwners.storeId, storeId));
  return { users: users!.n, stores: storeRows!.n, links: links!.n };
}

describe("signUpOwner", () => {
  it("creates the account, the store with a 30-day basic trial, the owner link and the signup event", async () => {
    const input = form();
    const now = new Date();
    const { userId, storeId } = await signUpOwner(db, input, now);

    const [user] = await db.select().from(authUser).where(eq(authUser.id, userId));
    expect(user).toMatchObject({ email: input.email, name: input.displayName, role: "user" });
    const [account] = await db.select().from(authAccount).where(eq(authAccount.userId, userId));
    expect(account).toMatchObject({ providerId: "credential", accountId: userId });
    expect(account!.password).toMatch(/^scrypt\$/);

    const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
    expect(store).toMatchObject({ cityId: "aguascalientes", categoryId: "sweets", isHidden: false });
    const licence = resolveLicence(store!, now);
    expect(licence).toMatchObject({ tier: "basic", trial: true });
    expect(Math.round((licence.expiresAt!.getTime() - now.getTime()) / 86_400_000)).toBe(30);

    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
    // The login e-mail is not published: the public contact e-mail starts empty.
    expect(settings).toMatchObject({ displayName: "Panadería Ñandú", contactEmail: "" });
    expect(await countRows(storeId, input.email)).toEqual({ users: 1, stores: 1, links: 1 });

    const events = await db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, storeId));
    expect(events.map((event) => event.name)).toEqual(["signup"]);
  });

  it("leaves nothing behind when it fails half-way (the store id is taken)", async () => {
    const taken = await createStore(db, { id: `tomada-${Math.random().toString(36).slice(2, 8)}` });
    const input = form({ storeId: taken.id });
    await expect(signUpOwner(db, input)).rejects.toMatchObject({
      code: "ALREADY_EXISTS",
      field: "storeId",
      message: SIGNUP_MESSAGES.storeIdTaken,
    });
    const [users] = await db.select({ n: count() }).from(authUser).where(eq(authUser.email, input.email));
    expect(users!.n).toBe(0);
    const [links] = await db
      .select({ n: count() })
      .from(storeOwners)
      .where(eq(storeOwners.storeId, taken.id));
    expect(links!.n).toBe(0);
  });

  it("leaves nothing behind when the e-mail already has an account", async () => {
    const first = form();
    await signUpOwner(db, first);
    const second = form({ email: first.email });
    await expect(signUpOwner(db, second)).rejects.toMatchObject({
      field: "email",
      message: SIGNUP_MESSAGES.emailTaken,
    });
    expect(await countRows(second.storeId, second.email)).toEqual({ users: 1, stores: 0, links: 0 });
  });

  it("refuses an unknown store category and stores nothing", async () => {
    const input = form({ storeCategory: "weapons" });
    await expect(signUpOwner(db, input)).rejects.toMatchObject({ field: "storeCategory" });
    expect(await countRows(input.storeId, input.email)).toEqual({ users: 0, stores: 0, links: 0 });
  });

  it("refuses a common password or one of spaces only, before hashing, and stores nothing", async () => {
    for (const password of ["Password", "qwertyui", " ".repeat(8)]) {
      const input = form({ password });
      await expect(signUpOwner(db, input)).rejects.toMatchObject({ code: "VALIDATION", field: "password" });
      expect(await countRows(input.storeId, input.email)).toEqual({ users: 0, stores: 0, links: 0 });
    }
  });

  it("20 simultaneous sign-ups for one store id: exactly one wins", async () => {
    // Room for all twenty in the hashing queue: this test is about the store id's race alone.
    setHashingBound({ maxWaiting: Infinity, queueTimeoutMs: 120_000 });
    const storeId = `carrera-${Math.random().toString(36).slice(2, 8)}`;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        signUpOwner(db, form({ storeId, email: `carrera-${i}-${storeId}@example.com` })),
      ),
    );
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const { reason } of lost) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).message).toBe("Este identificador ya está en uso. Por favor, elige otro.");
    }
    const [owners] = await db
      .select({ n: count() })
      .from(storeOwners)
      .where(eq(storeOwners.storeId, storeId));
    expect(owners!.n).toBe(1);
    const [accounts] = await db
      .select({ n: count() })
      .from(authUser)
      .where(eq(authUser.email, `carrera-0-${storeId}@example.com`));
    expect(accounts!.n).toBeLessThanOrEqual(1);
  });
});

describe("the sign-up form", () => {
  const http = useServerProcess(url);

  async function submit(password: string) {
    const storeId = `forma-${Math.random().toString(36).slice(2, 8)}`;
    const response = await fetch(`${http.server.url}/i/signup`, {
      method: "POST",
      body: new URLSearchParams({
        displayName: "Tortillería La Güera",
        storeId,
        storeCategory: "takeout",
        email: `${storeId}@example.com`,
        password,
      }),
    });
    return { storeId, status: response.status, html: await response.text() };
  }

  it("shows a Spanish message next to the password for a common one, and creates nothing", async () => {
    for (const password of ["12345678", "password", "QWERTYUI"]) {
      const { storeId, status, html } = await submit(password);
      expect(status).toBe(400);
      expect(html).toContain("Esa contraseña es de las más usadas y muy fácil de adivinar. Elige otra.");
      expect(html).toMatch(/name="password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="password"/);
      expect(await countRows(storeId, `${storeId}@example.com`)).toEqual({ users: 0, stores: 0, links: 0 });
    }
  });

  it("refuses a password of eight spaces", async () => {
    const { status, html } = await submit(" ".repeat(8));
    expect(status).toBe(400);
    expect(html).toContain("La contraseña no puede ser solo espacios.");
  });

  it("creates the store with a good password, and its storefront does not show the login e-mail", async () => {
    const { storeId, status } = await submit("tortillas-de-maiz-azul");
    expect(status).toBe(200);
    const storefront = await fetch(`${http.server.url}/${storeId}`);
    expect(storefront.status).toBe(200);
    const html = await storefront.text();
    expect(html).toContain("Tortillería La Güera");
    expect(html).not.toContain(`${storeId}@example.com`);
  });
});
