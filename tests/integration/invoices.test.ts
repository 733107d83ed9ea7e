/**
 * "Requiero factura" end to end on a real PostgreSQL and the built server: what the checkout sends
 * is checked again by the server and kept with the order, or refused beside its field with
 * nothing written; the owner marks it "Facturado" and attaches the PDF and XML, which the
 * shopper receives by e-mail (the .eml the mail service writes without SMTP).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { orderInvoices, orders } from "~/db/schema";
import { INVOICE_FILE_MESSAGES } from "~/domain/invoices/invoice-files";
import { INVOICE_MESSAGES } from "~/domain/invoices/invoice-form";
import { markInvoiced } from "~/domain/orders/order-invoice.server";
import { eraseOrdersPersonalData } from "~/domain/stores/close-store.server";
import { INVOICE_PDF, INVOICE_XML, invoiceForm, VALID_INVOICE } from "../support/invoice-files";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { pickupForm } from "../support/shopper";

const { db, url } = await createTestDatabase();
const running = useServerProcess(url);

async function shop(allowInvoiceRequests: boolean) {
  const store = await createStore(db, { settings: { allowPickup: true, allowInvoiceRequests } });
  const product = await createProduct(db, store.id, { name: "Pastel", price: 350, available: true });
  return { store, product };
}

function placeOrder(storeId: string, productId: string, invoice: unknown) {
  return fetch(`${running.server.url}/s/${storeId}/api`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: running.server.url },
    body: JSON.stringify({
      intent: "place-order",
      form: { ...pickupForm([{ productId }]), ...(invoice === undefined ? {} : { invoice }) },
    }),
  });
}

async function rowsOf(storeId: string) {
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.storeId, storeId));
  const [asked] = await db
    .select({ n: count() })
    .from(orderInvoices)
    .where(eq(orderInvoices.storeId, storeId));
  return { orders: placed!.n, invoices: asked!.n };
}

describe("a factura asked for at checkout", () => {
  it("is kept with the order, normalised, when the store allows it", async () => {
    const { store, product } = await shop(true);
    const response = await placeOrder(store.id, product.id, { ...VALID_INVOICE, rfc: "gode561231gr8" });
    expect(response.status).toBe(200);
    const { order } = (await response.json()) as { order: { number: string } };
    const [kept] = await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, order.number));
    expect(kept).toMatchObject({
      storeId: store.id,
      rfc: "GODE561231GR8",
      name: "EMILIO GÓMEZ DÍAZ",
      regimenFiscal: "612",
      usoCfdi: "G03",
      postalCode: "06600",
      email: "emilio@example.mx",
      invoicedAt: null,
    });
  });

  it.each([
    ["a wrong check digit", { rfc: "GODE561231GR9" }, "invoice.rfc", INVOICE_MESSAGES.rfcCheckDigit],
    ["the generic RFC", { rfc: "XAXX010101000" }, "invoice.rfc", INVOICE_MESSAGES.rfcGeneric],
    [
      "a régimen of a persona moral",
      { regimenFiscal: "601" },
      "invoice.regimenFiscal",
      INVOICE_MESSAGES.regimenForKind,
    ],
    [
      "an uso the régimen does not allow",
      { regimenFiscal: "605" },
      "invoice.usoCfdi",
      INVOICE_MESSAGES.usoForRegimen,
    ],
    [
      "a postal code of four digits",
      { postalCode: "6600" },
      "invoice.postalCode",
      INVOICE_MESSAGES.postalCode,
    ],
  ])("with %s is refused beside its field, and nothing is stored", async (_label, change, field, message) => {
    const { store, product } = await shop(true);
    const response = await placeOrder(store.id, product.id, { ...VALID_INVOICE, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { ok: boolean; fieldErrors: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(body.fieldErrors).toEqual({ [field]: message });
    expect(await rowsOf(store.id)).toEqual({ orders: 0, invoices: 0 });
  });

  it("is refused by a store that does not offer it; one that configures nothing takes orders as before", async () => {
    const { store, product } = await shop(false);
    const refused = await placeOrder(store.id, product.id, VALID_INVOICE);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: object }).fieldErrors).toEqual({
      "invoice.rfc": INVOICE_MESSAGES.notOffered,
    });
    expect(await rowsOf(store.id)).toEqual({ orders: 0, invoices: 0 });
    for (const invoice of [undefined, null]) {
      const placed = await placeOrder(store.id, product.id, invoice);
      expect(placed.status).toBe(200);
    }
    expect(await rowsOf(store.id)).toEqual({ orders: 2, invoices: 0 });
  });
});

describe("the owner's side of a factura", () => {
  async function ownerWithRequest() {
    const { store, product } = await shop(true);
    const owner = await createOwner(db, { storeId: store.id });
    const line = { productId: product.id, name: product.name, price: product.price, unit: product.unit };
    const order = await createOrder(db, store.id, { lines: [line], invoice: VALID_INVOICE });
    const cookie = await signIn(running.server.url, owner.email, owner.password);
    return { store, order, cookie, line };
  }
  const post = (address: string, cookie: string, body: FormData | URLSearchParams) =>
    fetch(`${running.server.url}${address}`, {
      method: "POST",
      headers: { cookie, Origin: running.server.url, Accept: "application/json" },
      body,
    });
  const invoiceRow = async (orderId: string) =>
    (await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId)))[0]!;

  it("sees it on the pending order with its data and the block to copy", async () => {
    const { cookie } = await ownerWithRequest();
    const page = await fetch(`${running.server.url}/i/admin?tab=ordenes_pendientes`, { headers: { cookie } });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Factura solicitada");
    expect(html).toContain("GODE561231GR8");
    expect(html).toContain("612 · Personas Físicas con Actividades Empresariales y Profesionales");
    expect(html).toContain("Copiar datos");
    expect(html).toContain("Marcar como facturado");
  });

  it("refuses a file that is not a PDF or not a CFDI's XML beside its field, changing nothing", async () => {
    const { order, cookie } = await ownerWithRequest();
    const cases = [
      [{ pdf: Buffer.from("no soy un pdf") }, "pdf", INVOICE_FILE_MESSAGES.pdf],
      [{ xml: Buffer.from("<html></html>") }, "xml", INVOICE_FILE_MESSAGES.xml],
      [{ xml: Buffer.from([0x3c, 0xff, 0xfe]) }, "xml", INVOICE_FILE_MESSAGES.xml],
      [
        { pdf: Buffer.concat([INVOICE_PDF, Buffer.alloc(2 * 1024 * 1024)]) },
        "pdf",
        INVOICE_FILE_MESSAGES.pdfTooLarge,
      ],
    ] as const;
    for (const [files, field, message] of cases) {
      const response = await post("/i/admin/orders/factura", cookie, invoiceForm(order.id, files));
      expect(response.status, field).toBeGreaterThanOrEqual(400);
      const body = (await response.json()) as { fieldErrors?: Record<string, string> };
      expect(body.fieldErrors).toEqual({ [field]: message });
    }
    expect(await invoiceRow(order.id)).toMatchObject({
      pdf: null,
      xml: null,
      invoicedAt: null,
      sentAt: null,
    });
  });

  it("attaches the PDF and XML: kept, Facturado, and both carried by the e-mail to the shopper", async () => {
    const { order, cookie } = await ownerWithRequest();
    const response = await post("/i/admin/orders/factura", cookie, invoiceForm(order.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, message: INVOICE_FILE_MESSAGES.sent });
    const row = await invoiceRow(order.id);
    expect(row.pdf).toEqual(INVOICE_PDF);
    expect(row.xml).toEqual(INVOICE_XML);
    expect(row.invoicedAt).toBeInstanceOf(Date);

    const mailDir = path.join(running.dataDir, "mail");
    const mails = async () => {
      const files = (await readdir(mailDir).catch(() => [])).filter((file) => file.endsWith(".eml"));
      const texts = await Promise.all(files.map((file) => readFile(path.join(mailDir, file), "utf8")));
      return texts.filter((text) => text.includes(`factura-${order.id}`));
    };
    await expect.poll(mails, { timeout: 15_000 }).toHaveLength(1);
    const [eml] = await mails();
    expect(eml).toContain(`To: ${VALID_INVOICE.email}`);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=factura-[\w-]+\.pdf/);
    expect(eml).toMatch(/Content-Type: application\/xml; name=factura-[\w-]+\.xml/);
    const unfolded = eml!.replace(/\r?\n/g, "");
    expect(unfolded).toContain(INVOICE_PDF.toString("base64"));
    expect(unfolded).toContain(INVOICE_XML.toString("base64"));

    // The tracking page says so, without the fiscal data.
    const tracking = await fetch(`${running.server.url}/s/${order.storeId}/pedido/${order.id}`);
    const html = await tracking.text();
    expect(html).toContain("Facturado");
    expect(html).not.toContain(VALID_INVOICE.rfc);
  });

  it("marks it Facturado once, whatever 50 simultaneous presses", async () => {
    const { store, order } = await ownerWithRequest();
    const dates = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        markInvoiced(db, store.id, order.id, new Date(Date.UTC(2026, 10, 28, 12, 0, index))),
      ),
    );
    expect(new Set(dates.map((date) => date.toISOString())).size).toBe(1);
    expect((await invoiceRow(order.id)).invoicedAt).toEqual(dates[0]);
  });

  it("answers another store's order, or one that asked for no factura, as not found", async () => {
    const mine = await ownerWithRequest();
    const theirs = await ownerWithRequest();
    const plain = await createOrder(db, mine.store.id, { lines: [mine.line] });
    for (const orderId of [theirs.order.id, plain.id]) {
      const mark = await post(
        "/i/admin/orders",
        mine.cookie,
        new URLSearchParams({ intent: "invoiced", orderId }),
      );
      expect(mark.status).toBe(404);
      const attach = await post("/i/admin/orders/factura", mine.cookie, invoiceForm(orderId));
      expect(attach.status).toBe(404);
    }
    const [row] = await db
      .select()
      .from(orderInvoices)
      .where(and(eq(orderInvoices.storeId, theirs.store.id), eq(orderInvoices.orderId, theirs.order.id)));
    expect(row).toMatchObject({ invoicedAt: null, pdf: null, sentAt: null });
  });

  it("goes whole, files and all, when the order's personal data is erased; other orders keep theirs", async () => {
    const { store, order, line } = await ownerWithRequest();
    const other = await createOrder(db, store.id, { lines: [line], invoice: VALID_INVOICE });
    await db
      .update(orderInvoices)
      .set({ pdf: INVOICE_PDF, xml: INVOICE_XML })
      .where(eq(orderInvoices.orderId, order.id));
    await eraseOrdersPersonalData(db, { storeId: store.id, orderId: order.id });
    const left = await db.select().from(orderInvoices).where(eq(orderInvoices.storeId, store.id));
    expect(left.map((row) => row.orderId)).toEqual([other.id]);
  });

  it("goes into 'Descargar mis datos': a row of facturas.csv, the order's factura in tienda.json, the files as attached", async () => {
    const { store, order, cookie, line } = await ownerWithRequest();
    const asked = await createOrder(db, store.id, {
      lines: [line],
      invoice: { ...VALID_INVOICE, rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", regimenFiscal: "601" },
    });
    expect((await post("/i/admin/orders/factura", cookie, invoiceForm(order.id))).status).toBe(200);
    const response = await fetch(`${running.server.url}/i/cuenta/exportar`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(
      Object.keys(files)
        .filter((name) => name.startsWith("facturas"))
        .sort(),
    ).toEqual(["facturas.csv", `facturas/${order.id}.pdf`, `facturas/${order.id}.xml`]);
    expect(Buffer.from(files[`facturas/${order.id}.pdf`]!)).toEqual(INVOICE_PDF);
    expect(Buffer.from(files[`facturas/${order.id}.xml`]!)).toEqual(INVOICE_XML);
    const [header, ...rows] = strFromU8(files["facturas.csv"]!).trim().split("\r\n");
    expect(header).toBe(
      "Pedido,Solicitada (hora de CDMX),RFC,Nombre o razón social,Régimen fiscal,Uso del CFDI,Código postal,Correo,Facturado (hora de CDMX),PDF,XML,Enviada al cliente (hora de CDMX)",
    );
    expect(rows).toHaveLength(2);
    const invoiced = rows.find((row) => row.startsWith(order.id))!;
    expect(invoiced).toContain(
      `,GODE561231GR8,${VALID_INVOICE.name},612 - Personas Físicas con Actividades Empresariales y Profesionales,G03 - Gastos en general,06600,emilio@example.mx,`,
    );
    expect(invoiced).toContain(`,facturas/${order.id}.pdf,facturas/${order.id}.xml,`);
    const waiting = rows.find((row) => row.startsWith(asked.id))!;
    expect(waiting).toMatch(
      /,ESCUELA KEMPER URGATE,601 - General de Ley Personas Morales,G03 - Gastos en general,.*,,,,$/,
    );

    const json = JSON.parse(strFromU8(files["tienda.json"]!)) as {
      pedidos: { id: string; factura: Record<string, unknown> | null }[];
    };
    const exported = new Map(json.pedidos.map((entry) => [entry.id, entry.factura]));
    expect(exported.get(order.id)).toMatchObject({
      rfc: "GODE561231GR8",
      regimenFiscal: "612",
      usoCfdi: "G03",
      pdf: `facturas/${order.id}.pdf`,
      xml: `facturas/${order.id}.xml`,
      invoicedAt: expect.any(String),
    });
    expect(exported.get(asked.id)).toMatchObject({
      rfc: "EKU9003173C9",
      pdf: null,
      xml: null,
      invoicedAt: null,
    });
  });

  it("answers bodies that are not its form with a refusal, and one past its cap while it streams with 413", async () => {
    const { order, cookie } = await ownerWithRequest();
    const send = (body: BodyInit, type?: string) =>
      fetch(`${running.server.url}/i/admin/orders/factura`, {
        method: "POST",
        headers: {
          cookie,
          Origin: running.server.url,
          Accept: "application/json",
          ...(type ? { "Content-Type": type } : {}),
        },
        body,
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
    for (const [body, type] of [
      ["", "application/x-www-form-urlencoded"],
      ['{"orderId":"x"}', "application/json"],
      ["--roto\r\nsin cierre", "multipart/form-data; boundary=roto"],
    ] as const) {
      const response = await send(body, type);
      expect(response.status, type).toBeGreaterThanOrEqual(400);
      expect(response.status, type).toBeLessThan(500);
    }
    // Three megabytes in chunks, no Content-Length: refused once past the entry's cap.
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 3 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const tooLarge = await send(stream, "multipart/form-data; boundary=grande");
    expect(tooLarge.status).toBe(413);
    expect(await invoiceRow(order.id)).toMatchObject({ pdf: null, sentAt: null });
  });
});
