/**
 * The guard matrix: every entry point of app/lib/entry-points.ts, asked by an anonymous visitor,
 * the store's owner, another store's owner and the super-admin, through the real HTTP server. The
 * requests are generated from the entries (their bodies from tests/support/entry-requests.ts) and
 * what each caller must get from the entry's declared access:
 *
 * - an entry for store members, signed-in accounts or the super-admin is asked as a page
 *   (document) request and as a script's JSON request. Each answers in the caller's language: a
 *   redirect to the login page or a Spanish 403/404 page for a page, a status and
 *   `{ ok: false, message }` for JSON. A refused request changes no row anywhere (the tables' row
 *   counts are compared) and owner A's data never changes; the owner's own request succeeds, so
 *   that a refusal is known to come from the guard, not from a broken endpoint;
 * - an entry for anyone (or the holder of a link, or the addresses METRICS_ALLOW lists) gives
 *   every caller the same answer; one for signed-out visitors sends a signed-in caller to its panel.
 *
 * The store's team (encargado, cajero…) asks in the role matrix (team-roles.test.ts).
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import {
  authAccount,
  authSession,
  authUser,
  discountCodes,
  imageUploads,
  jobs,
  orders,
  products,
  pushSubscriptions,
  storeInvitations,
  stores,
  storeSettings,
} from "~/db/schema";
import { GUARD_MESSAGES, NO_PERMISSION_MESSAGE } from "~/domain/auth/roles";
import { PUSH_JOB, saveSubscription } from "~/domain/push/push.server";
import { ALL_ENTRY_POINTS, type EntryPoint } from "~/lib/entry-points";
import { VALID_SETTINGS_FORM } from "../support/admin-forms";
import { VALID_INVOICE } from "../support/invoice-files";
import { createTestDatabase } from "../support/database";
import {
  addressOf,
  bodyOf,
  ENTRY_REQUESTS,
  uploads,
  type EntryRequest,
  type Target,
} from "../support/entry-requests";
import { signIn, uploadPhoto, useServerProcess } from "../support/http-server";
import { photoLikeJpeg } from "../support/photo";
import { rowCounts } from "../support/row-counts";

const { db, url: databaseUrl } = await createTestDatabase();
// Each request comes from its own address, so that the wrong passwords of the forged account posts
// never fill the login limit of one address.
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });

type Caller = "anonymous" | "owner" | "otherOwner" | "superadmin";
type Kind = "document" | "json";
type Method = "GET" | "POST";
/** One request of the matrix: an entry, a method and what it is asked. */
type Case = { key: string; entry: EntryPoint; method: Method; request: EntryRequest };

const victim: Target & { userId: string } = {
  storeId: "",
  productId: "",
  orderId: "",
  deviceId: 0,
  sessionId: "",
  password: "",
  memberId: "",
  invitationId: 0,
  imageKey: "",
  cityId: "aguascalientes",
  userId: "",
};

const newDevice = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
  p256dh: randomBytes(65).toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
});
uploads.photo = await photoLikeJpeg(900, 700);

const settingsOf = async (storeId: string) =>
  (await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId)))[0];
const rowOf = async <T>(rows: Promise<T[]>) => (await rows)[0];
/** A discount code with the product's id, for the promotion actions to aim at (docs/decisions/036). */
const promotionFor = (storeId: string, productId: string) =>
  db.insert(discountCodes).values({
    storeId,
    id: productId,
    code: `C${randomBytes(4).toString("hex")}`,
    kind: "percent",
    value: 5,
  });

