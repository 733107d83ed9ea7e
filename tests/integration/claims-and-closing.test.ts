/**
 * Claim links, export, closing a store and new-order e-mails (docs/decisions/017) on a real
 * PostgreSQL and the built server: claim links are single use under 10 simultaneous claims, expire
 * after 7 days and never give a second store to an owner; the export holds every product and order
 * of the owner's store and nothing of another; closing a store removes it from every public page,
 * deletes its images, keeps its orders' totals without the shoppers' data, deletes the account, and
 * frees the id after 30 days; the super-admin erases one shopper's data by order number; the
 * new-order e-mail is off by default and, when on, arrives over SMTP.
 */
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import {
  authUser,
  customDomains,
  jobs,
  orderLines,
  orders,
  products,
  storeClaims,
  storeOwners,
  stores,
  storeSettings,
} from "~/db/schema";
import { thumbnailKey } from "~/domain/images/image-urls";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { storeImage } from "~/domain/images/store-image.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { LOGIN_MESSAGES } from "~/domain/auth/login.server";
import { CLAIM_MESSAGES } from "~/domain/super-admin/claim";
import { claimForUser, claimWithSignup, createClaimLink, findClaim } from "~/domain/super-admin/claim.server";
import { CLOSE_STORE_MESSAGES } from "~/domain/stores/close-store";
import { purgeClosedStores } from "~/domain/stores/close-store.server";
import { createUserlessStore } from "~/domain/super-admin/operator-stores.server";
import { AppError } from "~/lib/errors";
import { randomId } from "~/lib/ids";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { photoLikeJpeg } from "../support/photo";
import { startSmtpServer } from "../support/smtp";

const { db, url: databaseUrl } = await createTestDatabase();
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const http = useServerProcess(databaseUrl, { SMTP_URL: smtp.url, TRUST_PROXY: "loopback" });
const ORIGIN = "http://localhost:3000";
const PASSWORD = "contrasena-de-la-tienda";
/** Accounts that never sign in here need no real hash. */
const NO_LOGIN = { passwordHash: "scrypt$1024$8$1$AAAA$AAAA" };

async function userlessStoreWithLink(now = new Date()) {
  const store = await createStore(db);
  const admin = await createOwner(db, { ...NO_LOGIN, role: SUPERADMIN_ROLE });
  const { url } = await createClaimLink(db, { storeId: store.id, createdBy: admin.id, origin: ORIGIN }, now);
  return { store, token: url.split("/").pop()! };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return "claimed";
}

