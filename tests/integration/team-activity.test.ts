/**
 * Equipo's "Actividad" (docs/decisions/033), through the real server: each kind of change the panel
 * makes — settings, products and their prices, the team — done as the owner or the encargado writes
 * one `store_activity` row (its kind, who, what it was done to) and reads as its Spanish sentence in
 * the owner's Actividad. The invitation goes over real SMTP: its e-mail arrives with the link, and
 * the link makes the newcomer a member (who then appears in Actividad as having joined).
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { discountCodes, offers, orderEvents, products, storeActivity, storeMembers } from "~/db/schema";
import { ACTIVITY_LINES, listActivity } from "~/domain/team/activity.server";
import type { ActivityKind } from "~/domain/team/activity";
import { TEAM_MESSAGES } from "~/domain/team/invitations";
import { VALID_HOURS_FORM, VALID_SETTINGS_FORM } from "../support/admin-forms";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { linkIn, startSmtpServer } from "../support/smtp";

const { db, url: databaseUrl } = await createTestDatabase();
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const running = useServerProcess(databaseUrl, { SMTP_URL: smtp.url, MAIL_FROM: "avisos@tianguis.test" });

const DAY = 86_400_000;
let storeId = "";
const cookies = { owner: "", encargado: "" };
let ownerPassword = "";
let encargadoId = "";

beforeAll(async () => {
  // Pro, so that categories and an own domain are allowed.
  const store = await createStore(db, {
    displayName: "Panadería de Ana",
    licenceType: "premier",
    licenceExpires: new Date(Date.now() + 30 * DAY),
  });
  storeId = store.id;
  const owner = await createOwner(db, { storeId, name: "Ana García" });
  const encargado = await createMember(db, { storeId, role: "encargado", name: "Beto Ruiz" });
  ownerPassword = owner.password;
  encargadoId = encargado.id;
  cookies.owner = await signIn(running.server.url, owner.email, owner.password);
  cookies.encargado = await signIn(running.server.url, encargado.email, encargado.password);
});

/** Posts a panel form as the panel's scripts do, and expects it done. */
async function post(cookie: string, path: string, form: Record<string, string> | FormData) {
  const response = await fetch(`${running.server.url}${path}`, {
    method: "POST",
    headers: { cookie, Accept: "application/json", Origin: running.server.url },
    body: form instanceof FormData ? form : new URLSearchParams(form),
  });
  const body = (await response.json()) as { ok: boolean; message?: string };
  expect(body, `${path} ${JSON.stringify(form).slice(0, 120)}`).toMatchObject({ ok: true });
  return body;
}

/** The store's latest Actividad row of `kind`. */
async function latest(kind: ActivityKind, store = storeId) {
  const [row] = await db
    .select()
    .from(storeActivity)
    .where(and(eq(storeActivity.storeId, store), eq(storeActivity.kind, kind)))
    .orderBy(desc(storeActivity.id))
    .limit(1);
  return row;
}