/** What the owner's own request did, checked after it (called before it; keyed by the case). */
const OWNER_EFFECTS: Record<string, (own: Target) => Promise<() => Promise<void>>> = {
  "admin-settings": async (own) => async () =>
    expect((await settingsOf(own.storeId))!.displayName).toBe(VALID_SETTINGS_FORM.displayName),
  "admin-advanced-settings": async (own) => async () =>
    expect((await settingsOf(own.storeId))!.customCategories).toEqual(["Forjada"]),
  "admin-order-settings": async (own) => async () =>
    expect((await settingsOf(own.storeId))!.paymentMethods).toEqual(["cash"]),
  "admin-shop-rules": async (own) => async () =>
    expect((await settingsOf(own.storeId))!.outsideHours).toBe("schedule"),
  "admin-pause": async (own) => {
    await db.update(storeSettings).set({ pausedAt: null }).where(eq(storeSettings.storeId, own.storeId));
    return async () => expect((await settingsOf(own.storeId))!.pausedAt).not.toBeNull();
  },
  "admin-products: create": async (own) => {
    const before = await productCount(own.storeId);
    return async () => expect(await productCount(own.storeId)).toBe(before + 1);
  },
  "admin-products: availability": async (own) => async () =>
    expect((await rowOf(db.select().from(products).where(eq(products.id, own.productId))))!.available).toBe(
      false,
    ),
  "admin-products: delete": async (own) => async () =>
    expect(await db.select().from(products).where(eq(products.id, own.productId))).toEqual([]),
  "admin-promotions: create": async (own) => {
    const before = (await db.select().from(discountCodes).where(eq(discountCodes.storeId, own.storeId)))
      .length;
    return async () =>
      expect(
        (await db.select().from(discountCodes).where(eq(discountCodes.storeId, own.storeId))).length,
      ).toBe(before + 1);
  },
  "admin-promotions: pause": async (own) => async () =>
    expect(
      (await rowOf(db.select().from(discountCodes).where(eq(discountCodes.id, own.productId))))!.paused,
    ).toBe(true),
  "admin-orders: complete": async (own) => async () =>
    expect((await rowOf(db.select().from(orders).where(eq(orders.id, own.orderId))))!.status).toBe(
      "completed",
    ),
  "admin-trial": async (own) => async () =>
    expect(
      (await rowOf(db.select().from(stores).where(eq(stores.id, own.storeId))))!.trialExpiration,
    ).not.toBeNull(),
  "admin-upload": async () => {
    const [before] = await db.select({ n: count() }).from(imageUploads);
    return async () => {
      const [after] = await db.select({ n: count() }).from(imageUploads);
      expect(after!.n).toBe(before!.n + 1);
    };
  },
  "admin-products-import": async (own) => {
    const before = await productCount(own.storeId);
    return async () => expect(await productCount(own.storeId)).toBe(before + 1);
  },
  "admin-products-bulk": async (own) => async () =>
    expect((await rowOf(db.select().from(products).where(eq(products.id, own.productId))))!.available).toBe(
      false,
    ),
  "admin-push: subscribe": async (own) => {
    const before = await devicesOf(own.storeId);
    return async () => expect(await devicesOf(own.storeId)).toHaveLength(before.length + 1);
  },
  "admin-push: remove": async (own) => async () =>
    expect((await devicesOf(own.storeId)).map((device) => device.id)).not.toContain(own.deviceId),
  "admin-push: test": async (own) => {
    const before = await queuedPushes(own.storeId);
    const devices = (await devicesOf(own.storeId)).length;
    return async () => expect(await queuedPushes(own.storeId)).toBe(before + devices);
  },
  "admin-team: invite": async (own) => {
    const before = await invitationsOf(own.storeId);
    return async () => expect(await invitationsOf(own.storeId)).toBe(before + 1);
  },
  "account-sessions": async (own) => async () =>
    expect(await db.select().from(authSession).where(eq(authSession.id, own.sessionId))).toEqual([]),
  "account-close-store": async (own) => async () =>
    expect(
      (await rowOf(db.select().from(stores).where(eq(stores.id, own.storeId))))!.closedAt,
    ).not.toBeNull(),
};

/** Entries whose answer depends on who asks: asked as a page and as a script, with every check. */
const GUARDED = new Set(["member", "signed-in", "super-admin"]);

const CASES: Case[] = ALL_ENTRY_POINTS.flatMap((entry) =>
  entry.methods.flatMap((method) =>
    requestsOf(entry.name, method)
      .filter((request) => request.only !== "roles")
      .map((request) => ({
        key: request.label ? `${entry.name}: ${request.label}` : entry.name,
        entry,
        method,
        request,
      })),
  ),
);

function requestsOf(name: string, method: Method): readonly EntryRequest[] {
  return (
    (ENTRY_REQUESTS as Record<string, Partial<Record<Method, readonly EntryRequest[]>>>)[name]?.[method] ?? []
  );
}

