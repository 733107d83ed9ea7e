/**
 * Every loader and action of the admin, Cuenta and super-admin areas, in one table,
 * asked by an anonymous visitor, the store's owner, another store's owner and the super-admin, as a
 * page (document) request and as a script's JSON request, through the real HTTP server. Each answers
 * in the caller's language: a redirect to the login page or a Spanish 403/404 page for a page, a
 * status and `{ ok: false, message }` for JSON. A refused request changes no row anywhere (the
 * tables' row counts are compared) and owner A's data never changes; the owner's own request
 * succeeds, so that a refusal is known to come from the guard, not from a broken endpoint.
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
  stores,
  storeSettings,
} from "~/db/schema";
import { GUARD_MESSAGES, NO_PERMISSION_MESSAGE } from "~/domain/auth/roles";
import { PUSH_JOB, saveSubscription } from "~/domain/push/push.server";
import { createTestDatabase } from "../support/database";
import { rowCounts } from "../support/row-counts";
import { signIn, useServerProcess } from "../support/http-server";
import { photoLikeJpeg } from "../support/photo";
import { VALID_HOURS_FORM, VALID_SETTINGS_FORM } from "../support/admin-forms";

const { db, url: databaseUrl } = await createTestDatabase();
// Each request comes from its own address, so that the wrong passwords of the forged account posts
// never fill the login limit of one address.
const running = useServerProcess(databaseUrl, { TRUST_PROXY: "1" });

type Caller = "anonymous" | "owner" | "otherOwner" | "superadmin";
type Kind = "document" | "json";
/** What a request aims at: owner A's data for a forged request, the owner's own for theirs. */
type Target = {
  storeId: string;
  productId: string;
  orderId: string;
  deviceId: number;
  sessionId: string;
  password: string;
};
type Endpoint = {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** The form a request carries; a forged one is aimed at owner A's product, order, device, session. */
  form?: (target: Target) => Record<string, string>;
  /** A multipart body instead of a form (the upload). */
  multipart?: (target: Target) => FormData;
  /**
   * Which callers may use it: their answer is not a refusal, and acts on their own store or account
   * only (another owner's settings post saves their own settings, never A's).
   */
  allowed: Caller[];
  /** What a refused signed-in caller gets: not found (another store's data) or forbidden. */
  refusal: 404 | 403;
  /** A page route's data request (React Router's single fetch) goes to its `.data` URL. */
  dataPath?: string;
  /** Callers whose forged post passes the guards and is refused by the domain ("not found"). */
  domainRefusal?: Caller[];
  /** The super-admin's actions change owner A's store: that is what they are for. */
  changesVictim?: boolean;
  /**
   * The owner's request would end their session, account or trial: it runs as the owner of a new
   * store of their own instead of owner A.
   */
  ownerOfItsOwn?: boolean;
  /** Called before the owner's request; returns the check of what it changed. */
  ownerEffect?: (own: Target) => Promise<() => Promise<void>>;
};

const victim: Target & { userId: string } = {
  storeId: "",
  productId: "",
  orderId: "",
  deviceId: 0,
  sessionId: "",
  password: "",
  userId: "",
};

const newDevice = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
  p256dh: randomBytes(65).toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
});
const photo = await photoLikeJpeg(900, 700);

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

