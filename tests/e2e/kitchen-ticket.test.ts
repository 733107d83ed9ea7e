/**
 * Kitchen tickets as an owner prints them from the pending orders tab: the ticket of an order with
 * choices (one to a line), notes and a tracking QR laid out for a 58 mm and an 80 mm thermal roll
 * (Chromium prints it to a PDF page as wide as the roll and as long as the ticket, and nothing on
 * it is wider than the printable area), and automatic printing that prints each new order once on
 * this device, from the ticket's own page in a hidden frame, never again after a reload, and says
 * why when a ticket could not be opened.
 */
import type { BrowserContext, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createOrder, createProduct } from "~/db/factories.server";
import { orders } from "~/db/schema";
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
/** PDF points in a millimetre (72 per inch). */
const PT_PER_MM = 72 / 25.4;

/**
 * In every page and frame of the context, `print()` counts its calls in the window that made them
 * instead of opening the dialog: a test reads whether the ticket's own frame asked to print.
 */
async function recordPrintCalls(context: BrowserContext) {
  await context.addInitScript(() => {
    const recorder = window as unknown as { printCalls: number };
    recorder.printCalls = 0;
    window.print = () => void (recorder.printCalls += 1);
  });
}

/** How many times the window of `frame`, or the page's own, called `print()`. */
function printCalls(frame: Pick<Page, "evaluate">) {
  return frame.evaluate(() => (window as unknown as { printCalls?: number }).printCalls ?? 0);
}

/** An owner's order; with `tip`, a propina of 15 % beside its total (app/domain/orders/tips.ts). */
async function ownerWithOrder(tip = 0) {
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
  if (tip > 0)
    await db
      .update(orders)
      .set({ tip, tipPercent: 15 })
      .where(and(eq(orders.storeId, owner.storeId), eq(orders.id, order.id)));
  return { page, storeId: owner.storeId, order };
}