/** Which callers the entry lets through: their answer is no refusal, and acts on their own store or account only. */
function allowedCallers(entry: EntryPoint): Caller[] {
  const access = entry.access;
  if (access.who === "member")
    return access.withoutStore ? ["owner", "otherOwner", "superadmin"] : ["owner", "otherOwner"];
  if (access.who === "super-admin") return ["superadmin"];
  return ["owner", "otherOwner", "superadmin"];
}

/** A page's data request (React Router's single fetch) goes to its `.data` address. */
function dataPathOf(entry: EntryPoint, path: string): string | undefined {
  if (!("router" in entry.by) || entry.answers !== "page") return undefined;
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
}

const cookies: Record<Caller, string | null> = {
  anonymous: null,
  owner: null,
  otherOwner: null,
  superadmin: null,
};

beforeAll(async () => {
  // On Pro, so that its own advanced settings and team are allowed and every product it adds fits.
  const store = await createStore(db, {
    displayName: "Tienda de A",
    licenceType: "premier",
    licenceExpires: new Date(Date.now() + 86_400_000),
  });
  // A password of A's own: the factories' default is everyone's, and a forged password change
  // carrying A's password must be wrong for whoever sends it.
  const owner = await createOwner(db, { storeId: store.id, password: "la-clave-de-a-solamente" });
  const product = await createProduct(db, store.id, { available: true });
  const order = await createOrder(db, store.id, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    // It asked for a factura, so that "Marcar como facturado" and "Adjuntar factura" have one to act on.
    invoice: VALID_INVOICE,
  });
  await promotionFor(store.id, product.id);
  await saveSubscription(db, owner.id, store.id, { ...newDevice(), device: "Teléfono de A" }, []);
  const [device] = await devicesOf(store.id);
  cookies.owner = await signIn(running.server.url, owner.email, owner.password);
  const [session] = await db.select().from(authSession).where(eq(authSession.userId, owner.id));
  Object.assign(victim, {
    storeId: store.id,
    productId: product.id,
    orderId: order.id,
    deviceId: device!.id,
    sessionId: session!.id,
    password: owner.password,
    userId: owner.id,
    imageKey: await uploadPhoto(running.server.url, cookies.owner, "product-images"),
  });
  // On the Negocio trial, so that its own advanced settings are allowed.
  const other = await createStore(db, { trialExpiration: new Date(Date.now() + 86_400_000) });
  const otherOwner = await createOwner(db, { storeId: other.id });
  const superadmin = await createOwner(db, { role: "superadmin" });
  accounts.owner = owner;
  accounts.otherOwner = otherOwner;
  accounts.superadmin = superadmin;
  cookies.otherOwner = await signIn(running.server.url, otherOwner.email, otherOwner.password);
  cookies.superadmin = await signIn(running.server.url, superadmin.email, superadmin.password);
});

/** Each signed-in caller's account, for a request that needs a session of its own. */
const accounts: Partial<Record<Caller, { email: string; password: string }>> = {};

async function productCount(storeId: string) {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.storeId, storeId));
  return row!.n;
}

function devicesOf(storeId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.storeId, storeId))
    .orderBy(pushSubscriptions.id);
}

async function invitationsOf(storeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(storeInvitations)
    .where(eq(storeInvitations.storeId, storeId));
  return row!.n;
}

/** Pushes queued for the store's devices. */
async function queuedPushes(storeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .innerJoin(pushSubscriptions, sql`(${jobs.payload}->>'subscriptionId')::bigint = ${pushSubscriptions.id}`)
    .where(and(eq(jobs.kind, PUSH_JOB), eq(pushSubscriptions.storeId, storeId)));
  return row!.n;
}

/**
 * The owner's own target: for most requests owner A with a new product, order, device and session
 * of A's store, so that A's data the forged requests aim at stays as it was; for those that end a
 * session, an account or a trial, a new owner of a new store.
 */
