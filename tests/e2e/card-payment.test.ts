/**
 * Paying by card end to end in the real browser, on a phone (docs/decisions/052): the owner links
 * the store's Mercado Pago account in Configuración, a shopper orders choosing "Pagar con tarjeta o
 * Mercado Pago", approves on the checkout page — the local stand-in's, standing in for Mercado
 * Pago's — and comes back to the order's tracking page, which shows it paid. The file runs its own
 * server, pointed at the stand-in by MERCADOPAGO_API_URL, on a database of its own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createClient, connectDatabase, type DatabaseConnection } from "~/db/client.server";
import { createProduct } from "~/db/factories.server";
import { orders } from "~/db/schema";
import { expectAccessible, NEGOCIO_PLAN, newPhonePage, signedInOwner, useBrowser } from "../support/browser";
import { withDatabase } from "../support/global-database";
import { CHECKOUT_MESSAGES } from "~/domain/payments/checkout";
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from "../support/mercadopago";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { pickupForm } from "../support/shopper";

const browser = useBrowser();
const own = {} as {
  standIn: MercadoPagoStandIn;
  server: ServerProcess;
  connection: DatabaseConnection;
  dataDir: string;
  drop: () => Promise<void>;
};

beforeAll(async () => {
  own.standIn = await startMercadoPagoStandIn();
  const admin = createClient({ connectionString: inject("e2eDatabaseUrl") });
  await admin.connect();
  const name = `tianguis_card_${Math.random().toString(36).slice(2, 10)}`;
  await admin.query(`create database ${name}`);
  own.drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  const url = withDatabase(inject("e2eDatabaseUrl"), name);
  own.dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-card-"));
  own.server = await startServerProcess({
    env: {
      DATABASE_URL: url,
      DATA_DIR: own.dataDir,
      DEMO_DATA: "false",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      MERCADOPAGO_API_URL: own.standIn.url,
      // The page shows it paid through the notification or its own question, not a sweep's.
      PAYMENTS_SWEEP_SECONDS: "3600",
    },
  });
  own.connection = connectDatabase(url, { max: 2 });
});

afterAll(async () => {
  await own.connection?.close();
  await own.server?.stop();
  await own.drop?.();
  await own.standIn?.close();
  if (own.dataDir) await rm(own.dataDir, { recursive: true, force: true });
});

/**
 * A store on the Negocio plan whose owner has linked a Mercado Pago account of the stand-in, as the
 * panel's form links it (the first test walks that form).
 */
async function storeWithLinkedAccount(nickname: string, displayName: string) {
  const account = own.standIn.addAccount(nickname);
  const owner = (await newPhonePage(browser.browser, own.server.url)).context();
  const { storeId } = await signedInOwner(owner, own.connection.db, {
    displayName,
    ...NEGOCIO_PLAN,
    settings: { allowPickup: true, paymentMethods: ["cash"] },
  });
  const linked = await owner.request.post("/i/admin/mercadopago", {
    form: {
      intent: "link",
      accessToken: account.accessToken,
      publicKey: "TEST-clave-publica",
      webhookSecret: account.webhookSecret,
    },
  });
  expect(linked.status()).toBeLessThan(400);
  return storeId;
}