describe("claim links", () => {
  it("of 10 simultaneous claims exactly one wins", async () => {
    const { store, token } = await userlessStoreWithLink();
    const users = await Promise.all(Array.from({ length: 10 }, () => createOwner(db, NO_LOGIN)));
    const outcomes = await Promise.all(
      users.map((user) => refusal(claimForUser(db, { token, userId: user.id }))),
    );
    expect(outcomes.filter((outcome) => outcome === "claimed")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === CLAIM_MESSAGES.used)).toHaveLength(9);
    const owners = await db.select().from(storeOwners).where(eq(storeOwners.storeId, store.id));
    expect(owners).toHaveLength(1);
    expect(users[outcomes.indexOf("claimed")]!.id).toBe(owners[0]!.userId);
    expect((await findClaim(db, token)).status).toBe("used");
  });

  it("a claim with a new account leaves no account behind when another claim won", async () => {
    const { store, token } = await userlessStoreWithLink();
    const emails = Array.from({ length: 3 }, () => `reclama-${randomId(8)}@example.com`);
    const outcomes = await Promise.all(
      emails.map((email) => refusal(claimWithSignup(db, { token, email, password: "una-clave-segura-9" }))),
    );
    expect(outcomes.filter((outcome) => outcome === "claimed")).toHaveLength(1);
    const accounts = await Promise.all(emails.map((email) => db.$count(authUser, eq(authUser.email, email))));
    expect(accounts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await db.$count(storeOwners, eq(storeOwners.storeId, store.id))).toBe(1);
  });

  it("lasts 7 days", async () => {
    const sixDaysAgo = new Date(Date.now() - 6.9 * 24 * 60 * 60 * 1000);
    const eightDaysAgo = new Date(Date.now() - 7.01 * 24 * 60 * 60 * 1000);
    const fresh = await userlessStoreWithLink(sixDaysAgo);
    const old = await userlessStoreWithLink(eightDaysAgo);
    const user = await createOwner(db, NO_LOGIN);
    expect((await findClaim(db, old.token)).status).toBe("expired");
    expect(await refusal(claimForUser(db, { token: old.token, userId: user.id }))).toBe(
      CLAIM_MESSAGES.expired,
    );
    expect(await refusal(claimForUser(db, { token: fresh.token, userId: user.id }))).toBe("claimed");
  });

  it("refuses an owner who already has a store, and the link stays good for someone else", async () => {
    const { store, token } = await userlessStoreWithLink();
    const own = await createStore(db);
    const owner = await createOwner(db, { ...NO_LOGIN, storeId: own.id });
    expect(await refusal(claimForUser(db, { token, userId: owner.id }))).toBe(
      CLAIM_MESSAGES.alreadyOwner(own.id),
    );
    expect((await findClaim(db, token)).status).toBe("valid");
    const newcomer = await createOwner(db, NO_LOGIN);
    expect(await refusal(claimForUser(db, { token, userId: newcomer.id }))).toBe("claimed");
    expect((await db.select().from(storeOwners).where(eq(storeOwners.storeId, store.id)))[0]?.userId).toBe(
      newcomer.id,
    );
  });

  it("is made only for a store without an owner, keeps only a hash, and a new link replaces the old one", async () => {
    const { store, token } = await userlessStoreWithLink();
    expect(await db.$count(storeClaims, eq(storeClaims.tokenHash, token))).toBe(0);
    const admin = await createOwner(db, { ...NO_LOGIN, role: SUPERADMIN_ROLE });
    const second = await createClaimLink(db, { storeId: store.id, createdBy: admin.id, origin: ORIGIN });
    expect((await findClaim(db, token)).status).toBe("unknown");
    const user = await createOwner(db, NO_LOGIN);
    await claimForUser(db, { token: second.url.split("/").pop()!, userId: user.id });
    await expect(
      createClaimLink(db, { storeId: store.id, createdBy: admin.id, origin: ORIGIN }),
    ).rejects.toThrow(CLAIM_MESSAGES.storeTaken);
  });
});

/** An owner's store in the directory's city with a photo, a logo and orders with shoppers' data. */
async function openStore() {
  const storage = createLocalStorage(path.join(http.dataDir, "uploads"));
  const store = await createStore(db, { displayName: `Panadería ${randomId(4)}` });
  const owner = await createOwner(db, { storeId: store.id, password: PASSWORD });
  const photo = await storeImage(storage, {
    kind: "product-images",
    storeId: store.id,
    bytes: await photoLikeJpeg(900, 600),
  });
  const logo = await storeImage(storage, {
    kind: "store-logos",
    storeId: store.id,
    bytes: await photoLikeJpeg(400, 400),
  });
  await db
    .update(storeSettings)
    .set({ logoKey: logo.key, phone: "4491234567", contactEmail: "hola@panaderia.mx" })
    .where(eq(storeSettings.storeId, store.id));
  const concha = await createProduct(db, store.id, {
    name: "Concha de vainilla",
    price: 14,
    imageKey: photo.key,
  });
  const bolillo = await createProduct(db, store.id, { name: 'Bolillo, "el de siempre"', price: 3.5 });
  const line = (product: typeof concha, quantity = 1) => ({
    productId: product.id,
    name: product.name,
    price: product.price,
    unit: product.unit,
    quantity,
  });
  const placed = [
    await createOrder(db, store.id, {
      customerName: "Ana López",
      customerPhone: "4497654321",
      deliveryType: "delivery",
      address: "Calle Madero 12, Centro",
      comments: "Tocar el timbre",
      lines: [line(concha, 6), line(bolillo, 10)],
      // 18:40 of 20 November in Mexico City; completed at 19:05.
      createdAt: new Date("2026-11-21T00:40:00Z"),
      status: "completed",
      completedAt: new Date("2026-11-21T01:05:00Z"),
    }),
    await createOrder(db, store.id, { customerName: '=HYPERLINK("x")', lines: [line(bolillo, 2)] }),
  ];
  return { store, owner, photo, logo, products: [concha, bolillo], orders: placed, storage };
}

async function get(pathname: string, cookie = "") {
  return fetch(`${http.server.url}${pathname}`, { headers: { cookie }, redirect: "manual" });
}