async function ownTarget({ key, request }: Case): Promise<{ cookie: string; target: Target }> {
  let storeId = victim.storeId;
  let userId = victim.userId;
  let password = victim.password;
  let cookie = cookies.owner!;
  if (request.ownStore) {
    const store = await createStore(db);
    const owner = await createOwner(db, { storeId: store.id });
    cookie = await signIn(running.server.url, owner.email, owner.password);
    ({ id: userId, password } = owner);
    storeId = store.id;
  }
  const product = await createProduct(db, storeId, { available: true });
  const order = await createOrder(db, storeId, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    // It asked for a factura, so that "Marcar como facturado" and "Adjuntar factura" have one to act on.
    invoice: VALID_INVOICE,
  });
  await promotionFor(storeId, product.id);
  const device = newDevice();
  await saveSubscription(db, userId, storeId, { ...device, device: "Tableta" }, []);
  const [saved] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, device.endpoint));
  // A second session of this owner's, signed in elsewhere: the one "Cerrar esta sesión" may end.
  let sessionId = "";
  if (key === "account-sessions") {
    const email = (await rowOf(db.select().from(authUser).where(eq(authUser.id, userId))))!.email;
    await signIn(running.server.url, email, password);
    const [newest] = await db
      .select()
      .from(authSession)
      .where(eq(authSession.userId, userId))
      .orderBy(desc(authSession.createdAt))
      .limit(1);
    sessionId = newest!.id;
  }
  return {
    cookie,
    target: {
      ...victim,
      storeId,
      productId: product.id,
      orderId: order.id,
      deviceId: saved!.id,
      sessionId,
      password,
    },
  };
}

let requests = 0;
function send(
  { entry, method, request }: Case,
  kind: Kind,
  target: Target,
  cookie: string | null,
): Promise<{ response: Response; stop: () => void }> {
  const path = request.path ? request.path(target) : addressOf(entry.path, target);
  const dataPath = kind === "json" ? dataPathOf(entry, path) : undefined;
  requests += 1;
  const { body, type } = bodyOf(request, target);
  const headers: Record<string, string> = {
    // React Router's own client asks for `.data` with no particular type; our scripts ask for JSON.
    Accept: dataPath ? "*/*" : kind === "json" ? "application/json" : "text/html,application/xhtml+xml",
    Origin: running.server.url,
    "X-Forwarded-For": `10.9.${requests >> 8}.${requests & 255}`,
  };
  if (type) headers["Content-Type"] = type;
  if (cookie) headers.cookie = cookie;
  const controller = new AbortController();
  return fetch(`${running.server.url}${dataPath ?? path}`, {
    method,
    headers,
    body,
    redirect: "manual",
    signal: controller.signal,
  }).then((response) => ({ response, stop: () => controller.abort() }));
}

/** Owner A's data that forged requests aim at. */
async function victimState() {
  // Read side by side: the matrix reads it twice for each of its hundreds of requests.
  const [
    [product],
    [order],
    [store],
    [user],
    [account],
    sessions,
    settings,
    productsLeft,
    invitations,
    devices,
    pushes,
  ] = await Promise.all([
    db.select().from(products).where(eq(products.id, victim.productId)),
    db.select().from(orders).where(eq(orders.id, victim.orderId)),
    db.select().from(stores).where(eq(stores.id, victim.storeId)),
    db.select().from(authUser).where(eq(authUser.id, victim.userId)),
    db.select().from(authAccount).where(eq(authAccount.userId, victim.userId)),
    db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.userId, victim.userId))
      .orderBy(authSession.id),
    settingsOf(victim.storeId),
    productCount(victim.storeId),
    invitationsOf(victim.storeId),
    devicesOf(victim.storeId),
    queuedPushes(victim.storeId),
  ]);
  return {
    product,
    order,
    store,
    user,
    password: account?.password,
    settings,
    products: productsLeft,
    invitations,
    // Whether a push arrived is the job worker's to record, whoever asked for the push.
    devices: devices.map(({ lastDeliveryAt: _delivered, lastFailureAt: _failed, ...device }) => device),
    pushes,
    sessions,
  };
}

/** The tables whose row count changed, as "before → after". */
function changedCounts(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((table) => after[table] !== before[table])
      .map((table) => [table, `${before[table]} → ${after[table]}`]),
  );
}

