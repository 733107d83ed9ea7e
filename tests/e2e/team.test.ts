/**
 * A team behind the counter, at a phone's width (docs/decisions/033): the owner invites a cajero
 * from the Equipo tab, the cajero opens the e-mail's link, creates an account and joins, sees only
 * the order tabs and completes an order, and the owner's history says who completed it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { jobs } from "~/db/schema";
import { MAIL_JOB } from "~/domain/mail/mail.server";
import { TEAM_MESSAGES } from "~/domain/team/invitations";
import {
  expectAccessible,
  NEGOCIO_PLAN,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { expectFits } from "../support/layout";

const browser = useBrowser();
const db = useE2eDatabase();

async function gotoAdmin(page: Page, tab: string) {
  await page.goto(`/i/admin?tab=${tab}`);
  await page.locator("main[data-hydrated]").waitFor();
}

/** The invitation's link, read from the e-mail the mail queue holds for `email`. */
async function invitationLink(email: string) {
  let link = "";
  await expect
    .poll(async () => {
      const [mail] = await db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'to' = ${email}`));
      link = /\/i\/invitacion\/[A-Za-z0-9_-]+/.exec(JSON.stringify(mail?.payload ?? ""))?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

describe("a team behind the counter", () => {
  it("the owner invites a cajero, who joins, sees only the orders and their own alarm, completes one; the owner sees who", async () => {
    const owner = await newPhonePage(browser.browser, browser.baseUrl);
    const { storeId } = await signedInOwner(owner.context(), db, NEGOCIO_PLAN);
    const product = await createProduct(db, storeId, { name: "Concha", available: true });
    const order = await createOrder(db, storeId, {
      customerName: "Lucía Compradora",
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });

    await gotoAdmin(owner, "equipo");
    await owner.getByText("Aún no hay nadie más en tu equipo.").waitFor();
    await owner.getByText("No hay invitaciones pendientes.").waitFor();
    const email = `cajero-${uniqueSuffix()}@example.com`;
    const inviteForm = owner.getByRole("form", { name: "Invitar a alguien" });
    await inviteForm.getByLabel("Correo electrónico").fill(email);
    await inviteForm.getByRole("combobox").selectOption("cajero");
    await inviteForm.getByRole("button", { name: "Enviar invitación" }).click();
    await owner.getByText(TEAM_MESSAGES.invited(email)).waitFor();
    await owner.locator(`[data-invitation="${email}"]`).waitFor();
    await expectAccessible(owner);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const cajero = await newPhonePage(browser.browser, browser.baseUrl);
    await cajero.goto(await invitationLink(email));
    await cajero.getByText("te invita a su equipo como").waitFor();
    const signup = cajero.getByRole("form", { name: "Crea tu cuenta" });
    await signup.getByLabel("Tu nombre").fill("Beto Cajero");
    // The invitation is for its address: filled in, not typed.
    expect(await signup.getByLabel("Correo electrónico").inputValue()).toBe(email);
    await signup.getByLabel("Contraseña").fill("una-clave-del-cajero-1");
    await signup.getByRole("button", { name: "Crear cuenta y unirme" }).click();
    await cajero.waitForURL(/\/i\/admin$/);
    await cajero.locator("main[data-hydrated]").waitFor();
    const tabs = cajero.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link");
    expect(await tabs.allTextContents()).toEqual([
      "Órdenes pendientes",
      "Órdenes completadas",
      "Notificaciones",
    ]);
    expect(await cajero.getByRole("button", { name: /Pausar pedidos/ }).count()).toBe(0);

    const card = cajero.getByRole("listitem", { name: `Orden ${order.id}` });
    await card.getByRole("button", { name: "Marcar como completada" }).click();
    await card.waitFor({ state: "detached" });
    await expectAccessible(cajero);

    // A tab the cajero may not open, by its address: refused.
    const refused = await cajero.goto("/i/admin?tab=productos");
    expect(refused?.status()).toBe(404);

    await gotoAdmin(owner, "ordenes_completadas");
    await owner
      .getByRole("row", { name: new RegExp(order.id) })
      .getByRole("button", { name: order.id })
      .click();
    await owner.getByText("Completada por Beto").waitFor();

    // The owner makes Beto an encargado with the keyboard; Actividad says so, and who did the rest.
    await gotoAdmin(owner, "equipo");
    const member = owner.locator(`[data-member="${email}"]`);
    await member.getByLabel("Rol de Beto Cajero").focus();
    await member.getByLabel("Rol de Beto Cajero").selectOption("encargado");
    await owner.keyboard.press("Tab");
    await expect.poll(() => owner.evaluate(() => document.activeElement?.textContent)).toBe("Cambiar rol");
    await owner.keyboard.press("Enter");
    await member.getByText(TEAM_MESSAGES.roleChanged).waitFor();
    await gotoAdmin(owner, "equipo");
    const activity = owner.getByRole("region", { name: "Actividad de los últimos 90 días" });
    await activity.getByText(/cambió el rol de Beto a encargado$/).waitFor();
    await activity.getByText("Beto se unió al equipo como cajero").waitFor();
    await activity.getByText(`Orden ${order.id}: Completada por Beto`).waitFor();
    await activity.getByText(new RegExp(`invitó a ${email} como cajero$`)).waitFor();
    await expectFits(owner, "Equipo with its Actividad");
    await expectAccessible(owner);
    await owner.context().close();
    await cajero.context().close();
  });
});
