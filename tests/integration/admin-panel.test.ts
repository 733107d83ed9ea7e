/**
 * The admin panel's actions through the real HTTP server (the built app in its own process):
 * plan limits under concurrency, the one-time trial, and owner B's forged posts against owner
 * A's data, which must be refused and change no row.
 */
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createOrder,
  createOwner,
  createProduct,
  createStore,
  type CreateStoreInput,
} from "~/db/factories.server";
import { orderChanges, orders, products, stores, storeSettings } from "~/db/schema";
import { imageSources, thumbnailKey } from "~/domain/images/image-urls";
import { planLimitMessage, PRODUCT_MESSAGES } from "~/domain/products/product-form";
import { TRIAL_MESSAGES } from "~/domain/stores/plan";
import { createTestDatabase } from "../support/database";
import { signIn as signInOver, uploadPhoto, useServerProcess } from "../support/http-server";
import { openOrderStream, placeStorefrontOrder } from "../support/order-stream";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);

const signIn = (email: string, password: string) => signInOver(running.server.url, email, password);

async function newOwner(input: CreateStoreInput = {}) {
  const store = await createStore(db, input);
  const owner = await createOwner(db, { storeId: store.id });
  return { store, cookie: await signIn(owner.email, owner.password) };
}

function post(pathname: string, cookie: string | null, fields: [string, string][]) {
  return fetch(`${running.server.url}${pathname}`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const validSettings = (overrides: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    displayName: "Tienda falsificada",
    description: "cambiada",
    contactEmail: "b@example.com",
    facebookUrl: "",
    instagramUrl: "",
    twitterUrl: "",
    phone: "4490000000",
    cityId: "aguascalientes",
    primaryColor: "#000000",
    secondaryColor: "#000000",
    backgroundColor: "#000000",
    panelBackgroundColor: "#000000",
    productBackgroundColor: "#000000",
    allowPickup: "on",
    pickupInstructions: "nada",
    ...overrides,
  });

const productFields = (overrides: Record<string, string> = {}): [string, string][] =>
  Object.entries({ name: "Pan", description: "Rico", price: "10", unit: "pieza", ...overrides });

async function availableCount(storeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.available, true)));
  return row!.n;
}