describe("the requests of the matrices", () => {
  it("exist for every entry point and each of its methods", () => {
    const missing = ALL_ENTRY_POINTS.flatMap((entry) =>
      entry.methods
        .filter((method) => requestsOf(entry.name, method).length === 0)
        .map((method) => `${method} ${entry.name}`),
    );
    expect(missing).toEqual([]);
    expect(CASES.length).toBeGreaterThan(ALL_ENTRY_POINTS.length);
  });
});

const CALLERS = ["anonymous", "owner", "otherOwner", "superadmin"] as const;
const guarded = CASES.filter((c) => GUARDED.has(c.entry.access.who));
const open = CASES.filter((c) => !GUARDED.has(c.entry.access.who));

describe("every entry point for store members, signed-in accounts and the super-admin", () => {
  const cases = guarded.flatMap((c) =>
    CALLERS.flatMap((caller) =>
      (["document", "json"] as const).map((kind) => [c.key, caller, kind, c] as const),
    ),
  );
  it.each(cases)("%s, asked by %s as %s", async (_key, caller, kind, c) => {
    const allowed = allowedCallers(c.entry).includes(caller);
    if (caller === "owner" && allowed) return ownerSucceeds(c, kind);
    const [before, countsBefore] = await Promise.all([victimState(), allowed ? null : rowCounts(db)]);
    const { response, stop } = await send(c, kind, victim, cookies[caller]);
    const refusal = c.entry.access.who === "super-admin" ? 403 : 404;
    const domainRefusal = c.request.aimsAtTarget && allowed;
    const singleFetch = kind === "json" && dataPathOf(c.entry, "/") !== undefined;
    try {
      if (singleFetch) {
        // The router's client follows the redirect or renders the page's 403/404 boundary.
        if (caller === "anonymous") {
          expect(response.status).toBe(202);
          expect(await response.text()).toContain('"redirect","/i/login"');
        } else if (allowed && !domainRefusal) {
          expect(response.status).toBe(200);
        } else {
          expect(response.status).toBe(allowed ? 404 : refusal);
        }
      } else if (caller === "anonymous") {
        if (kind === "document") {
          expect(response.status).toBe(302);
          expect(response.headers.get("location")).toBe("/i/login");
        } else {
          expect(response.status).toBe(401);
          expect(await response.json()).toEqual({ ok: false, message: GUARD_MESSAGES.signInRequired });
        }
      } else if (allowed && !domainRefusal) {
        expect([401, 403, 404]).not.toContain(response.status);
        expect(response.status).toBeLessThan(500);
      } else {
        // Refused by the guard, or, past it, by the domain: another store's row is not found.
        expect(response.status).toBe(allowed ? 404 : refusal);
        const expected = !allowed && refusal === 403 ? NO_PERMISSION_MESSAGE : undefined;
        if (kind === "json") {
          const body = (await response.json()) as { ok: boolean; message: string };
          expect(body.ok).toBe(false);
          if (expected) expect(body.message).toBe(expected);
        } else if (!allowed) {
          // The guard's Spanish page. (A forged post that passes the guards and is refused by
          // the domain answers its JSON 404 to every caller: that endpoint only serves scripts.)
          expect(response.headers.get("content-type")).toMatch(/text\/html/);
          const html = await response.text();
          expect(html).toContain(refusal === 403 ? "No tienes permiso" : "No encontramos");
        }
      }
    } finally {
      stop();
    }
    const changesVictim = allowed && c.entry.access.who === "super-admin" && c.method === "POST";
    const [after, countsAfter] = await Promise.all([victimState(), countsBefore ? rowCounts(db) : null]);
    if (!changesVictim) expect(after).toEqual(before);
    if (countsBefore) expect(changedCounts(countsBefore, countsAfter!)).toEqual({});
  });
});