describe("Tus datos: export", () => {
  it("is a ZIP of CSV files and JSON with every product and order of the owner's store and none of another", async () => {
    const mine = await openStore();
    const theirs = await openStore();
    const cookie = await signIn(http.server.url, mine.owner.email, PASSWORD);
    const response = await get("/i/cuenta/exportar", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`attachment; filename="tianguis-${mine.store.id}-`),
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "LEEME.txt",
      "facturas.csv",
      "pedidos-productos.csv",
      "pedidos.csv",
      "productos.csv",
      "tienda.json",
    ]);
    const text = (name: string) => strFromU8(files[name]!);

    for (const product of mine.products) expect(text("productos.csv")).toContain(product.id);
    expect(text("productos.csv")).toContain('"Bolillo, ""el de siempre"""');
    for (const order of mine.orders) expect(text("pedidos.csv")).toContain(order.id);
    // A shopper's name is never a formula in the owner's spreadsheet.
    expect(text("pedidos.csv")).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text("pedidos-productos.csv").trim().split("\r\n")).toHaveLength(1 + 3);
    // A spreadsheet reads it in Spanish: UTF-8 with a BOM (so accents show; the decoder above drops it),
    // Spanish headers and values.
    for (const name of ["productos.csv", "pedidos.csv", "pedidos-productos.csv"]) {
      expect(Array.from(files[name]!.subarray(0, 3)), name).toEqual([0xef, 0xbb, 0xbf]);
    }
    const [header, ...rows] = text("pedidos.csv").trim().split("\r\n");
    expect(header).toBe(
      "Número,Fecha (hora de CDMX),Estado,Cliente,Teléfono,Entrega,Dirección,Zona,Comentarios,Pago,Envío,Total,Programado para (hora de CDMX),Completado (hora de CDMX),Descuento,Promociones,Propina,Total a pagar,Estado del pago",
    );
    const delivered = rows.find((row) => row.startsWith(mine.orders[0]!.id))!;
    // The times on Mexico City's clock, as Excel reads a date and time; not UTC.
    expect(delivered).toContain(
      `${mine.orders[0]!.id},2026-11-20 18:40,completada,Ana López,4497654321,entrega,`,
    );
    expect(delivered).toContain(",,2026-11-20 19:05,");
    expect(text("productos.csv").split("\r\n")[0]).toBe(
      "ID,Nombre,Descripción,Precio,Unidad,Disponible,Categoría,Opciones,Grupos de opciones,Imagen,Creado (hora de CDMX)",
    );
    expect(text("productos.csv")).toMatch(/,pieza,sí,/);
    expect(text("pedidos-productos.csv").split("\r\n")[0]).toBe(
      "Pedido,Posición,ID del producto,Producto,Opción,Elecciones,Cantidad,Unidad,Precio,Importe",
    );
    const json = JSON.parse(text("tienda.json")) as {
      tienda: { id: string };
      productos: { id: string }[];
      pedidos: { id: string; total: number; productos: unknown[] }[];
    };
    expect(json.tienda.id).toBe(mine.store.id);
    expect(json.productos.map((product) => product.id).sort()).toEqual(mine.products.map((p) => p.id).sort());
    expect(json.pedidos.map((order) => order.id).sort()).toEqual(mine.orders.map((o) => o.id).sort());
    expect(json.pedidos.find((order) => order.id === mine.orders[0]!.id)?.productos).toHaveLength(2);

    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const order of theirs.orders) expect(everything).not.toContain(order.id);
    for (const product of theirs.products) expect(everything).not.toContain(product.id);
    expect(everything).not.toContain(theirs.store.id);

    expect((await get("/i/cuenta/exportar")).status).toBe(302);
  });
});

