/**
 * Account recovery and claim links (docs/decisions/017) in the real browser, against a server of
 * this file's own that sends its e-mail to an SMTP server started here: a forgotten password is
 * reset from the link in the e-mail and the new one signs in; the super-admin creates a claim link
 * for a store without an owner, a new user claims it through that link, and the admin panel shows
 * the store as theirs.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connectDatabase, type DatabaseConnection, createClient } from "~/db/client.server";
import { createOwner, createStore } from "~/db/factories.server";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { expectAccessible, newPhonePage, uniqueSuffix, useBrowser } from "../support/browser";
import { withDatabase } from "../support/global-database";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../support/smtp";

const browser = useBrowser();
const state = {} as {
  server: ServerProcess;
  smtp: TestSmtpServer;
  connection: DatabaseConnection;
  dataDir: string;
};
const databaseName = `tianguis_e2e_mail_${process.pid}_${uniqueSuffix()}`;
const adminUrl = inject("e2eDatabaseUrl");

beforeAll(async () => {
  const admin = createClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, databaseName);
  state.smtp = await startSmtpServer();
  state.dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-e2e-mail-"));
  state.server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: state.dataDir,
      DEMO_DATA: "false",
      SMTP_URL: state.smtp.url,
      MAIL_FROM: "avisos@tianguis.test",
      LOG_LEVEL: "warn",
    },
  });
  state.connection = connectDatabase(databaseUrl, { max: 4 });
});

afterAll(async () => {
  await state.connection?.close();
  await state.server?.stop();
  await state.smtp?.close();
  const admin = createClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
});

const page = () => newPhonePage(browser.browser, state.server.url);

describe("account recovery and claiming a store", () => {
  it("forgot password → the e-mail's link → a new password → login", async () => {
    const store = await createStore(state.connection.db, { displayName: "Tortillería La Güera" });
    const owner = await createOwner(state.connection.db, { storeId: store.id, password: "la-de-antes-123" });
    const tab = await page();
    await tab.goto("/i/login");
    await tab.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
    await tab.waitForURL("**/i/olvide-contrasena");
    await tab.getByLabel("Correo electrónico").fill(owner.email);
    await tab.getByRole("button", { name: "Enviar enlace" }).click();
    await tab.getByText("Si existe una cuenta con ese correo").waitFor();
    await expectAccessible(tab);

    const mail = await state.smtp.waitFor(owner.email, /Restablece/);
    await tab.goto(linkIn(mail, "/i/restablecer/"));
    await tab.getByRole("heading", { name: "Elige una nueva contraseña" }).waitFor();
    await expectAccessible(tab);
    await tab.getByLabel("Nueva contraseña", { exact: true }).fill("la-nueva-de-hoy-456");
    await tab.getByLabel("Repite la nueva contraseña").fill("la-nueva-de-hoy-456");
    await tab.getByRole("button", { name: "Guardar mi nueva contraseña" }).click();
    await tab.waitForURL("**/i/login?aviso=contrasena");
    await tab.getByText("Listo: tu contraseña cambió").waitFor();

    await tab.getByPlaceholder("Correo electrónico").fill(owner.email);
    await tab.getByPlaceholder("Contraseña").fill("la-nueva-de-hoy-456");
    await tab.getByRole("button", { name: "Entrar" }).click();
    await tab.waitForURL("**/i/admin");
    await tab.locator("summary", { hasText: "Tu tienda" }).click();
    await tab.getByText(`${state.server.url}/${store.id}`).first().waitFor();

    // The Cuenta area from the panel's header.
    await tab.getByRole("link", { name: "Cuenta", exact: true }).click();
    await tab.waitForURL("**/i/cuenta");
    await tab.getByRole("heading", { name: "Tu cuenta" }).waitFor();
    await tab.getByText("Esta sesión").waitFor();
    await expectAccessible(tab);
    await tab.context().close();
  });

  it("super-admin creates a claim link → a new user claims the store → the admin shows it", async () => {
    const { db } = state.connection;
    const userless = await createStore(db, { displayName: "Nevería Polar", id: `neveria-${uniqueSuffix()}` });
    const admin = await createOwner(db, { role: SUPERADMIN_ROLE, password: "super-admin-789" });

    const operator = await page();
    await operator.goto("/i/login");
    await operator.getByPlaceholder("Correo electrónico").fill(admin.email);
    await operator.getByPlaceholder("Contraseña").fill("super-admin-789");
    await operator.getByRole("button", { name: "Entrar" }).click();
    await operator.waitForURL("**/i/admin");
    // A super-admin without a store is sent on, not left at a dead end.
    await operator.getByRole("link", { name: "Ir al panel de Super administración" }).click();
    await operator.waitForURL("**/i/super-admin");
    await operator.locator("main[data-hydrated]").waitFor();
    // The stores nobody owns have a list of their own; a search stays within it.
    await operator.getByRole("link", { name: /^Tiendas sin dueño \(\d+\)$/ }).click();
    await operator.waitForURL("**/i/super-admin?sin-dueno=1");
    await operator.getByLabel("Buscar tienda").fill(userless.id);
    await operator.getByRole("button", { name: "Buscar" }).click();
    await operator.waitForURL(`**/i/super-admin?sin-dueno=1&tienda=${userless.id}`);
    const row = operator
      .getByRole("list", { name: "Lista de tiendas sin dueño" })
      .getByRole("listitem", { name: "Nevería Polar" });
    const newcomer = `dueno-${uniqueSuffix()}@example.com`;
    await row.getByLabel("Enviar a (opcional)").fill(newcomer);
    await row.getByRole("button", { name: "Crear enlace para reclamar Nevería Polar" }).click();
    const shown = await row.getByLabel("Enlace para reclamar Nevería Polar", { exact: true }).inputValue();
    expect(shown).toMatch(new RegExp(`^${state.server.url}/i/reclamar/`));
    await expectAccessible(operator);
    const mail = await state.smtp.waitFor(newcomer, /Nevería Polar/);
    expect(linkIn(mail, "/i/reclamar/")).toBe(shown);
    await operator.context().close();

    const business = await page();
    await business.goto(shown);
    await business.getByText("está lista para tu negocio").waitFor();
    await expectAccessible(business);
    const signup = business.getByRole("form", { name: "Crea tu cuenta" });
    await signup.getByLabel("Correo electrónico").fill(newcomer);
    await signup.getByLabel("Contraseña").fill("mi-neveria-2030");
    await business.getByRole("button", { name: "Crear cuenta y reclamar la tienda" }).click();
    await business.waitForURL("**/i/admin");
    await business.locator("summary", { hasText: "Tu tienda" }).click();
    await business.getByText(`${state.server.url}/${userless.id}`).first().waitFor();
    await expect.poll(() => business.title()).toContain("Panel");
    expect(await business.locator("header").textContent()).toContain("Nevería Polar");
    await business.context().close();

    // Used once: the link now says so.
    const late = await page();
    await late.goto(shown);
    await late.getByText("Este enlace ya se usó").waitFor();
    await late.context().close();
  });
});