describe("every other entry point: the same answer whoever asks", () => {
  it.each(open.map((c) => [c.key, c.method, c] as const))("%s (%s)", async (_key, _method, c) => {
    const kind: Kind = c.entry.answers === "json" ? "json" : "document";
    const answers = await Promise.all(
      CALLERS.map(async (caller) => {
        const cookie =
          c.request.ownSession && caller !== "anonymous"
            ? await signIn(running.server.url, accounts[caller]!.email, accounts[caller]!.password)
            : cookies[caller];
        const { response, stop } = await send(c, kind, victim, cookie);
        const answer = `${response.status} ${response.status === 302 ? response.headers.get("location") : ""}`;
        stop();
        return [caller, answer.trim()] as const;
      }),
    );
    const { status = 200 } = c.request;
    // A redirect to where the request names (an old card's version to the current one) is the
    // same for everyone too, wherever it sends them.
    const location = c.request.location ?? answers[0]![1].split(" ")[1] ?? "";
    const expected = `${status} ${location}`.trim();
    // A page for signed-out visitors sends a signed-in caller to its panel.
    const signedIn = c.entry.access.who === "signed-out" ? "302 /i/admin" : expected;
    expect(Object.fromEntries(answers)).toEqual({
      anonymous: expected,
      owner: signedIn,
      otherOwner: signedIn,
      superadmin: signedIn,
    });
  });
});

/** The address the matrix asks an entry at (its first request's), with the victim's ids in it. */
function addressOfEntry(entry: EntryPoint): string {
  const first = requestsOf(entry.name, entry.methods[0]!)[0];
  return first?.path ? first.path(victim) : addressOf(entry.path, victim);
}

describe("a method an entry point does not declare", () => {
  it("is a 405 that names the methods it takes, whoever asks: the router answers no other", async () => {
    const undeclared = ALL_ENTRY_POINTS.filter((entry) => !("express" in entry.by)).flatMap((entry) =>
      (["GET", "POST"] as const)
        .filter((method) => !(entry.methods as readonly string[]).includes(method))
        .map((method) => ({ entry, method })),
    );
    expect(undeclared.length).toBeGreaterThan(20);
    const answers = await Promise.all(
      undeclared.map(async ({ entry, method }) => {
        const response = await fetch(`${running.server.url}${addressOfEntry(entry)}`, {
          method,
          headers: { Accept: "application/json", Origin: running.server.url, cookie: cookies.owner! },
          redirect: "manual",
        });
        const body = (await response.json()) as { message?: string };
        return `${method} ${entry.name}: ${response.status} ${response.headers.get("allow")} ${body.message}`;
      }),
    );
    expect(answers).toEqual(
      undeclared.map(
        ({ entry, method }) =>
          `${method} ${entry.name}: 405 ${entry.methods.includes("GET") ? [...entry.methods, "HEAD"].join(", ") : entry.methods.join(", ")} Método no permitido.`,
      ),
    );
  });
});

/** The owner's own request, on their own data: answered as a success, and it did what it says. */
async function ownerSucceeds(c: Case, kind: Kind) {
  const { cookie, target } = await ownTarget(c);
  const check = await OWNER_EFFECTS[c.key]?.(target);
  const { response, stop } = await send(c, kind, target, cookie);
  try {
    expect(response.status, await peek(response)).toBeLessThan(300);
    if (response.headers.get("content-type")?.includes("application/json")) {
      expect((await response.json()) as { ok?: boolean }).not.toMatchObject({ ok: false });
    }
  } finally {
    stop();
  }
  await check?.();
}

/** The start of a failed answer's body, for the assertion's message. */
async function peek(response: Response) {
  if (response.status < 300) return "";
  return (await response.clone().text()).slice(0, 300);
}

describe("a signed-in account without a store", () => {
  it("is told to select a store first, under the spec's default name and no plan; a super-admin also gets the way to their panel", async () => {
    const lonely = await createOwner(db);
    const cookieOf = {
      owner: await signIn(running.server.url, lonely.email, lonely.password),
      superadmin: cookies.superadmin!,
    };
    for (const [who, cookie] of Object.entries(cookieOf)) {
      const response = await fetch(`${running.server.url}/i/admin`, { headers: { cookie } });
      expect(response.status, who).toBe(200);
      const html = (await response.text()).replace(/<!-- -->/g, "");
      expect(html, who).toContain("Selecciona una tienda primero.");
      expect(html, who).not.toContain("Emprendedor");
      // The header names no store of theirs: "Tienda", the name the spec gives a store without one.
      expect(html, who).toMatch(/<header[^]*>Tienda<[^]*<\/header>/);
      expect(html.includes("Ir al panel de Super administración"), who).toBe(who === "superadmin");
    }
  });
});