const ENDPOINTS: Endpoint[] = [
  {
    name: "admin page",
    method: "GET",
    path: "/i/admin?tab=productos",
    dataPath: "/i/admin.data?tab=productos",
    allowed: ["owner", "otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "order stream",
    method: "GET",
    path: "/i/admin/orders/stream",
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "settings",
    method: "POST",
    path: "/i/admin/settings",
    form: () => VALID_SETTINGS_FORM,
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => async () =>
      expect((await settingsOf(own.storeId))!.displayName).toBe(VALID_SETTINGS_FORM.displayName),
  },
  {
    name: "advanced settings",
    method: "POST",
    path: "/i/admin/advanced-settings",
    form: () => ({ categories: "Forjada" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => async () =>
      expect((await settingsOf(own.storeId))!.customCategories).toEqual(["Forjada"]),
  },
  {
    name: "order settings",
    method: "POST",
    path: "/i/admin/order-settings",
    form: () => ({ intent: "payment", paymentMethods: "cash" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => async () =>
      expect((await settingsOf(own.storeId))!.paymentMethods).toEqual(["cash"]),
  },
  {
    name: "opening hours",
    method: "POST",
    path: "/i/admin/shop-rules",
    form: () => VALID_HOURS_FORM,
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => async () =>
      expect((await settingsOf(own.storeId))!.outsideHours).toBe("schedule"),
  },
  {
    name: "pause",
    method: "POST",
    path: "/i/admin/pause",
    form: () => ({ intent: "pause", message: "Volvemos pronto", minutes: "60" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => {
      await db.update(storeSettings).set({ pausedAt: null }).where(eq(storeSettings.storeId, own.storeId));
      return async () => expect((await settingsOf(own.storeId))!.pausedAt).not.toBeNull();
    },
  },
  {
    name: "product create",
    method: "POST",
    path: "/i/admin/products",
    form: () => ({ intent: "create", name: "Forjado", description: "Pan", price: "10", unit: "pieza" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => {
      const before = await productCount(own.storeId);
      return async () => expect(await productCount(own.storeId)).toBe(before + 1);
    },
  },
  {
    name: "product availability",
    method: "POST",
    path: "/i/admin/products",
    form: (t) => ({ intent: "set-availability", productId: t.productId, available: "false" }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
    ownerEffect: async (own) => async () =>
      expect((await rowOf(db.select().from(products).where(eq(products.id, own.productId))))!.available).toBe(
        false,
      ),
  },
  {
    name: "promotions page",
    method: "GET",
    path: "/i/admin?tab=promociones",
    dataPath: "/i/admin.data?tab=promociones",
    allowed: ["owner", "otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "promotion create",
    method: "POST",
    path: "/i/admin/promotions",
    form: () => ({
      intent: "create-code",
      code: `FORJA${randomBytes(3).toString("hex")}`,
      kind: "percent",
      value: "10",
    }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => {
      const before = (await db.select().from(discountCodes).where(eq(discountCodes.storeId, own.storeId)))
        .length;
      return async () =>
        expect(
          (await db.select().from(discountCodes).where(eq(discountCodes.storeId, own.storeId))).length,
        ).toBe(before + 1);
    },
  },
  {
    name: "promotion pause",
    method: "POST",
    path: "/i/admin/promotions",
    // Each target's product has a code of the same id (promotionFor).
    form: (t) => ({ intent: "pause", kind: "code", id: t.productId }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
    ownerEffect: async (own) => async () =>
      expect(
        (await rowOf(db.select().from(discountCodes).where(eq(discountCodes.id, own.productId))))!.paused,
      ).toBe(true),
  },
  {
    name: "product delete",
    method: "POST",
    path: "/i/admin/products",
    form: (t) => ({ intent: "delete", productId: t.productId }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
    ownerEffect: async (own) => async () =>
      expect(await db.select().from(products).where(eq(products.id, own.productId))).toEqual([]),
  },
  {
    name: "order completion",
    method: "POST",
    path: "/i/admin/orders",
    form: (t) => ({ intent: "complete", orderId: t.orderId }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
    ownerEffect: async (own) => async () =>
      expect((await rowOf(db.select().from(orders).where(eq(orders.id, own.orderId))))!.status).toBe(
        "completed",
      ),
  },
  {
    name: "trial",
    method: "POST",
    path: "/i/admin/trial",
    form: () => ({}),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerOfItsOwn: true,
    ownerEffect: async (own) => async () =>
      expect(
        (await rowOf(db.select().from(stores).where(eq(stores.id, own.storeId))))!.trialExpiration,
      ).not.toBeNull(),
  },
  {
    name: "own domain",
    method: "POST",
    path: "/i/admin/custom-domain",
    form: () => ({ intent: "remove" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "upload",
    method: "POST",
    path: "/i/admin/upload",
    multipart: () => {
      const form = new FormData();
      form.set("kind", "product-images");
      form.set("file", new Blob([photo], { type: "image/jpeg" }), "foto.jpg");
      return form;
    },
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async () => {
      const [before] = await db.select({ n: count() }).from(imageUploads);
      return async () => {
        const [after] = await db.select({ n: count() }).from(imageUploads);
        expect(after!.n).toBe(before!.n + 1);
      };
    },
  },
  // The catalogue in bulk (docs/decisions/035).
  {
    name: "catalogue export (CSV)",
    method: "GET",
    path: "/i/admin/productos.csv",
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "catalogue export (XLSX)",
    method: "GET",
    path: "/i/admin/productos.xlsx",
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "catalogue import",
    method: "POST",
    path: "/i/admin/products/import",
    multipart: () => {
      const form = new FormData();
      form.set("intent", "apply");
      const name = `Importado ${randomBytes(4).toString("hex")}`;
      form.set("file", new Blob([`Nombre,Descripción,Precio\n${name},Pan,10\n`]), "productos.csv");
      return form;
    },
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => {
      const before = await productCount(own.storeId);
      return async () => expect(await productCount(own.storeId)).toBe(before + 1);
    },
  },
  {
    name: "bulk edit",
    method: "POST",
    path: "/i/admin/products/bulk",
    form: (t) => ({ productId: t.productId, change: "availability", available: "false" }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
    ownerEffect: async (own) => async () =>
      expect((await rowOf(db.select().from(products).where(eq(products.id, own.productId))))!.available).toBe(
        false,
      ),
  },
  // Push notifications: the owner's devices and test notifications.
  {
    name: "push devices",
    method: "GET",
    path: "/i/admin/push",
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "push subscribe",
    method: "POST",
    path: "/i/admin/push",
    form: () => ({ intent: "subscribe", ...newDevice(), device: "Chrome en Android" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => {
      const before = await devicesOf(own.storeId);
      return async () => expect(await devicesOf(own.storeId)).toHaveLength(before.length + 1);
    },
  },
  {
    name: "push device removal",
    method: "POST",
    path: "/i/admin/push",
    form: (t) => ({ intent: "remove", id: String(t.deviceId) }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
    ownerEffect: async (own) => async () =>
      expect((await devicesOf(own.storeId)).map((device) => device.id)).not.toContain(own.deviceId),
  },
  {
    name: "push test notification",
    method: "POST",
    path: "/i/admin/push",
    form: () => ({ intent: "test" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerEffect: async (own) => {
      const before = await queuedPushes(own.storeId);
      const devices = (await devicesOf(own.storeId)).length;
      return async () => expect(await queuedPushes(own.storeId)).toBe(before + devices);
    },
  },
  {
    name: "kitchen ticket",
    method: "GET",
    // Owner A's order: another owner's ticket for it is not found in their own store.
    get path() {
      return `/i/admin/pedidos/${victim.orderId}/ticket`;
    },
    get dataPath() {
      return `/i/admin/pedidos/${victim.orderId}/ticket.data`;
    },
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner"],
  },
  {
    name: "share poster",
    method: "GET",
    path: "/i/admin/share/poster.pdf",
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  // The Cuenta area is every signed-in user's own; its store parts are the owner's.
  {
    name: "account page",
    method: "GET",
    path: "/i/cuenta",
    dataPath: "/i/cuenta.data",
    allowed: ["owner", "otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "account password",
    method: "POST",
    path: "/i/cuenta/contrasena",
    // A's own password: a forged post still only reaches the caller's account, where it is wrong.
    form: (t) => ({ currentPassword: t.password, newPassword: "una-clave-forjada-1" }),
    allowed: ["owner", "otherOwner", "superadmin"],
    refusal: 404,
    ownerOfItsOwn: true,
  },
  {
    name: "account e-mail",
    method: "POST",
    path: "/i/cuenta/correo",
    form: (t) => ({
      newEmail: `nuevo-${randomBytes(4).toString("hex")}@example.com`,
      currentPassword: t.password,
    }),
    allowed: ["owner", "otherOwner", "superadmin"],
    refusal: 404,
  },
  {
    name: "account sessions",
    method: "POST",
    path: "/i/cuenta/sesiones",
    form: (t) => ({ intent: "end", sessionId: t.sessionId }),
    allowed: ["owner"],
    refusal: 404,
    domainRefusal: ["otherOwner", "superadmin"],
    ownerEffect: async (own) => async () =>
      expect(await db.select().from(authSession).where(eq(authSession.id, own.sessionId))).toEqual([]),
  },
  {
    name: "data export",
    method: "GET",
    path: "/i/cuenta/exportar",
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "close store",
    method: "POST",
    path: "/i/cuenta/cerrar-tienda",
    // Another owner's post closes nothing: their own store's id was not typed.
    form: (t) => ({ confirmStoreId: t.storeId }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
    ownerOfItsOwn: true,
    ownerEffect: async (own) => async () =>
      expect(
        (await rowOf(db.select().from(stores).where(eq(stores.id, own.storeId))))!.closedAt,
      ).not.toBeNull(),
  },
  {
    name: "new-order e-mail",
    method: "POST",
    path: "/i/admin/order-email",
    form: () => ({ enabled: "true" }),
    allowed: ["owner", "otherOwner"],
    refusal: 404,
  },
  {
    name: "super-admin page",
    method: "GET",
    path: "/i/super-admin",
    dataPath: "/i/super-admin.data",
    allowed: ["superadmin"],
    refusal: 403,
  },
  {
    name: "super-admin page action",
    method: "POST",
    path: "/i/super-admin",
    dataPath: "/i/super-admin.data",
    form: (t) => ({ intent: "set-visibility", storeId: t.storeId, hidden: "true" }),
    allowed: ["superadmin"],
    refusal: 403,
    changesVictim: true,
  },
  {
    name: "super-admin JSON action",
    method: "POST",
    path: "/i/super-admin/actions",
    form: (t) => ({ intent: "set-visibility", storeId: t.storeId, hidden: "true" }),
    allowed: ["superadmin"],
    refusal: 403,
    changesVictim: true,
  },
];

const cookies: Record<Caller, string | null> = {
  anonymous: null,
  owner: null,
  otherOwner: null,
  superadmin: null,
};

beforeAll(async () => {
  // On Pro, so that its own advanced settings are allowed and every product it adds fits.
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
  });
  // On the Negocio trial, so that its own advanced settings are allowed.
  const other = await createStore(db, { trialExpiration: new Date(Date.now() + 86_400_000) });
  const otherOwner = await createOwner(db, { storeId: other.id });
  const superadmin = await createOwner(db, { role: "superadmin" });
  cookies.otherOwner = await signIn(running.server.url, otherOwner.email, otherOwner.password);
  cookies.superadmin = await signIn(running.server.url, superadmin.email, superadmin.password);
});

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
 * The owner's own target: for most endpoints owner A with a new product, order, device and session
 * of A's store, so that A's data the forged requests aim at stays as it was; for those that end a
 * session, an account or a trial, a new owner of a new store.
 */
async function ownTarget(endpoint: Endpoint): Promise<{ cookie: string; target: Target }> {
  let storeId = victim.storeId;
  let userId = victim.userId;
  let password = victim.password;
  let cookie = cookies.owner!;
  if (endpoint.ownerOfItsOwn) {
    const store = await createStore(db);
    const owner = await createOwner(db, { storeId: store.id });
    cookie = await signIn(running.server.url, owner.email, owner.password);
    ({ id: userId, password } = owner);
    storeId = store.id;
  }
  const product = await createProduct(db, storeId, { available: true });
  const order = await createOrder(db, storeId, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
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
  if (endpoint.name === "account sessions") {
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
    target: { storeId, productId: product.id, orderId: order.id, deviceId: saved!.id, sessionId, password },
  };
}

let requests = 0;
function request(endpoint: Endpoint, caller: Caller, kind: Kind, target: Target, cookie: string | null) {
  const singleFetch = kind === "json" && endpoint.dataPath !== undefined;
  requests += 1;
  const headers: Record<string, string> = {
    // React Router's own client asks for `.data` with no particular type; our scripts ask for JSON.
    Accept: singleFetch ? "*/*" : kind === "json" ? "application/json" : "text/html,application/xhtml+xml",
    Origin: running.server.url,
    "X-Forwarded-For": `10.9.${requests >> 8}.${requests & 255}`,
  };
  if (cookie) headers.cookie = cookie;
  const body = endpoint.multipart
    ? endpoint.multipart(target)
    : endpoint.form
      ? new URLSearchParams(endpoint.form(target))
      : undefined;
  const controller = new AbortController();
  const path = kind === "json" && endpoint.dataPath ? endpoint.dataPath : endpoint.path;
  return fetch(`${running.server.url}${path}`, {
    method: endpoint.method,
    headers,
    body,
    redirect: "manual",
    signal: controller.signal,
  }).then((response) => ({ response, stop: () => controller.abort() }));
}

/** Owner A's data that forged requests aim at. */
async function victimState() {
  const [product] = await db.select().from(products).where(eq(products.id, victim.productId));
  const [order] = await db.select().from(orders).where(eq(orders.id, victim.orderId));
  const [store] = await db.select().from(stores).where(eq(stores.id, victim.storeId));
  const [user] = await db.select().from(authUser).where(eq(authUser.id, victim.userId));
  const [account] = await db.select().from(authAccount).where(eq(authAccount.userId, victim.userId));
  const sessions = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(eq(authSession.userId, victim.userId))
    .orderBy(authSession.id);
  return {
    product,
    order,
    store,
    user,
    password: account?.password,
    settings: await settingsOf(victim.storeId),
    products: await productCount(victim.storeId),
    // Whether a push arrived is the job worker's to record, whoever asked for the push.
    devices: (await devicesOf(victim.storeId)).map(
      ({ lastDeliveryAt: _delivered, lastFailureAt: _failed, ...device }) => device,
    ),
    pushes: await queuedPushes(victim.storeId),
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

const CALLERS = ["anonymous", "owner", "otherOwner", "superadmin"] as const;
const cases = ENDPOINTS.flatMap((endpoint) =>
  CALLERS.flatMap((caller) => (["document", "json"] as const).map((kind) => ({ endpoint, caller, kind }))),
);

describe("the guards of every admin, Cuenta and super-admin loader and action", () => {
  it.each(cases.map((c) => [c.endpoint.name, c.caller, c.kind, c] as const))(
    "%s, asked by %s as %s",
    async (_name, _caller, _kind, { endpoint, caller, kind }) => {
      const allowed = endpoint.allowed.includes(caller);
      if (caller === "owner" && allowed) return ownerSucceeds(endpoint, kind);
      const before = await victimState();
      const countsBefore = allowed ? null : await rowCounts(db);
      const { response, stop } = await request(endpoint, caller, kind, victim, cookies[caller]);
      const singleFetch = kind === "json" && endpoint.dataPath !== undefined;
      try {
        if (singleFetch) {
          // The router's client follows the redirect or renders the page's 403/404 boundary.
          if (caller === "anonymous") {
            expect(response.status).toBe(202);
            expect(await response.text()).toContain('"redirect","/i/login"');
          } else if (allowed) {
            expect(response.status).toBe(200);
          } else {
            expect(response.status).toBe(endpoint.refusal);
          }
        } else if (caller === "anonymous") {
          if (kind === "document") {
            expect(response.status).toBe(302);
            expect(response.headers.get("location")).toBe("/i/login");
          } else {
            expect(response.status).toBe(401);
            expect(await response.json()).toEqual({ ok: false, message: GUARD_MESSAGES.signInRequired });
          }
        } else if (allowed) {
          expect([401, 403, 404]).not.toContain(response.status);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(endpoint.refusal);
          const expected = endpoint.refusal === 403 ? NO_PERMISSION_MESSAGE : undefined;
          if (kind === "json") {
            const body = (await response.json()) as { ok: boolean; message: string };
            expect(body.ok).toBe(false);
            if (expected) expect(body.message).toBe(expected);
          } else if (!endpoint.domainRefusal?.includes(caller)) {
            // The guard's Spanish page. (A forged post that passes the guards and is refused by
            // the domain answers its JSON 404 to every caller: that endpoint only serves scripts.)
            expect(response.headers.get("content-type")).toMatch(/text\/html/);
            const html = await response.text();
            expect(html).toContain(endpoint.refusal === 403 ? "No tienes permiso" : "No encontramos");
          }
        }
      } finally {
        stop();
      }
      if (!(allowed && endpoint.changesVictim)) expect(await victimState()).toEqual(before);
      if (countsBefore) expect(changedCounts(countsBefore, await rowCounts(db))).toEqual({});
    },
  );
});

/** The owner's own request, on their own data: answered as a success, and it did what it says. */
async function ownerSucceeds(endpoint: Endpoint, kind: Kind) {
  const { cookie, target } = await ownTarget(endpoint);
  const check = await endpoint.ownerEffect?.(target);
  const { response, stop } = await request(endpoint, "owner", kind, target, cookie);
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