describe("plan limit", () => {
  it("30 simultaneous enable requests at the limit never exceed it", async () => {
    const { store, cookie } = await newOwner(); // starter: 10
    for (let i = 0; i < 9; i++) await createProduct(db, store.id, { available: true });
    const disabled = await Promise.all(
      Array.from({ length: 30 }, () => createProduct(db, store.id, { available: false })),
    );
    const responses = await Promise.all(
      disabled.map((product) =>
        post("/i/admin/products", cookie, [
          ["intent", "set-availability"],
          ["productId", product.id],
          ["available", "true"],
        ]),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const refused = await responses.find((response) => response.status === 409)!.json();
    expect(refused.message).toBe(planLimitMessage(10));
    expect(await availableCount(store.id)).toBe(10);
  });

  it("adding an available product at the limit is refused with the exact message", async () => {
    const { store, cookie } = await newOwner();
    for (let i = 0; i < 10; i++) await createProduct(db, store.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post("/i/admin/products", cookie, [["intent", "create"], ...productFields()]),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(409);
      expect((await response.json()).message).toBe(
        "Has alcanzado el límite de productos disponibles para tu plan (10). Mejora tu plan para habilitar más productos.",
      );
    }
    expect(await availableCount(store.id)).toBe(10);
  });

  it("a basic trial allows 50; simultaneous adds stop exactly there", async () => {
    const { store, cookie } = await newOwner({ trialExpiration: new Date(Date.now() + 86_400_000) });
    for (let i = 0; i < 45; i++) await createProduct(db, store.id);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        post("/i/admin/products", cookie, [["intent", "create"], ...productFields()]),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
    expect(await availableCount(store.id)).toBe(50);
  });
});

describe("trial", () => {
  it("starts once; a second request is refused, also when ten arrive together", async () => {
    const { store, cookie } = await newOwner();
    const responses = await Promise.all(Array.from({ length: 10 }, () => post("/i/admin/trial", cookie, [])));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const [row] = await db.select().from(stores).where(eq(stores.id, store.id));
    const firstExpiry = row!.trialExpiration!;
    expect(Math.round((firstExpiry.getTime() - Date.now()) / 86_400_000)).toBe(30);

    const again = await post("/i/admin/trial", cookie, []);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(TRIAL_MESSAGES.alreadyUsed);
    const [after] = await db.select().from(stores).where(eq(stores.id, store.id));
    expect(after!.trialExpiration).toEqual(firstExpiry);
  });

  it("a store whose trial ended cannot start another", async () => {
    const { cookie } = await newOwner({ trialExpiration: new Date(Date.now() - 86_400_000) });
    expect((await post("/i/admin/trial", cookie, [])).status).toBe(409);
  });
});

describe("owner B's forged posts against owner A", () => {
  async function snapshot(storeId: string) {
    const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, storeId));
    const productRows = await db
      .select()
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(products.id);
    const orderRows = await db.select().from(orders).where(eq(orders.storeId, storeId)).orderBy(orders.id);
    return { store, settings, productRows, orderRows };
  }

  it("every action of the panel is refused and changes no row of A", async () => {
    const a = await newOwner({
      trialExpiration: new Date(Date.now() + 86_400_000),
      settings: { customCategories: ["Pan"] },
    });
    const b = await newOwner({ trialExpiration: new Date(Date.now() + 86_400_000) });
    const product = await createProduct(db, a.store.id, { available: true, name: "De A" });
    const hidden = await createProduct(db, a.store.id, { available: false, name: "Oculto de A" });
    const order = await createOrder(db, a.store.id, {
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    const before = await snapshot(a.store.id);

    const forged: [string, [string, string][]][] = [
      [
        "/i/admin/products",
        [["intent", "update"], ["productId", product.id], ...productFields({ name: "Hackeado" })],
      ],
      [
        "/i/admin/products",
        [
          ["intent", "set-availability"],
          ["productId", product.id],
          ["available", "false"],
        ],
      ],
      [
        "/i/admin/products",
        [
          ["intent", "set-availability"],
          ["productId", hidden.id],
          ["available", "true"],
        ],
      ],
      [
        "/i/admin/products",
        [
          ["intent", "delete"],
          ["productId", product.id],
        ],
      ],
      [
        "/i/admin/orders",
        [
          ["intent", "complete"],
          ["orderId", order.id],
        ],
      ],
      [
        "/i/admin/orders",
        [
          ["intent", "cancel"],
          ["orderId", order.id],
        ],
      ],
      [
        "/i/admin/orders",
        [
          ["intent", "seen"],
          ["orderId", order.id],
        ],
      ],
    ];
    for (const [pathname, fields] of forged) {
      const response = await post(pathname, b.cookie, fields);
      expect(response.status, `${pathname} ${fields[0]![1]}`).toBe(404);
    }
    // Settings, categories and the trial act on the signed-in owner's own store only; a logo or
    // product image key of A's store is refused.
    expect((await post("/i/admin/settings", b.cookie, validSettings())).status).toBe(200);
    expect((await post("/i/admin/advanced-settings", b.cookie, [["categories", "Falsa"]])).status).toBe(200);
    const aLogo = `store-logos/${a.store.id}/${"a".repeat(20)}.webp`;
    expect((await post("/i/admin/settings", b.cookie, validSettings({ logoKey: aLogo }))).status).toBe(400);
    const aImage = `product-images/${a.store.id}/${"b".repeat(20)}.webp`;
    expect(
      (
        await post("/i/admin/products", b.cookie, [
          ["intent", "create"],
          ...productFields({ imageKey: aImage }),
        ])
      ).status,
    ).toBe(400);
    await post("/i/admin/trial", b.cookie, []);

    expect(await snapshot(a.store.id)).toEqual(before);
    const [bSettings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, b.store.id));
    expect(bSettings).toMatchObject({
      displayName: "Tienda falsificada",
      customCategories: ["Falsa"],
      logoKey: null,
    });
  });

  it("B cannot point its own product at A's image, so deleting that product leaves A's files alone", async () => {
    const a = await newOwner();
    const b = await newOwner();
    const aImage = await uploadPhoto(running.server.url, a.cookie, "product-images");
    const created = await post("/i/admin/products", a.cookie, [
      ["intent", "create"],
      ...productFields({ name: "Concha de A", imageKey: aImage }),
    ]);
    expect(created.status).toBe(200);
    const bProduct = await createProduct(db, b.store.id, { name: "Pan de B" });
    const pointed = await post("/i/admin/products", b.cookie, [
      ["intent", "update"],
      ["productId", bProduct.id],
      ...productFields({ name: "Pan de B", imageKey: aImage }),
    ]);
    expect(pointed.status).toBe(400);
    expect(await pointed.json()).toMatchObject({
      ok: false,
      fieldErrors: { imageKey: PRODUCT_MESSAGES.image },
    });
    const [unchanged] = await db.select().from(products).where(eq(products.id, bProduct.id));
    expect(unchanged!.imageKey).toBeNull();

    const deleted = await post("/i/admin/products", b.cookie, [
      ["intent", "delete"],
      ["productId", bProduct.id],
    ]);
    expect(deleted.status).toBe(200);
    for (const key of [aImage, thumbnailKey(aImage, 200), thumbnailKey(aImage, 400)]) {
      const served = await fetch(`${running.server.url}${imageSources(key).full}`);
      expect(served.status, key).toBe(200);
    }
  });

  it("an owner's live order stream carries their own store's orders and never another's", async () => {
    const a = await newOwner();
    const b = await newOwner();
    const aProduct = await createProduct(db, a.store.id, { available: true });
    const bProduct = await createProduct(db, b.store.id, { available: true });
    const base = running.server.url;
    const aStream = openOrderStream(base, a.cookie);
    const bStream = openOrderStream(base, b.cookie);
    try {
      await aStream.until(() => aStream.connections === 1, 15_000, "A's stream");
      await bStream.until(() => bStream.connections === 1, 15_000, "B's stream");
      // The stores' orders take turns. A stream fed another store's events gets them in the order
      // the server sends them, on one connection: whatever went to B's stream for A's second order
      // went out before A's own stream had it, so before B's next order, which is placed after that.
      const first = await placeStorefrontOrder(base, a.store.id, aProduct.id, "Para A");
      const forB = await placeStorefrontOrder(base, b.store.id, bProduct.id, "Para B");
      const secondForA = await placeStorefrontOrder(base, a.store.id, aProduct.id, "Otra para A");
      await aStream.until(() => aStream.createdOrders().includes(secondForA), 15_000, "A's orders");
      const secondForB = await placeStorefrontOrder(base, b.store.id, bProduct.id, "Otra para B");
      await bStream.until(() => bStream.createdOrders().includes(secondForB), 15_000, "B's orders");
      expect(aStream.events.map((event) => event.orderId)).toEqual([first, secondForA]);
      expect(bStream.events.map((event) => event.orderId)).toEqual([forB, secondForB]);
    } finally {
      aStream.close();
      bStream.close();
    }
  });

  it('"Visto" is kept on the order, once: the alarm stops for it on every panel', async () => {
    const a = await newOwner();
    const product = await createProduct(db, a.store.id, { available: true });
    const order = await createOrder(db, a.store.id, {
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    const seen = [
      ["intent", "seen"],
      ["orderId", order.id],
    ] as [string, string][];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post("/i/admin/orders", a.cookie, seen)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const [row] = await db.select().from(orders).where(eq(orders.storeId, a.store.id));
    expect(row!.seenAt).toBeInstanceOf(Date);
    expect(row!.status).toBe("pending");
    // One change announced, however many presses arrived together.
    const changes = await db.select().from(orderChanges).where(eq(orderChanges.storeId, a.store.id));
    expect(changes.map((change) => [change.type, change.orderId])).toEqual([["order.updated", order.id]]);
    const missing = await post("/i/admin/orders", a.cookie, [
      ["intent", "seen"],
      ["orderId", "NO-EXISTE"],
    ]);
    expect(missing.status).toBe(404);
  });

  it("anonymous posts and the event stream go to the login page and change nothing", async () => {
    const a = await newOwner();
    const product = await createProduct(db, a.store.id, { available: true });
    const before = await snapshot(a.store.id);
    for (const pathname of [
      "/i/admin/products",
      "/i/admin/orders",
      "/i/admin/settings",
      "/i/admin/advanced-settings",
      "/i/admin/trial",
    ]) {
      const response = await post(pathname, null, [
        ["intent", "delete"],
        ["productId", product.id],
      ]);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/i/login");
    }
    const stream = await fetch(`${running.server.url}/i/admin/orders/stream`, { redirect: "manual" });
    expect(stream.status).toBe(302);
    expect(await snapshot(a.store.id)).toEqual(before);
  });

  it("a signed-in user without a store gets 404 from every action", async () => {
    const user = await createOwner(db, { storeId: null });
    const cookie = await signIn(user.email, user.password);
    for (const pathname of ["/i/admin/products", "/i/admin/orders", "/i/admin/settings", "/i/admin/trial"]) {
      expect((await post(pathname, cookie, [["intent", "create"]])).status).toBe(404);
    }
  });
});

describe("settings through the server", () => {
  it("applies the same rules as the form and merges what the form left out", async () => {
    const { store, cookie } = await newOwner({
      settings: { deliveryInstructions: "Zona centro", customCategories: ["Pan"] },
    });
    const noOption = await post(
      "/i/admin/settings",
      cookie,
      validSettings({ allowPickup: "" }).filter(([key]) => key !== "allowPickup"),
    );
    expect(noOption.status).toBe(400);
    expect(await noOption.json()).toMatchObject({
      ok: false,
      message: "No se pudo guardar la configuración.",
      fieldErrors: { allowPickup: "Debes permitir al menos una opción de entrega o recoleccion." },
    });
    // Every refused field is answered, not only the first.
    const several = await post(
      "/i/admin/settings",
      cookie,
      validSettings({ phone: "449", requireWhatsappConfirmation: "on", facebookUrl: "no es url" }),
    );
    expect(several.status).toBe(400);
    const { fieldErrors } = (await several.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(fieldErrors).length).toBeGreaterThanOrEqual(2);
    expect(fieldErrors).toHaveProperty("facebookUrl");
    const whatsapp = await post(
      "/i/admin/settings",
      cookie,
      validSettings({ phone: "449", requireWhatsappConfirmation: "on" }),
    );
    expect(whatsapp.status).toBe(400);
    const badUrl = await post(
      "/i/admin/settings",
      cookie,
      validSettings({ facebookUrl: "javascript:alert(1)" }),
    );
    expect(badUrl.status).toBe(400);
    const badCity = await post("/i/admin/settings", cookie, validSettings({ cityId: "atlantida" }));
    expect(badCity.status).toBe(400);

    const longAddress = await post(
      "/i/admin/settings",
      cookie,
      validSettings({ pickupAddress: "a".repeat(201) }),
    );
    expect(longAddress.status).toBe(400);
    expect(await longAddress.json()).toMatchObject({
      fieldErrors: { pickupAddress: "La dirección puede tener como máximo 200 caracteres." },
    });

    const saved = await post(
      "/i/admin/settings",
      cookie,
      validSettings({ cityId: "leon", primaryColor: "#AA0000", pickupAddress: " Madero 12, Centro " }),
    );
    expect(saved.status).toBe(200);
    expect((await saved.json()).message).toBe("Configuración guardada exitosamente");
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, store.id));
    expect(settings).toMatchObject({
      primaryColor: "#aa0000",
      pickupAddress: "Madero 12, Centro",
      deliveryInstructions: "Zona centro",
      customCategories: ["Pan"],
      allowDelivery: false,
    });
    const [row] = await db.select().from(stores).where(eq(stores.id, store.id));
    expect(row!.cityId).toBe("leon");
  });

  it("refuses advanced settings on Emprendedor, and saves them on Pro, which includes Negocio", async () => {
    const starter = await newOwner({});
    const refused = await post("/i/admin/advanced-settings", starter.cookie, [["categories", "Pan"]]);
    expect(refused.status).toBe(403);
    const [unchanged] = await db
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.storeId, starter.store.id));
    expect(unchanged!.customCategories).toEqual([]);

    const pro = await newOwner({ licenceType: "premier", licenceExpires: new Date(Date.now() + 86_400_000) });
    const saved = await post("/i/admin/advanced-settings", pro.cookie, [["categories", "Pan"]]);
    expect(saved.status).toBe(200);
    const [settings] = await db.select().from(storeSettings).where(eq(storeSettings.storeId, pro.store.id));
    expect(settings!.customCategories).toEqual(["Pan"]);
  });
});

