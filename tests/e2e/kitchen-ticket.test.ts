/**
 * Kitchen tickets as an owner prints them from the pending orders tab: the ticket of an order with
 * choices, notes and a tracking QR laid out for a 58 mm and an 80 mm thermal roll (Chromium prints
 * it to PDF at that width, and nothing on it is wider than the printable area), and automatic
 * printing that prints each new order once on this device, never again after a reload.
 */
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "~/db/factories.server";
import { PRINTABLE_MM, TICKET_WORDS } from "~/domain/orders/kitchen-ticket";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { postOrder } from "../support/shopper";

const browser = useBrowser();
const db = useE2eDatabase();

/** CSS pixels in a millimetre (96 per inch). */
const PX_PER_MM = 96 / 25.4;

async function ownerWithOrder() {
  const page = await newPhonePage(browser.browser, browser.baseUrl);
  const owner = await signedInOwner(page.context(), db, {
    settings: { displayName: "Taquería El Trompo", allowPickup: true },
  });
  const order = await createOrder(db, owner.storeId, {
    customerName: "Lucía Hernández Villaseñor",
    comments: "Sin cebolla, salsa aparte, por favor: pasan por ellos a las dos en punto",
    lines: [
      {
        productId: "tacos",
        name: "Orden de tacos al pastor con todo y piña asada del trompo",
        unit: "pieza",
        quantity: 2,
        price: 80,
        choices: [
          { group: "Tamaño", kind: "size", options: [{ name: "5 piezas", price: 70 }] },
          {
            group: "Extras",
            kind: "extras",
            options: [
              { name: "Queso", price: 10 },
              { name: "Aguacate", price: 15 },
            ],
          },
        ],
      },
      { productId: "agua", name: "Agua de horchata", unit: "L", quantity: 1.5, price: 30 },
    ],
  });
  return { page, storeId: owner.storeId, order };
}

describe("the kitchen ticket", () => {
  for (const paper of [58, 80] as const) {
    it(`prints an order with its choices, notes and tracking QR within a ${paper} mm roll`, async () => {
      const { page, order } = await ownerWithOrder();
      await page.goto("/i/admin?tab=ordenes_pendientes");
      const card = page.getByRole("listitem", { name: `Orden ${order.id}` });
      const link = card.getByRole("link", { name: new RegExp(TICKET_WORDS.printTicket) });
      expect(await link.getAttribute("target")).toBe("_blank");

      await page.goto(`/i/admin/pedidos/${order.id}/ticket?papel=${paper}`);
      const ticket = page.locator("[data-ticket]");
      await ticket.getByText(`Pedido ${order.id}`).waitFor();
      const text = (await ticket.textContent()) ?? "";
      expect(text).toContain("Taquería El Trompo");
      expect(text).toContain("Lucía Hernández Villaseñor");
      expect(text).toContain("Tamaño: 5 piezas · Extras: Queso, Aguacate");
      expect(text).toContain("Sin cebolla, salsa aparte");
      expect(text).toContain("$205.00");
      expect(await ticket.locator("svg").count()).toBe(1);
      await expectAccessible(page);

      // As the printer gets it: print media, the page as wide as the roll.
      await page.emulateMedia({ media: "print" });
      await page.setViewportSize({ width: Math.floor(paper * PX_PER_MM), height: 900 });
      expect(await page.locator(".ticket-controls").isVisible()).toBe(false);
      const widths = await ticket.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const overflowing = [...element.querySelectorAll("*")]
          .filter((child) => child.getBoundingClientRect().right > box.right + 0.5)
          .map((child) => child.outerHTML.slice(0, 80));
        return { width: box.width, scrollWidth: element.scrollWidth, overflowing };
      });
      expect(widths.width).toBeLessThanOrEqual(PRINTABLE_MM[paper] * PX_PER_MM + 1);
      expect(widths.scrollWidth).toBeLessThanOrEqual(Math.ceil(widths.width));
      expect(widths.overflowing).toEqual([]);
      const pdf = await page.pdf({ width: `${paper}mm`, printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      await page.context().close();
    });
  }

  it("another store's order is not found", async () => {
    const { page } = await ownerWithOrder();
    const other = await ownerWithOrder();
    const response = await page.goto(`/i/admin/pedidos/${other.order.id}/ticket`);
    expect(response?.status()).toBe(404);
    await page.getByText("No encontramos esta página").waitFor();
    await Promise.all([page.context().close(), other.page.context().close()]);
  });
});

describe("automatic printing of new orders", () => {
  it("prints each order that arrives once on this device, none that waited before, and none again after a reload", async () => {
    const { page, storeId, order: waiting } = await ownerWithOrder();
    const product = await createProduct(db, storeId, { name: "Gringa", price: 55 });
    const printed: string[] = [];
    page.on("request", (request) => {
      const match = /\/i\/admin\/pedidos\/([^/]+)\/ticket\?papel=58&imprimir=1$/.exec(request.url());
      if (match && request.resourceType() === "document") printed.push(decodeURIComponent(match[1]!));
    });
    await page.goto("/i/admin?tab=ordenes_pendientes");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("status").filter({ hasText: "En vivo" }).waitFor();
    await page.getByLabel(TICKET_WORDS.paper).selectOption("58");
    await page.getByLabel(TICKET_WORDS.autoPrint).check();

    const placed = await postOrder(browser.baseUrl, { storeId, productId: product.id });
    expect(placed.status).toBe(200);
    const { order } = (await placed.json()) as { order: { number: string } };
    await page.getByRole("listitem", { name: `Orden ${order.number}` }).waitFor();
    await expect.poll(() => printed).toEqual([order.number]);
    expect(await page.locator(`iframe[data-ticket-print="${order.number}"]`).count()).toBe(1);

    await page.reload();
    await page.getByRole("listitem", { name: `Orden ${order.number}` }).waitFor();
    await page.locator("main[data-hydrated]").waitFor();
    expect(await page.getByLabel(TICKET_WORDS.autoPrint).isChecked()).toBe(true);
    // Nothing more is printed: the order that waited before and the one printed already.
    await page.waitForLoadState("networkidle");
    expect(printed).toEqual([order.number]);
    expect(printed).not.toContain(waiting.id);
    await page.context().close();
  });
});