/** The owner's Actividad, as text. */
async function activityPage(cookie = cookies.owner) {
  const response = await fetch(`${running.server.url}/i/admin?tab=equipo`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const html = (await response.text()).replace(/<!-- -->/g, "");
  return html.slice(html.indexOf("Actividad de los últimos 90 días"));
}

type Change = {
  as: keyof typeof cookies;
  path: string;
  form: Record<string, string>;
  kind: ActivityKind;
  subject?: string;
  sentence: string;
};

describe("Actividad", () => {
  it("records each change of the store's settings with who did it, and shows it", async () => {
    const changes: Change[] = [
      {
        as: "owner",
        path: "/i/admin/settings",
        form: VALID_SETTINGS_FORM,
        kind: "settings",
        sentence: "Ana cambió la página de la tienda",
      },
      {
        as: "encargado",
        path: "/i/admin/shop-rules",
        form: VALID_HOURS_FORM,
        kind: "hours",
        sentence: "Beto cambió el horario",
      },
      {
        as: "encargado",
        path: "/i/admin/shop-rules",
        form: { intent: "zones", payload: JSON.stringify({ zones: [], flatFee: 20, freeOver: null }) },
        kind: "zones",
        sentence: "Beto cambió las zonas de entrega",
      },
      {
        as: "encargado",
        path: "/i/admin/pause",
        form: { intent: "pause", message: "Volvemos pronto", minutes: "30" },
        kind: "paused",
        sentence: "Beto pausó la tienda",
      },
      {
        as: "encargado",
        path: "/i/admin/pause",
        form: { intent: "resume" },
        kind: "resumed",
        sentence: "Beto reanudó los pedidos",
      },
      {
        as: "owner",
        path: "/i/admin/order-settings",
        form: { intent: "payment", paymentMethods: "cash" },
        kind: "payments",
        sentence: "Ana cambió las formas de pago",
      },
      {
        as: "owner",
        path: "/i/admin/order-settings",
        form: { intent: "templates" },
        kind: "templates",
        sentence: "Ana cambió los mensajes de WhatsApp",
      },
      {
        as: "encargado",
        path: "/i/admin/advanced-settings",
        form: { categories: "Panadería" },
        kind: "categories",
        sentence: "Beto cambió las categorías de la tienda",
      },
      {
        as: "owner",
        path: "/i/admin/custom-domain",
        form: { intent: "save", host: "pan-de-ana.mx" },
        kind: "domain_saved",
        subject: "pan-de-ana.mx",
        sentence: "Ana puso el dominio pan-de-ana.mx",
      },
      {
        as: "owner",
        path: "/i/admin/custom-domain",
        form: { intent: "remove" },
        kind: "domain_removed",
        subject: "pan-de-ana.mx",
        sentence: "Ana quitó el dominio pan-de-ana.mx",
      },
      {
        as: "owner",
        path: "/i/admin/order-email",
        form: { enabled: "true" },
        kind: "order_email",
        sentence: "Ana activó el correo de cada pedido nuevo",
      },
    ];
    for (const change of changes) {
      await post(cookies[change.as], change.path, change.form);
      expect(await latest(change.kind), change.kind).toMatchObject({
        actorName: change.as === "owner" ? "Ana" : "Beto",
        subject: change.subject ?? "",
      });
    }
    const page = await activityPage();
    for (const change of changes) expect(page).toContain(change.sentence);
    // Newest first.
    expect(page.indexOf("Ana activó el correo")).toBeLessThan(page.indexOf("Ana cambió la página"));
  });

  it("records the plan's trial as its owner's", async () => {
    const store = await createStore(db, { displayName: "Tortillería de Eva" });
    const owner = await createOwner(db, { storeId: store.id, name: "Eva" });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    await post(cookie, "/i/admin/trial", {});
    expect(await latest("trial_started", store.id)).toMatchObject({
      actorName: "Eva",
      actorUserId: owner.id,
    });
    expect(await activityPage(cookie)).toContain("Eva empezó la prueba del plan");
  });

  it("records each change of a product, a new price with its before and after", async () => {
    const product = { name: "Concha", description: "Pan dulce", unit: "pieza" };
    await post(cookies.encargado, "/i/admin/products", { intent: "create", ...product, price: "12" });
    const [concha] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.name, "Concha")));
    const productId = concha!.id;
    const steps: [Record<string, string>, ActivityKind, string][] = [
      [
        { intent: "update", productId, ...product, price: "14" },
        "product_price",
        "Beto cambió el precio de Concha: $12.00 → $14.00",
      ],
      [
        { intent: "update", productId, ...product, description: "Pan dulce de vainilla", price: "14" },
        "product_updated",
        "Beto editó Concha",
      ],
      [
        { intent: "set-availability", productId, available: "false" },
        "product_hidden",
        "Beto ocultó Concha de la tienda",
      ],
      [
        { intent: "set-availability", productId, available: "true" },
        "product_shown",
        "Beto mostró Concha en la tienda",
      ],
      [{ intent: "delete", productId }, "product_deleted", "Beto borró Concha"],
    ];
    expect(await latest("product_created")).toMatchObject({ actorName: "Beto", subject: "Concha" });
    // A change refused half-way (a category the store does not have) writes no line: the line is
    // written in the change's own transaction.
    const lines = async () => (await db.select().from(storeActivity)).length;
    const before = await lines();
    const refused = await fetch(`${running.server.url}/i/admin/products`, {
      method: "POST",
      headers: { cookie: cookies.encargado, Accept: "application/json", Origin: running.server.url },
      body: new URLSearchParams({ intent: "update", productId, ...product, price: "99", category: "Nada" }),
    });
    expect(await refused.json()).toMatchObject({ ok: false });
    expect(await lines()).toBe(before);
    for (const [form, kind] of steps) {
      await post(cookies.encargado, "/i/admin/products", form);
      expect(await latest(kind), kind).toMatchObject({
        actorName: "Beto",
        actorUserId: encargadoId,
        subject: "Concha",
      });
    }
    expect((await latest("product_price"))!.details).toEqual({ from: 12, to: 14 });
    const page = await activityPage();
    expect(page).toContain("Beto agregó Concha");
    for (const [, , sentence] of steps) expect(page).toContain(sentence);
  });

  it("records a bulk edit and an applied catalogue file as one line each", async () => {
    const created = await Promise.all(
      ["Bolillo", "Telera"].map((name) => createProduct(db, storeId, { name, price: 10 })),
    );
    await post(cookies.encargado, "/i/admin/products/bulk", {
      productIds: created.map((product) => product.id).join(","),
      change: "price",
      priceKind: "percent",
      value: "10",
    });
    expect(await latest("products_bulk")).toMatchObject({
      actorName: "Beto",
      subject: "precio +10 %",
      details: { count: 2 },
    });
    const file = new FormData();
    file.set("intent", "apply");
    const csv = ["Nombre,Descripción,Precio", "Dona,Pan dulce,15", "Bolillo,Pan blanco,12"].join("\n");
    file.set("file", new Blob([csv], { type: "text/csv" }), "productos.csv");
    await post(cookies.owner, "/i/admin/products/import", file);
    expect(await latest("products_imported")).toMatchObject({
      actorName: "Ana",
      details: { created: 1, changed: 1 },
    });
    const page = await activityPage();
    expect(page).toContain("Beto cambió 2 productos a la vez: precio +10 %");
    expect(page).toContain("Ana importó el catálogo: 1 nuevo, 1 cambiado");
  });

  it("records each change of a discount code and of an offer", async () => {
    await post(cookies.encargado, "/i/admin/promotions", {
      intent: "create-code",
      code: "BIENVENIDA10",
      kind: "percent",
      value: "10",
    });
    await post(cookies.owner, "/i/admin/promotions", {
      intent: "create-offer",
      name: "Martes de conchas",
      kind: "percent",
      percent: "20",
      weekdays: "2",
    });
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.storeId, storeId));
    const [offer] = await db.select().from(offers).where(eq(offers.storeId, storeId));
    const steps: [Record<string, string>, ActivityKind, string][] = [
      [{ intent: "pause", kind: "code", id: code!.id }, "code_paused", "Beto pausó el código BIENVENIDA10"],
      [
        { intent: "resume", kind: "code", id: code!.id },
        "code_resumed",
        "Beto reanudó el código BIENVENIDA10",
      ],
      [{ intent: "delete", kind: "code", id: code!.id }, "code_deleted", "Beto borró el código BIENVENIDA10"],
      [
        { intent: "pause", kind: "offer", id: offer!.id },
        "offer_paused",
        "Beto pausó la oferta Martes de conchas",
      ],
      [
        { intent: "delete", kind: "offer", id: offer!.id },
        "offer_deleted",
        "Beto borró la oferta Martes de conchas",
      ],
    ];
    for (const [form, kind] of steps) {
      await post(cookies.encargado, "/i/admin/promotions", form);
      expect(await latest(kind), kind).toMatchObject({ actorName: "Beto", actorUserId: encargadoId });
    }
    expect(await latest("code_created")).toMatchObject({ actorName: "Beto", subject: "BIENVENIDA10" });
    expect(await latest("offer_created")).toMatchObject({ actorName: "Ana", subject: "Martes de conchas" });
    const page = await activityPage();
    expect(page).toContain("Beto creó el código BIENVENIDA10");
    expect(page).toContain("Ana creó la oferta Martes de conchas");
    for (const [, , sentence] of steps) expect(page).toContain(sentence);
  });

  it("sends the invitation over SMTP with a link that works once, and records the team's every change", async () => {
    const email = "carla@example.com";
    await post(cookies.owner, "/i/admin/team", { intent: "invite", email, role: "cajero" });
    expect(await latest("member_invited")).toMatchObject({
      actorName: "Ana",
      subject: email,
      details: { role: "cajero" },
    });

    // The e-mail arrives at the SMTP server with the link; the link opens the invitation.
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain("te invita a su equipo en Tianguis como cajero");
    const link = linkIn(mail, "/i/invitacion/");
    expect(new URL(link).origin).toBe(running.server.url);
    const invitation = (await (await fetch(link)).text()).replace(/<!-- -->/g, "");
    expect(invitation).toContain("te invita a su equipo como");
    const joined = await fetch(link, {
      method: "POST",
      headers: { Origin: running.server.url },
      body: new URLSearchParams({
        intent: "signup",
        name: "Carla Pérez",
        email,
        password: "una-contrasena-larga",
      }),
      redirect: "manual",
    });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/i/admin");
    const [carla] = await db.select().from(storeMembers).where(eq(storeMembers.role, "cajero"));
    expect(carla).toMatchObject({ storeId });
    expect(await latest("member_joined")).toMatchObject({ actorName: "Carla", actorUserId: carla!.userId });
    // Used once: opening it again says so.
    expect((await (await fetch(link)).text()).replace(/<!-- -->/g, "")).toContain(TEAM_MESSAGES.used);

    // Another invitation, sent again and then revoked.
    const other = "dora@example.com";
    await post(cookies.owner, "/i/admin/team", { intent: "invite", email: other, role: "encargado" });
    const [pending] = await db.query.storeInvitations.findMany({
      where: (table, { eq: is }) => is(table.email, other),
    });
    await post(cookies.owner, "/i/admin/team", { intent: "resend", id: String(pending!.id) });
    expect(await latest("invitation_resent")).toMatchObject({ actorName: "Ana", subject: other });
    await post(cookies.owner, "/i/admin/team", { intent: "revoke", id: String(pending!.id) });
    expect(await latest("invitation_revoked")).toMatchObject({ actorName: "Ana", subject: other });

    await post(cookies.owner, "/i/admin/team", { intent: "role", userId: carla!.userId, role: "encargado" });
    expect(await latest("member_role")).toMatchObject({
      actorName: "Ana",
      subject: "Carla",
      details: { role: "encargado" },
    });
    await post(cookies.owner, "/i/admin/team", { intent: "remove", userId: carla!.userId });
    expect(await latest("member_removed")).toMatchObject({ actorName: "Ana", subject: "Carla" });

    const page = await activityPage();
    for (const sentence of [
      `Ana invitó a ${email} como cajero`,
      "Carla se unió al equipo como cajero",
      `Ana reenvió la invitación de ${other}`,
      `Ana canceló la invitación de ${other}`,
      "Ana cambió el rol de Carla a encargado",
      "Ana quitó a Carla del equipo",
    ]) {
      expect(page).toContain(sentence);
    }

    // Last, the store changes hands: the new owner reads who handed it over.
    await post(cookies.owner, "/i/admin/team", {
      intent: "transfer",
      userId: encargadoId,
      currentPassword: ownerPassword,
    });
    expect(await latest("ownership_transferred")).toMatchObject({ actorName: "Ana", subject: "Beto" });
    expect(await activityPage(cookies.encargado)).toContain("Ana pasó la tienda a Beto");
  });
});