describe("product categories through the server", () => {
  // On Negocio (the trial) a product's category must be one of the store's own list.
  const negocio = () =>
    newOwner({
      trialExpiration: new Date(Date.now() + 86_400_000),
      settings: { customCategories: ["Pan", "Pasteles"] },
    });
  const storeProducts = (storeId: string) =>
    db.select().from(products).where(eq(products.storeId, storeId)).orderBy(products.id);

  it("creating a product with a category not in the store's list is a 400 next to the field; nothing is added", async () => {
    const { store, cookie } = await negocio();
    const refused = await post("/i/admin/products", cookie, [
      ["intent", "create"],
      ...productFields({ category: "Inventada" }),
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      fieldErrors: { category: PRODUCT_MESSAGES.category },
    });
    expect(await storeProducts(store.id)).toEqual([]);

    const accepted = await post("/i/admin/products", cookie, [
      ["intent", "create"],
      ...productFields({ category: "Pasteles" }),
    ]);
    expect(accepted.status).toBe(200);
    expect((await storeProducts(store.id)).map((product) => product.category)).toEqual(["Pasteles"]);
  });

  it("editing a product to a category not in the store's list is a 400 next to the field; the product is unchanged", async () => {
    const { store, cookie } = await negocio();
    const product = await createProduct(db, store.id, { name: "Concha", category: "Pan" });
    const before = await storeProducts(store.id);
    const refused = await post("/i/admin/products", cookie, [
      ["intent", "update"],
      ["productId", product.id],
      ...productFields({ name: "Concha rellena", category: "Inventada" }),
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      fieldErrors: { category: PRODUCT_MESSAGES.category },
    });
    expect(await storeProducts(store.id)).toEqual(before);

    const accepted = await post("/i/admin/products", cookie, [
      ["intent", "update"],
      ["productId", product.id],
      ...productFields({ name: "Concha rellena", category: "Pasteles" }),
    ]);
    expect(accepted.status).toBe(200);
    expect(await storeProducts(store.id)).toMatchObject([{ name: "Concha rellena", category: "Pasteles" }]);
  });
});