describe("Cerrar mi tienda", () => {
  it("needs the store's id typed; then the store, its images and its shoppers' data are gone, totals stay", async () => {
    const { store, owner, photo, logo, orders: placed } = await openStore();
    const cookie = await signIn(http.server.url, owner.email, PASSWORD);
    const close = (confirmStoreId: string) =>
      fetch(`${http.server.url}/i/cuenta/cerrar-tienda`, {
        method: "POST",
        body: new URLSearchParams({ confirmStoreId }),
        headers: { cookie, Accept: "application/json" },
      });
    // A verified domain of its own goes with it.
    await db.insert(customDomains).values({
      storeId: store.id,
      host: `pedidos.${store.id}.mx`,
      token: "t".repeat(32),
      status: "verified",
    });
    const imageUrls = [photo.key, thumbnailKey(photo.key, 400), logo.key].map((key) => `/media/${key}`);
    for (const url of imageUrls) expect((await get(url)).status).toBe(200);
    expect(await (await get("/c/aguascalientes")).text()).toContain(store.id);

    const mistyped = await close("otra-tienda");
    expect(mistyped.status).toBe(400);
    expect(await mistyped.json()).toMatchObject({
      fieldErrors: { confirmStoreId: CLOSE_STORE_MESSAGES.confirmation(store.id) },
    });
    expect((await get(`/${store.id}`)).status).toBe(200);

    const closed = await close(store.id);
    expect(await closed.json()).toMatchObject({ ok: true, next: "/i/tienda-cerrada" });

    // Every public page forgets it at once.
    const page = await get(`/${store.id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Esta tienda cerró");
    expect((await get(`/s/${store.id}`)).status).toBe(404);
    expect(await (await get("/c/aguascalientes")).text()).not.toContain(store.id);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(store.id);
    const tracking = await get(`/s/${store.id}/pedido/${placed[0]!.id}`);
    expect(tracking.status).toBe(404);
    // The images are deleted by the job worker through the storage interface.
    for (const url of imageUrls) await expect.poll(async () => (await get(url)).status).toBe(404);

    // The orders keep what was bought and for how much; nobody's name, phone or address.
    const kept = await db.select().from(orders).where(eq(orders.storeId, store.id));
    expect(kept.map((order) => order.total).sort()).toEqual(placed.map((order) => order.total).sort());
    for (const order of kept) {
      expect(order).toMatchObject({ customerName: "", customerPhone: "", address: "", comments: "" });
      expect(order.personalDataErasedAt).not.toBeNull();
    }
    expect(await db.$count(orderLines, eq(orderLines.storeId, store.id))).toBe(3);
    expect(await db.$count(products, eq(products.storeId, store.id))).toBe(0);
    expect(await db.$count(customDomains, eq(customDomains.storeId, store.id))).toBe(0);
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, store.id));
    expect(settings).toMatchObject({ phone: "", contactEmail: "", logoKey: null });

    // The account is gone: its session and its password no longer work.
    expect(await db.$count(authUser, eq(authUser.id, owner.id))).toBe(0);
    expect((await get("/i/admin", cookie)).status).toBe(302);
    const login = await fetch(`${http.server.url}/i/login`, {
      method: "POST",
      body: new URLSearchParams({ email: owner.email, password: PASSWORD }),
      redirect: "manual",
    });
    expect(login.status).toBe(401);
    const farewell = await smtp.waitFor(owner.email, /Cerramos tu tienda/);
    expect(farewell.text).toContain(`/${store.id}`);
  });

  it("holds the id for 30 days, then frees it", async () => {
    const { store, owner } = await openStore();
    const cookie = await signIn(http.server.url, owner.email, PASSWORD);
    await fetch(`${http.server.url}/i/cuenta/cerrar-tienda`, {
      method: "POST",
      body: new URLSearchParams({ confirmStoreId: store.id }),
      headers: { cookie, Accept: "application/json" },
    });
    const again = {
      storeId: store.id,
      displayName: "Otra",
      storeCategory: "sweets",
      cityId: "aguascalientes",
      intent: "create-store" as const,
    };
    await expect(createUserlessStore(db, again)).rejects.toThrow("ya está en uso");
    expect(await purgeClosedStores(db, new Date(Date.now() + 29 * 24 * 60 * 60 * 1000))).not.toContain(
      store.id,
    );
    expect(await purgeClosedStores(db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000))).toContain(store.id);
    expect(await db.$count(orders, eq(orders.storeId, store.id))).toBe(0);
    await createUserlessStore(db, again);
    expect(await db.$count(stores, eq(stores.id, store.id))).toBe(1);
  });

  it("refuses another owner's session: each closes only their own store", async () => {
    const mine = await openStore();
    const theirs = await openStore();
    const cookie = await signIn(http.server.url, theirs.owner.email, PASSWORD);
    const attempt = await fetch(`${http.server.url}/i/cuenta/cerrar-tienda`, {
      method: "POST",
      body: new URLSearchParams({ confirmStoreId: mine.store.id }),
      headers: { cookie, Accept: "application/json" },
    });
    expect(attempt.status).toBe(400);
    expect((await get(`/${mine.store.id}`)).status).toBe(200);
    expect((await get(`/${theirs.store.id}`)).status).toBe(200);
  });
});

describe("a shopper's erasure and the new-order e-mail", () => {
  async function superAdminCookie() {
    const admin = await createOwner(db, { role: SUPERADMIN_ROLE, password: PASSWORD });
    return signIn(http.server.url, admin.email, PASSWORD);
  }

  it("the super-admin erases one shopper's data by order number, once confirmed; the order and its total stay", async () => {
    const { store, orders: placed } = await openStore();
    const cookie = await superAdminCookie();
    const [first, second] = placed;
    const erase = (fields: Record<string, string>) =>
      fetch(`${http.server.url}/i/super-admin/actions`, {
        method: "POST",
        body: new URLSearchParams({ intent: "erase-order", ...fields }),
        headers: { cookie, Accept: "application/json" },
      });
    const typed = first!.id.toLowerCase().replaceAll("-", " ");

    // First, what would be erased, and nothing changes.
    const preview = await erase({ orderNumber: typed });
    expect(await preview.json()).toMatchObject({
      ok: true,
      message: CLOSE_STORE_MESSAGES.erasePreview(first!.id),
      erasePreview: {
        orderNumber: first!.id,
        orders: [
          {
            storeId: store.id,
            customerName: first!.customerName,
            customerPhone: first!.customerPhone,
            erasedAt: null,
          },
        ],
      },
    });
    const [kept] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, first!.id)));
    expect(kept?.customerName).toBe(first!.customerName);
    expect(kept?.personalDataErasedAt).toBeNull();
    expect((await erase({ orderNumber: typed, confirmed: "si" })).status).toBe(400);

    const answer = await erase({ orderNumber: typed, confirmed: "1" });
    expect(await answer.json()).toMatchObject({
      ok: true,
      message: CLOSE_STORE_MESSAGES.erased(first!.id, [store.id]),
    });
    const [erased] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, first!.id)));
    expect(erased).toMatchObject({ customerName: "", customerPhone: "", address: "", total: first!.total });
    const [untouched] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, store.id), eq(orders.id, second!.id)));
    expect(untouched?.customerName).toBe(second!.customerName);

    // Asked again, the preview says the data is gone.
    const again = (await (await erase({ orderNumber: first!.id })).json()) as {
      erasePreview: { orders: { customerName: string; erasedAt: string | null }[] };
    };
    expect(again.erasePreview.orders).toEqual([
      expect.objectContaining({ customerName: "", erasedAt: expect.any(String) }),
    ]);

    for (const confirmed of [{}, { confirmed: "1" }] as Record<string, string>[]) {
      const unknown = await erase({ orderNumber: "ZZZZ-ZZZZ-ZZZZZ", ...confirmed });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({
        fieldErrors: { orderNumber: CLOSE_STORE_MESSAGES.orderNotFound },
      });
    }
  });

  it("is off by default; turned on, a new order's e-mail arrives, and erasing the order empties it", async () => {
    const quiet = await openStore();
    const {
      store,
      owner,
      products: [concha],
    } = await openStore();
    const cookie = await signIn(http.server.url, owner.email, PASSWORD);
    const toggle = await fetch(`${http.server.url}/i/admin/order-email`, {
      method: "POST",
      body: new URLSearchParams({ enabled: "true" }),
      headers: { cookie, Accept: "application/json" },
    });
    expect(await toggle.json()).toMatchObject({ ok: true });

    const order = (storeId: string, productId: string) =>
      fetch(`${http.server.url}/s/${storeId}/api`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": `198.18.0.${Math.floor(Math.random() * 200) + 1}`,
        },
        body: JSON.stringify({
          intent: "place-order",
          form: {
            customerName: "Beto Ruiz",
            customerPhone: "",
            deliveryType: "pickup",
            address: "",
            comments: "",
            idempotencyKey: `clave-${randomId(16)}`,
            lines: [{ productId, variation: "", quantity: 2, price: 0 }],
          },
        }),
      });
    const placed = (await (await order(store.id, concha!.id)).json()) as { order: { number: string } };
    await order(quiet.store.id, quiet.products[0]!.id);
    const mail = await smtp.waitFor(owner.email, new RegExp(placed.order.number));
    expect(mail.fromName).toBe(store.settings.displayName);
    expect(mail.text).toContain("Beto");
    expect(mail.text).toContain("Concha de vainilla");
    expect(mail.text).toContain("/i/admin?tab=ordenes_pendientes");
    expect(smtp.to(quiet.owner.email)).toEqual([]);

    // The sent message no longer holds the shopper's name once their data is erased.
    const admin = await superAdminCookie();
    await fetch(`${http.server.url}/i/super-admin/actions`, {
      method: "POST",
      body: new URLSearchParams({ intent: "erase-order", orderNumber: placed.order.number, confirmed: "1" }),
      headers: { cookie: admin, Accept: "application/json" },
    });
    const kept = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "mail.send"));
    expect(kept.map((job) => JSON.stringify(job.payload)).join("\n")).not.toContain("Beto");
  });
});

describe("claim links over HTTP", () => {
  function postClaim(token: string, form: Record<string, string>, cookie = "") {
    return fetch(`${http.server.url}/i/reclamar/${token}`, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { cookie },
      redirect: "manual",
    });
  }
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  const ownerOf = async (storeId: string) =>
    (await db.select().from(storeOwners).where(eq(storeOwners.storeId, storeId)))[0]?.userId;

  it("an account without a store claims it by logging in on the link's page, and the link is used up", async () => {
    const { store, token } = await userlessStoreWithLink();
    const user = await createOwner(db, { password: PASSWORD });
    const offered = await get(`/i/reclamar/${token}`);
    expect(offered.status).toBe(200);
    expect(offered.headers.get("cache-control")).toBe("private, no-store");
    expect(await offered.text()).toContain("Entrar y reclamar la tienda");

    const wrong = await postClaim(token, {
      intent: "login",
      email: user.email,
      password: "no-es-la-clave-1",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(LOGIN_MESSAGES.invalid);
    expect(await ownerOf(store.id)).toBeUndefined();

    const claimed = await postClaim(token, { intent: "login", email: user.email, password: PASSWORD });
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe("/i/admin");
    expect(await ownerOf(store.id)).toBe(user.id);
    const admin = await get("/i/admin", cookieOf(claimed));
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain(`/${store.id}`);

    const used = await get(`/i/reclamar/${token}`);
    expect(await used.text()).toContain(CLAIM_MESSAGES.used);
  });

  it("an owner who logs in on the link is signed in, keeps one store, and the page says why", async () => {
    const { store, token } = await userlessStoreWithLink();
    const own = await createStore(db);
    const owner = await createOwner(db, { storeId: own.id, password: PASSWORD });
    const answer = await postClaim(token, { intent: "login", email: owner.email, password: PASSWORD });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/i/reclamar/${token}`);
    const page = await get(`/i/reclamar/${token}`, cookieOf(answer));
    expect(await page.text()).toContain(CLAIM_MESSAGES.alreadyOwner(own.id));
    expect(await ownerOf(store.id)).toBeUndefined();
    expect((await findClaim(db, token)).status).toBe("valid");
  });

  it("an expired, an unknown and a used link each say so in Spanish, and claim nothing", async () => {
    const expired = await userlessStoreWithLink(new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    const used = await userlessStoreWithLink();
    await claimForUser(db, { token: used.token, userId: (await createOwner(db, NO_LOGIN)).id });
    const cases = [
      [expired.token, CLAIM_MESSAGES.expired],
      ["enlace-que-nadie-creo", CLAIM_MESSAGES.unknown],
      [used.token, CLAIM_MESSAGES.used],
    ] as const;
    for (const [token, message] of cases) {
      const page = await get(`/i/reclamar/${token}`);
      const html = await page.text();
      expect(html, token).toContain(message);
      expect(html, token).not.toContain("Crear cuenta y reclamar la tienda");
      expect(page.headers.get("cache-control")).toBe("private, no-store");

      const email = `tarde-${randomId(8)}@example.com`;
      const signup = await postClaim(token, { intent: "signup", email, password: "una-clave-segura-9" });
      expect(signup.status, token).toBe(409);
      expect(await signup.text(), token).toContain(message);
      expect(await db.$count(authUser, eq(authUser.email, email))).toBe(0);
    }
    expect(await ownerOf(expired.store.id)).toBeUndefined();
  });
});
