/**
 * While the database cannot be reached, a shopper and an owner in the real browser meet a Spanish
 * sentence that says to try again, never the error page in place of what they typed; once it is
 * back, the same tap goes through (the order under one number). A page that needs the database is
 * the friendly Spanish page with 503 and Retry-After. Against a server and database of this file's
 * own, made to refuse connections (`ALLOW_CONNECTIONS false` and every backend ended).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, createClient, type DatabaseConnection } from "~/db/client.server";
import { createProduct } from "~/db/factories.server";
import { orders } from "~/db/schema";
import { ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { SETTINGS_MESSAGES } from "~/domain/stores/settings-form";
import { OUTAGE_MESSAGE } from "~/lib/errors";
import { newPhonePage, signedInOwner, uniqueSuffix, useBrowser } from "../support/browser";
import { withDatabase } from "../support/global-database";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const browser = useBrowser();
const adminUrl = inject("e2eDatabaseUrl");
const databaseName = `tianguis_e2e_outage_${process.pid}_${uniqueSuffix()}`;
const state = {} as { server: ServerProcess; connection: DatabaseConnection; dataDir: string };

async function asAdmin(statement: string) {
  const admin = createClient({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The database refuses every connection of the server until `restore`. */
async function takeDatabaseAway() {
  await state.connection.close();
  await asAdmin(`alter database ${databaseName} allow_connections false`);
  await asAdmin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
  );
}

async function bringDatabaseBack() {
  await asAdmin(`alter database ${databaseName} allow_connections true`);
  state.connection = connectDatabase(withDatabase(adminUrl, databaseName), { max: 2 });
}

beforeAll(async () => {
  await asAdmin(`create database ${databaseName}`);
  state.dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-e2e-outage-"));
  state.server = await startServerProcess({
    env: {
      DATABASE_URL: withDatabase(adminUrl, databaseName),
      DATA_DIR: state.dataDir,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
    },
  });
  state.connection = connectDatabase(withDatabase(adminUrl, databaseName), { max: 2 });
});

afterAll(async () => {
  await asAdmin(`alter database ${databaseName} allow_connections true`).catch(() => {});
  await state.connection?.close();
  await state.server?.stop();
  await asAdmin(`drop database if exists ${databaseName} with (force)`);
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
});

describe("a database that cannot be reached", () => {
  it("a shopper's order says to try again and keeps the cart; the same tap after it is back places one order", async () => {
    const page = await newPhonePage(browser.browser, state.server.url);
    const { storeId } = await signedInOwner(page.context(), state.connection.db, {
      settings: { allowPickup: true },
    });
    await page.context().clearCookies();
    await createProduct(state.connection.db, storeId, { id: "concha", name: "Concha", price: 14 });
    await page.goto(`/${storeId}`);
    await page.getByRole("article", { name: "Concha" }).getByRole("button", { name: "Agregar" }).click();
    await expect.poll(() => page.getByTestId("cart-status").textContent()).toBe("Carrito: 1 artículo");
    await page.getByRole("tab", { name: /Carrito/ }).click();
    await page.getByRole("radio", { name: /Recoger en tienda/ }).check();
    await page.getByLabel("Nombre").fill("Ana");

    await takeDatabaseAway();
    try {
      const answer = page.waitForResponse((response) => response.url().endsWith(`/s/${storeId}/api`));
      await page.getByRole("button", { name: /Hacer pedido/ }).click();
      expect((await answer).status()).toBe(503);
      expect((await answer).headers()["retry-after"]).toBe("5");
      await page.getByText(ORDER_MESSAGES.busy).waitFor();
      expect(await page.getByLabel("Nombre").inputValue()).toBe("Ana");
    } finally {
      await bringDatabaseBack();
    }

    await page.getByRole("button", { name: /Hacer pedido/ }).click();
    await page.getByRole("heading", { name: "¡Pedido recibido!" }).waitFor();
    const rows = await state.connection.db.select().from(orders).where(eq(orders.storeId, storeId));
    expect(rows).toHaveLength(1);
    expect(await page.getByTestId("order-number").textContent()).toBe(rows[0]!.id);
    await page.context().close();
  });

  it("an owner's form says so with Reintentar, keeps what was typed, and the retry saves once it is back", async () => {
    const page = await newPhonePage(browser.browser, state.server.url);
    await signedInOwner(page.context(), state.connection.db);
    await page.goto("/i/admin?tab=configuracion");
    await page.locator("main[data-hydrated]").waitFor();
    const name = `Panadería ${uniqueSuffix()}`;
    await page.getByLabel("Nombre de la tienda").fill(name);

    await takeDatabaseAway();
    try {
      const answer = page.waitForResponse((response) => response.url().endsWith("/i/admin/settings"));
      await page.getByRole("button", { name: "Guardar configuración" }).click();
      expect((await answer).status()).toBe(503);
      expect(await (await answer).json()).toEqual({ ok: false, message: OUTAGE_MESSAGE });
      // This form's fixed failure sentence, with Reintentar; the answer itself says why.
      await page.getByRole("alert").filter({ hasText: SETTINGS_MESSAGES.failed }).waitFor();
      await page.getByRole("button", { name: "Reintentar" }).waitFor();
      expect(await page.getByText("Algo salió mal").count()).toBe(0);
      expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe(name);

      // A page that needs the database: the friendly Spanish page, 503 with Retry-After.
      const other = await page.context().newPage();
      const response = await other.goto("/i/admin?tab=productos");
      expect(response!.status()).toBe(503);
      expect(response!.headers()["retry-after"]).toBe("5");
      await other.getByRole("heading", { name: "Algo salió mal" }).waitFor();
      await other.getByText("Intenta de nuevo en unos momentos.").waitFor();
      await other.close();
    } finally {
      await bringDatabaseBack();
    }

    await page.getByRole("button", { name: "Reintentar" }).click();
    await page.getByRole("status").filter({ hasText: "Configuración guardada exitosamente" }).waitFor();
    await page.reload();
    expect(await page.getByLabel("Nombre de la tienda").inputValue()).toBe(name);
    await page.context().close();
  });
});