describe("Actividad's times", () => {
  it("are on the 24-hour clock, in Mexico City's time, as every other page writes them", async () => {
    // Yesterday (UTC) at 06:40 and at 00:40: 00:40 that day and 18:40 the day before, in Mexico City (UTC−6).
    const day = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
    const midnight = new Date(day.getTime() + (6 * 60 + 40) * 60_000);
    const evening = new Date(day.getTime() + 40 * 60_000);
    // A store of its own: the one above changes hands in its last test.
    const store = await createStore(db, {
      licenceType: "premier",
      licenceExpires: new Date(Date.now() + 30 * DAY),
    });
    const owner = await createOwner(db, { storeId: store.id, name: "Ana García" });
    await db.insert(storeActivity).values([
      {
        storeId: store.id,
        actorName: "Ana",
        kind: "product_created",
        subject: "Pan de medianoche",
        createdAt: midnight,
      },
      {
        storeId: store.id,
        actorName: "Ana",
        kind: "product_created",
        subject: "Pan de la tarde",
        createdAt: evening,
      },
    ]);
    const page = await activityPage(await signIn(running.server.url, owner.email, owner.password));
    const shown = (at: Date) =>
      new RegExp(`<time datetime="${at.toISOString()}">([^<]*)</time>`, "i").exec(page)?.[1] ?? "(no line)";
    expect(page).toContain("Ana agregó Pan de medianoche");
    expect(shown(midnight)).toMatch(new RegExp(`^${day.getUTCDate()} \\S+ \\d{4}, 0:40$`));
    const dayBefore = new Date(day.getTime() - DAY);
    expect(shown(evening)).toMatch(new RegExp(`^${dayBefore.getUTCDate()} \\S+ \\d{4}, 18:40$`));
    expect(page).not.toMatch(/[ap]\.\s?m\./);
  });
});