describe("a long pending list", () => {
  it("says how many orders wait and reaches every one of them, 100 more at a time", async () => {
    const { store, cookie } = await newOwner();
    const product = await createProduct(db, store.id, { name: "Concha", price: 14 });
    // 230 pending orders, the first placed 230 minutes ago: each due a minute after the one before.
    const start = Date.now() - 230 * 60_000;
    for (let i = 0; i < 230; i++) {
      await createOrder(db, store.id, {
        id: `P${String(i).padStart(4, "0")}`,
        createdAt: new Date(start + i * 60_000),
        lines: [{ productId: product.id, name: "Concha", price: 14, unit: "pieza" }],
      });
    }
    const tab = async (query = "") => {
      const answer = await fetch(`${running.server.url}/i/admin?tab=ordenes_pendientes${query}`, {
        headers: { cookie },
      });
      expect(answer.status).toBe(200);
      // React's markers between a text's parts, which a person does not see.
      return (await answer.text()).replaceAll("<!-- -->", "");
    };
    const listed = (html: string) =>
      [...html.matchAll(/aria-label="Orden (P\d{4})"/g)].map(([, number]) => number);

    const first = await tab();
    expect(first).toContain("(230 pendientes)");
    expect(first).toContain("230 órdenes nuevas sin ver");
    expect(first).toContain("Se muestran 100 de 230 órdenes pendientes: las que toca entregar primero.");
    expect(first).toContain('href="/i/admin?tab=ordenes_pendientes&amp;mostrar=200"');
    expect(first).toContain("Ver 100 más");
    expect(new Set(listed(first))).toEqual(
      new Set(Array.from({ length: 100 }, (_, i) => `P${String(i).padStart(4, "0")}`)),
    );

    const third = await tab("&mostrar=300");
    expect(new Set(listed(third)).size).toBe(230);
    expect(listed(third)).toContain("P0229");
    expect(third).not.toContain("Se muestran");

    const second = await tab("&mostrar=200");
    expect(second).toContain("Se muestran 200 de 230");
    expect(second).toContain("Ver 30 más");
  });
});