describe("paying by card", () => {
  it("a shopper pays with Mercado Pago and lands on the tracking page showing Pagado", async () => {
    const { db } = own.connection;
    const account = own.standIn.addAccount("TACOS_DON_MEMO");
    const ownerPage = await newPhonePage(browser.browser, own.server.url);
    const { storeId } = await signedInOwner(ownerPage.context(), db, {
      displayName: "Tacos Don Memo",
      ...NEGOCIO_PLAN,
      settings: { allowPickup: true, paymentMethods: ["cash"] },
    });
    await createProduct(db, storeId, { name: "Taco al pastor", price: 25 });

    // The owner links the account in Configuración: checked by Mercado Pago, then only its nickname shows.
    await ownerPage.goto("/i/admin?tab=configuracion");
    await ownerPage.locator("main[data-hydrated]").waitFor();
    const panel = ownerPage.getByRole("form", { name: "Tarjeta o Mercado Pago" });
    await panel.getByLabel("Access Token").fill(account.accessToken);
    await panel.getByLabel("Public Key").fill("TEST-clave-publica");
    await panel.getByLabel("Clave secreta de notificaciones (webhooks)").fill(account.webhookSecret);
    await panel.getByRole("button", { name: "Vincular cuenta" }).click();
    await ownerPage.getByText("Cuenta vinculada: TACOS_DON_MEMO").waitFor();
    await expectAccessible(ownerPage);
    expect(await ownerPage.content()).not.toContain(account.accessToken);

    // The shopper orders on a phone and chooses to pay by card.
    const shopper = await newPhonePage(browser.browser, own.server.url);
    await shopper.goto(`/${storeId}`);
    await shopper.locator("[data-hydrated]").waitFor();
    await shopper
      .getByRole("article", { name: "Taco al pastor" })
      .getByRole("button", { name: "Agregar" })
      .click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    await shopper.getByLabel("Nombre").fill("Ana López");
    await shopper.getByRole("radio", { name: "Pagar con tarjeta o Mercado Pago" }).check();
    await shopper.getByRole("button", { name: /Hacer pedido/ }).click();

    // Mercado Pago's page (the stand-in's): the payer approves.
    await shopper.waitForURL(`${own.standIn.url}/checkout/v1/redirect?**`);
    await shopper.getByRole("button", { name: "Aprobar pago" }).click();

    await shopper.waitForURL(`**/s/${storeId}/pedido/**`);
    const number = new URL(shopper.url()).pathname.split("/").at(-1)!;
    await shopper.getByText("Tarjeta o Mercado Pago · Pagado").waitFor();
    await expectAccessible(shopper);
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, number)));
    expect(order).toMatchObject({ paymentMethod: "mercadopago", status: "pending", total: 25 });
    expect(order!.paidAt).not.toBeNull();
  });

  it("a checkout Mercado Pago cannot open says so on the confirmation, and the order is paid later from its page", async () => {
    const { db } = own.connection;
    const storeId = await storeWithLinkedAccount("CAFE_LUNA", "Café Luna");
    await createProduct(db, storeId, { name: "Café de olla", price: 30 });

    const shopper = await newPhonePage(browser.browser, own.server.url);
    await shopper.goto(`/${storeId}`);
    await shopper.locator("[data-hydrated]").waitFor();
    await shopper
      .getByRole("article", { name: "Café de olla" })
      .getByRole("button", { name: "Agregar" })
      .click();
    await shopper.getByRole("tab", { name: /Carrito/ }).click();
    await shopper.getByLabel("Nombre").fill("Beto");
    await shopper.getByRole("radio", { name: "Pagar con tarjeta o Mercado Pago" }).check();
    own.standIn.control.failPreferences = true;
    try {
      await shopper.getByRole("button", { name: /Hacer pedido/ }).click();
      await shopper.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
      await shopper.getByRole("alert").filter({ hasText: CHECKOUT_MESSAGES.unavailable }).waitFor();
      await expectAccessible(shopper);
    } finally {
      own.standIn.control.failPreferences = false;
    }

    await shopper.getByRole("link", { name: "Ir a mi pedido" }).click();
    await shopper.getByRole("button", { name: CHECKOUT_MESSAGES.payNow }).click();
    await shopper.waitForURL(`${own.standIn.url}/checkout/v1/redirect?**`);
    await shopper.getByRole("button", { name: "Aprobar pago" }).click();
    await shopper.waitForURL(`**/s/${storeId}/pedido/**`);
    await shopper.getByText("Tarjeta o Mercado Pago · Pagado").waitFor();
  });

  it("without JavaScript, Pagar ahora gives a link to Mercado Pago, and the order comes back paid", async () => {
    const { db } = own.connection;
    const { storeId, order } = await cardOrderWaiting("PAN_SIN_JS", "Panadería Sin JS");
    // The shopper opens the order's page on a browser without JavaScript (an old phone, a data saver).
    const context = await browser.browser.newContext({
      baseURL: own.server.url,
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    try {
      const shopper = await context.newPage();
      await shopper.goto(`/s/${storeId}/pedido/${order.number}`);
      await shopper.getByRole("heading", { name: "Esperando pago" }).waitFor();
      await shopper.getByRole("button", { name: CHECKOUT_MESSAGES.payNow }).click();
      await shopper.getByRole("status").filter({ hasText: CHECKOUT_MESSAGES.readyToPay }).waitFor();
      await shopper.getByRole("link", { name: CHECKOUT_MESSAGES.continueToPay }).click();
      await shopper.waitForURL(`${own.standIn.url}/checkout/v1/redirect?**`);
      await shopper.getByText("Total: $40.00").waitFor();
      await shopper.getByRole("button", { name: "Aprobar pago" }).click();
      await shopper.waitForURL(`**/s/${storeId}/pedido/**`);
      await shopper.getByText("Tarjeta o Mercado Pago · Pagado").waitFor();
      const [row] = await db
        .select({ paidAt: orders.paidAt })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, order.number)));
      expect(row?.paidAt).toBeInstanceOf(Date);
    } finally {
      await context.close();
    }
  });

  it("a tap on Pagar ahora before the page's script has started still ends at Mercado Pago once it starts", async () => {
    const { storeId, order } = await cardOrderWaiting("TAP_TEMPRANO", "Tortillería Temprano");
    const shopper = await newPhonePage(browser.browser, own.server.url);
    // The page's scripts wait until the tap has posted the page (a slow phone line).
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await shopper.route("**/assets/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await shopper.goto(`/s/${storeId}/pedido/${order.number}`, { waitUntil: "commit" });
    await shopper.getByRole("button", { name: CHECKOUT_MESSAGES.payNow }).click();
    await shopper.getByRole("status").filter({ hasText: CHECKOUT_MESSAGES.readyToPay }).waitFor();
    releaseScripts();
    await shopper.waitForURL(`${own.standIn.url}/checkout/v1/redirect?**`);
    await shopper.getByText("Total: $40.00").waitFor();
    // "Back" returns to the order's page, which stays, with its button.
    await shopper.goBack();
    await shopper.getByRole("button", { name: CHECKOUT_MESSAGES.payNow }).waitFor();
    expect(new URL(shopper.url()).pathname).toBe(`/s/${storeId}/pedido/${order.number}`);
  });
});

/** A store with a linked account and a card order of $40 placed as the storefront places it, waiting. */
async function cardOrderWaiting(nickname: string, displayName: string) {
  const storeId = await storeWithLinkedAccount(nickname, displayName);
  const bolillo = await createProduct(own.connection.db, storeId, { name: "Bolillo", price: 4 });
  const placed = await fetch(`${own.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: own.server.url },
    body: JSON.stringify({
      intent: "place-order",
      form: { ...pickupForm([{ productId: bolillo.id, quantity: 10 }]), paymentMethod: "mercadopago" },
    }),
  });
  expect(placed.status).toBe(200);
  const { order } = (await placed.json()) as { order: { number: string } };
  return { storeId, order };
}