describe("Actividad's list", () => {
  it("merges the panel's changes with the orders', newest first, 90 days back and 200 lines at most", async () => {
    const store = await createStore(db);
    const product = await createProduct(db, store.id, {});
    const order = await createOrder(db, store.id, {
      lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
    });
    const now = new Date("2026-11-26T18:00:00Z");
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await db.insert(storeActivity).values([
      { storeId: store.id, actorName: "Ana", kind: "paused", createdAt: at(1) },
      { storeId: store.id, actorName: "Ana", kind: "resumed", createdAt: at(3) },
      { storeId: store.id, actorName: "Zoe", kind: "hours", createdAt: at(91) },
    ]);
    await db.insert(orderEvents).values([
      { storeId: store.id, orderId: order.id, kind: "completed", actorName: "Beto", createdAt: at(2) },
      // The shopper's own change recorded no actor: not the team's.
      { storeId: store.id, orderId: order.id, kind: "placed", createdAt: at(2) },
    ]);
    const lines = await listActivity(db, store.id, now);
    expect(lines.map((line) => line.text)).toEqual([
      "Ana pausó la tienda",
      `Orden ${order.id}: Completada por Beto`,
      "Ana reanudó los pedidos",
    ]);

    await db.insert(storeActivity).values(
      Array.from({ length: ACTIVITY_LINES }, (_, index) => ({
        storeId: store.id,
        actorName: "Ana",
        kind: "settings" as const,
        createdAt: new Date(at(10).getTime() + index * 1000),
      })),
    );
    const capped = await listActivity(db, store.id, now);
    expect(capped).toHaveLength(ACTIVITY_LINES);
    expect(capped.slice(0, 2).map((line) => line.text)).toEqual([
      "Ana pausó la tienda",
      `Orden ${order.id}: Completada por Beto`,
    ]);
  });
});