describe("the kitchen ticket", () => {
  for (const paper of [58, 80] as const) {
    it(`prints an order with its choices, notes and tracking QR within a ${paper} mm roll`, async () => {
      // The narrow roll's ticket carries a tip: its lines too fit the printable width.
      const tipped = paper === 58;
      const { page, order } = await ownerWithOrder(tipped ? 30.75 : 0);
      await page.goto("/i/admin?tab=ordenes_pendientes");
      const card = page.getByRole("listitem", { name: `Orden ${order.id}` });
      const link = card.getByRole("link", { name: new RegExp(TICKET_WORDS.printTicket) });
      expect(await link.getAttribute("target")).toBe("_blank");
      // Its icon is drawn, hidden from screen readers: no emoji, an empty box where a device has no emoji font.
      expect(await link.locator('svg[aria-hidden="true"]').count()).toBe(1);
      expect(await link.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);

      await page.goto(`/i/admin/pedidos/${order.id}/ticket?papel=${paper}`);
      const ticket = page.locator("[data-ticket]");
      await ticket.getByText(`Pedido ${order.id}`).waitFor();
      const text = (await ticket.textContent()) ?? "";
      expect(text).toContain("Taquería El Trompo");
      expect(text).toContain("Lucía Hernández Villaseñor");
      expect(text).toContain("Sin cebolla, salsa aparte");
      expect(text).toContain("$205.00");
      if (tipped) {
        expect(text).toContain("Subtotal$205.00");
        expect(text).toContain("Propina (15 %)$30.75");
        expect(text).toContain("Total a pagar$235.75");
      } else {
        expect(text).toContain("Total$205.00");
        expect(text).not.toMatch(/Propina|Subtotal|Total a pagar/);
      }
      expect(await ticket.locator("svg").count()).toBe(1);
      // Each choice on a line of its own, below the one before, large and black.
      const choices = ["Tamaño: 5 piezas", "Extras: Queso", "Extras: Aguacate"];
      let bottom = 0;
      for (const choice of choices) {
        expect(await ticket.getByText(choice, { exact: true }).count(), choice).toBe(1);
        const look = await ticket.getByText(choice, { exact: true }).evaluate((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          let opacity = 1;
          for (let at: Element | null = element; at; at = at.parentElement)
            opacity *= Number(getComputedStyle(at).opacity);
          return {
            top: box.top,
            bottom: box.bottom,
            color: style.color,
            opacity,
            fontWeight: style.fontWeight,
            size: parseFloat(style.fontSize),
          };
        });
        expect(look.top).toBeGreaterThanOrEqual(bottom - 0.5);
        bottom = look.bottom;
        expect(look.color).toBe("rgb(0, 0, 0)");
        expect(look.opacity).toBe(1);
        expect(Number(look.fontWeight)).toBeGreaterThanOrEqual(700);
        expect(look.size).toBeGreaterThanOrEqual(14);
      }
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
      // The page the printer gets is the one the ticket asks for: as wide as the roll, as long as
      // the ticket, whole on one page (Letter, 612 × 792 pt, is what a page size Chromium ignores gives).
      const pdf = await getDocumentProxy(new Uint8Array(await page.pdf({ preferCSSPageSize: true })));
      expect(pdf.numPages).toBe(1);
      const [, , pageWidth, pageHeight] = (await pdf.getPage(1)).view as [number, number, number, number];
      expect(Math.abs(pageWidth - paper * PT_PER_MM)).toBeLessThanOrEqual(1);
      expect([pageWidth, pageHeight]).not.toEqual([612, 792]);
      const ticketHeight = await ticket.evaluate((element) => element.getBoundingClientRect().height);
      // As long as the ticket, with a few millimetres to spare: no blank paper fed after it.
      expect(pageHeight).toBeGreaterThanOrEqual((ticketHeight / PX_PER_MM) * PT_PER_MM);
      expect(pageHeight).toBeLessThanOrEqual((ticketHeight / PX_PER_MM + 4) * PT_PER_MM);
      // All of it, first line to last, is on that page. The PDF's text breaks where the ticket
      // wraps, so words are compared without their spaces.
      const { text: pdfText } = await extractText(pdf, { mergePages: true });
      const printed = pdfText.replace(/\s+/g, "");
      for (const words of ["Taquería El Trompo", `Pedido ${order.id}`, "Extras: Aguacate", "Sigue tu pedido"])
        expect(printed).toContain(words.replace(/\s+/g, ""));
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
  /** The owner's pending tab, live, with automatic printing on 58 mm paper switched on. */
  async function printingPanel() {
    const owner = await ownerWithOrder();
    await recordPrintCalls(owner.page.context());
    const product = await createProduct(db, owner.storeId, { name: "Gringa", price: 55 });
    const { page } = owner;
    await page.goto("/i/admin?tab=ordenes_pendientes");
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("status").filter({ hasText: "En vivo" }).waitFor();
    await page.getByLabel(TICKET_WORDS.paper).selectOption("58");
    await page.getByLabel(TICKET_WORDS.autoPrint).check();
    /** A shopper's order of a Gringa; resolves once it shows in the list. */
    const arrives = async () => {
      const placed = await postOrder(browser.baseUrl, { storeId: owner.storeId, productId: product.id });
      expect(placed.status).toBe(200);
      const { order } = (await placed.json()) as { order: { number: string } };
      await page.getByRole("listitem", { name: `Orden ${order.number}` }).waitFor();
      return order.number;
    };
    return { ...owner, arrives };
  }

  it("prints each order that arrives once on this device, from its ticket's own page, none that waited before, and none again after a reload", async () => {
    const { page, order: waiting, arrives } = await printingPanel();
    const number = await arrives();

    // The hidden frame shows the ticket itself (refused by the browser, it would show nothing)…
    const frameElement = page.locator(`iframe[data-ticket-print="${number}"]`);
    const ticket = page.frameLocator(`iframe[data-ticket-print="${number}"]`).locator("[data-ticket]");
    await ticket.getByText(`Pedido ${number}`).waitFor({ state: "attached" });
    expect(await ticket.textContent()).toContain("1 × Gringa");
    // …on the roll chosen, and it is that frame's window that asks to print, not the panel's.
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    expect(new URL(frame.url()).searchParams.get("papel")).toBe("58");
    await expect.poll(() => printCalls(frame)).toBe(1);
    expect(await printCalls(page)).toBe(0);
    // Out of sight too, the page it prints is the roll's width and the ticket's length.
    const fitted = await frame.evaluate(() => {
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
      const pages = rules.filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule);
      const height = document.querySelector("[data-ticket]")!.getBoundingClientRect().height;
      return { size: pages.at(-1)?.style.getPropertyValue("size"), height };
    });
    const [width, length] =
      /^(\d+)mm (\d+)mm$/
        .exec(fitted.size ?? "")
        ?.slice(1)
        .map(Number) ?? [];
    expect(width).toBe(58);
    expect(length).toBeGreaterThanOrEqual(fitted.height / PX_PER_MM);
    expect(length).toBeLessThanOrEqual(fitted.height / PX_PER_MM + 4);
    // The order that waited before was not printed; nothing says a ticket failed.
    expect(await page.locator("iframe[data-ticket-print]").count()).toBe(1);
    expect(await page.locator(`iframe[data-ticket-print="${waiting.id}"]`).count()).toBe(0);
    expect(await page.getByRole("alert").filter({ hasText: "No se imprimió" }).count()).toBe(0);

    await page.reload();
    await page.getByRole("listitem", { name: `Orden ${number}` }).waitFor();
    await page.locator("main[data-hydrated]").waitFor();
    expect(await page.getByLabel(TICKET_WORDS.autoPrint).isChecked()).toBe(true);
    // Nothing more is printed: the order that waited before and the one printed already.
    await page.waitForLoadState("networkidle");
    expect(await page.locator("iframe[data-ticket-print]").count()).toBe(0);
    expect(await printCalls(page)).toBe(0);
    await page.context().close();
  });

  it("says that a new order's ticket could not be opened without a connection, and never blames the printer", async () => {
    const { page, arrives } = await printingPanel();
    // The connection drops for the tickets (the live list, already open, still shows new orders);
    // the panel's service worker then answers the frame with the offline page.
    const tickets = /\/i\/admin\/pedidos\/[^/]+\/ticket\?/;
    await page.context().route(tickets, (route) => route.abort("internetdisconnected"));
    const number = await arrives();
    const failures = page.getByRole("alert").filter({ hasText: "No se imprimió" });
    await failures.getByText(TICKET_WORDS.autoPrintFailed(number, "offline")).waitFor();
    expect(await failures.textContent()).not.toMatch(/impresora/i);
    for (const frame of page.frames()) expect(await printCalls(frame).catch(() => 0)).toBe(0);
    await page.context().close();
  });
});
