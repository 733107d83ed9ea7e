/**
 * "Descargar mis datos" (LFPDPPP's access right): one store's data as a ZIP of
 * CSV files (for a spreadsheet) plus one JSON file with everything, generated on the server as it
 * is read — orders a page at a time, so a store with 50,000 orders never sits whole in memory.
 * Every query is bound to the store the guard gave: nothing of another store can get in.
 */
import { paymentState } from "~/domain/orders/payment";
import { describeGroups, formatChoices } from "~/domain/products/choices";
import { discountText } from "~/domain/promotions/promotions";
import { amountToPay } from "~/domain/orders/tips";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { Zip, ZipDeflate } from "fflate";
import type { Executor } from "~/db/client.server";
import {
  cities,
  orderInvoices,
  orderLines,
  orders,
  products,
  storeCategories,
  stores,
  storeSettings,
} from "~/db/schema";
import { regimenText, usoText } from "~/domain/invoices/sat-catalogues";
import { mediaUrl } from "~/domain/images/image-urls";
import { CSV_BOM, csvDateTime, csvRow, dateHeader } from "~/domain/stores/export-csv";

const PAGE = 500;

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
/**
 * A factura request's columns without its files: whether each was attached says where it is in the
 * archive. The files are read one request at a time, on their own.
 */
const INVOICE_FIELDS = (() => {
  const { pdf, xml, ...columns } = getTableColumns(orderInvoices);
  return { ...columns, hasPdf: sql<boolean>`${pdf} is not null`, hasXml: sql<boolean>`${xml} is not null` };
})();
type InvoiceRow = Omit<typeof orderInvoices.$inferSelect, "pdf" | "xml"> & {
  hasPdf: boolean;
  hasXml: boolean;
};

/** Column headers as an owner reads them in a spreadsheet. */
const PRODUCT_COLUMNS = [
  "ID",
  "Nombre",
  "Descripción",
  "Precio",
  "Unidad",
  "Disponible",
  "Categoría",
  "Opciones",
  "Grupos de opciones",
  "Imagen",
  "Creado",
] as const;
const ORDER_COLUMNS = [
  "Número",
  "Fecha",
  "Estado",
  "Cliente",
  "Teléfono",
  "Entrega",
  "Dirección",
  "Zona",
  "Comentarios",
  "Pago",
  "Envío",
  "Total",
  "Programado para",
  "Completado",
  "Descuento",
  "Promociones",
  "Propina",
  "Total a pagar",
  "Estado del pago",
] as const;
const INVOICE_COLUMNS = [
  "Pedido",
  "Solicitada",
  "RFC",
  "Nombre o razón social",
  "Régimen fiscal",
  "Uso del CFDI",
  "Código postal",
  "Correo",
  "Facturado",
  "PDF",
  "XML",
  "Enviada al cliente",
] as const;
/** The columns whose cells are instants: written on the store's clock, their header says which. */
const DATE_COLUMNS = new Set<string>([
  "Creado",
  "Fecha",
  "Programado para",
  "Completado",
  "Solicitada",
  "Facturado",
  "Enviada al cliente",
]);
const headerRow = (columns: readonly string[], timeZone: string) =>
  csvRow(columns.map((column) => (DATE_COLUMNS.has(column) ? dateHeader(column, timeZone) : column)));

const LINE_COLUMNS = [
  "Pedido",
  "Posición",
  "ID del producto",
  "Producto",
  "Opción",
  "Elecciones",
  "Cantidad",
  "Unidad",
  "Precio",
  "Importe",
] as const;

/** The values the spreadsheet shows in Spanish (the JSON keeps the stored ones, for programs). */
export const EXPORT_WORDS = {
  status: { pending: "pendiente", completed: "completada", cancelled: "cancelada" },
  delivery: { pickup: "recoger", delivery: "entrega" },
  payment: {
    cash: "efectivo",
    transfer: "transferencia",
    card: "tarjeta al recibir",
    mercadopago: "tarjeta o Mercado Pago",
  },
  paymentState: { paid: "pagado", waiting: "esperando pago", refunded: "reembolsado", none: "" },
  yes: "sí",
  no: "no",
} as const;

const inSpanish = <K extends string>(words: Record<K, string>, value: string | null) =>
  value === null ? "" : (words[value as K] ?? value);

export const README = [
  "Tus datos en Tianguis",
  "",
  "tienda.json            todo junto: la tienda, su configuración, sus productos y sus pedidos con sus productos",
  "productos.csv          un producto por fila",
  "pedidos.csv            un pedido por fila",
  "pedidos-productos.csv  lo que se pidió en cada pedido, una línea por fila",
  "facturas.csv           cada factura que pidió un cliente, con sus datos fiscales, una por fila",
  "facturas/              el PDF y el XML que adjuntaste a cada factura, con el número del pedido",
  "",
  "Los CSV se abren con Excel, Google Sheets o LibreOffice (UTF-8 con BOM, separados por comas).",
  "Los importes están en pesos mexicanos (MXN).",
  "En los CSV, las fechas y horas están en la hora de la tienda, como 2026-11-20 18:40; el encabezado",
  "de cada columna dice cuál («hora de CDMX»: la de la Ciudad de México). En tienda.json, en UTC (ISO 8601).",
  "",
].join("\r\n");

/** The file name the browser saves the archive under. */
export function exportFileName(storeId: string, now = new Date()) {
  return `tianguis-${storeId}-${now.toISOString().slice(0, 10)}.zip`;
}

/** The archive, chunk by chunk. */
export async function* storeExportZip(
  db: Executor,
  storeId: string,
  now = new Date(),
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    ready.push(chunk);
  });
  const encoder = new TextEncoder();
  async function* file(
    name: string,
    content: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  ) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = now;
    zip.add(entry);
    for await (const part of content) {
      entry.push(typeof part === "string" ? encoder.encode(part) : part);
      yield* ready.splice(0);
    }
    entry.push(new Uint8Array(0), true);
    yield* ready.splice(0);
  }

  const productRows = await db
    .select()
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.createdAt), asc(products.id));
  const [zone] = await db
    .select({ timeZone: storeSettings.timeZone })
    .from(storeSettings)
    .where(eq(storeSettings.storeId, storeId));
  const timeZone = zone!.timeZone;

  yield* file("LEEME.txt", [README]);
  yield* file("tienda.json", storeJson(db, storeId, productRows, now));
  yield* file("productos.csv", [
    CSV_BOM + headerRow(PRODUCT_COLUMNS, timeZone),
    ...productRows.map((product) =>
      csvRow([
        product.id,
        product.name,
        product.description,
        product.price,
        product.unit,
        product.available ? EXPORT_WORDS.yes : EXPORT_WORDS.no,
        product.category,
        product.variations.join(" | "),
        describeGroups(product.choiceGroups),
        product.imageKey ? mediaUrl(product.imageKey) : "",
        csvDateTime(product.createdAt, timeZone),
      ]),
    ),
  ]);
  yield* file("pedidos.csv", ordersCsv(db, storeId, timeZone));
  yield* file("pedidos-productos.csv", linesCsv(db, storeId));
  yield* file("facturas.csv", invoicesCsv(db, storeId, timeZone));
  // One factura's files at a time: a PDF may be 2 MB, and a store may have thousands.
  for await (const page of invoicePages(db, storeId)) {
    for (const { orderId } of page.filter((invoice) => invoice.hasPdf || invoice.hasXml)) {
      const [files] = await db
        .select({ pdf: orderInvoices.pdf, xml: orderInvoices.xml })
        .from(orderInvoices)
        .where(and(eq(orderInvoices.storeId, storeId), eq(orderInvoices.orderId, orderId)));
      if (files?.pdf) yield* file(invoiceFilePath(orderId, "pdf"), [files.pdf]);
      if (files?.xml) yield* file(invoiceFilePath(orderId, "xml"), [files.xml]);
    }
  }
  zip.end();
  yield* ready.splice(0);
}

async function* ordersCsv(db: Executor, storeId: string, timeZone: string) {
  yield CSV_BOM + headerRow(ORDER_COLUMNS, timeZone);
  for await (const page of orderPages(db, storeId)) {
    yield page
      .map((order) =>
        csvRow([
          order.id,
          csvDateTime(order.createdAt, timeZone),
          inSpanish(EXPORT_WORDS.status, order.status),
          order.customerName,
          order.customerPhone,
          inSpanish(EXPORT_WORDS.delivery, order.deliveryType),
          order.address,
          order.deliveryZone,
          order.comments,
          inSpanish(EXPORT_WORDS.payment, order.paymentMethod),
          order.deliveryFee,
          order.total,
          csvDateTime(order.scheduledFor, timeZone),
          csvDateTime(order.completedAt, timeZone),
          order.discount,
          (order.discounts ?? []).map(discountText).join(" · "),
          // Apart from "Total" (app/domain/orders/tips.ts): what the shopper pays is both.
          order.tip,
          amountToPay(order),
          EXPORT_WORDS.paymentState[
            paymentState({
              paymentMethod: order.paymentMethod,
              paid: order.paidAt !== null,
              refunded: order.refundedAt !== null,
            })
          ],
        ]),
      )
      .join("");
  }
}

async function* linesCsv(db: Executor, storeId: string) {
  yield CSV_BOM + csvRow([...LINE_COLUMNS]);
  for await (const page of orderPages(db, storeId)) {
    const lines = await linesOf(db, storeId, page);
    yield lines
      .map((line) =>
        csvRow([
          line.orderId,
          line.position + 1,
          line.productId,
          line.name,
          line.variation,
          formatChoices(line.choices),
          line.quantity,
          line.unit,
          line.price,
          Math.round(line.price * line.quantity * 100) / 100,
        ]),
      )
      .join("");
  }
}

async function* invoicesCsv(db: Executor, storeId: string, timeZone: string) {
  yield CSV_BOM + headerRow(INVOICE_COLUMNS, timeZone);
  for await (const page of invoicePages(db, storeId)) {
    yield page
      .map((invoice) =>
        csvRow([
          invoice.orderId,
          csvDateTime(invoice.createdAt, timeZone),
          invoice.rfc,
          invoice.name,
          regimenText(invoice.regimenFiscal),
          usoText(invoice.usoCfdi),
          invoice.postalCode,
          invoice.email,
          csvDateTime(invoice.invoicedAt, timeZone),
          invoice.hasPdf ? invoiceFilePath(invoice.orderId, "pdf") : "",
          invoice.hasXml ? invoiceFilePath(invoice.orderId, "xml") : "",
          csvDateTime(invoice.sentAt, timeZone),
        ]),
      )
      .join("");
  }
}

/** Where an attached factura file is in the archive. */
const invoiceFilePath = (orderId: string, kind: "pdf" | "xml") => `facturas/${orderId}.${kind}`;

/** The factura requests of a page of orders, in the page's order, without their files. */
async function invoicesOf(db: Executor, storeId: string, page: OrderRow[]): Promise<InvoiceRow[]> {
  const ids = page.map((order) => order.id);
  const rows = await db
    .select(INVOICE_FIELDS)
    .from(orderInvoices)
    .where(and(eq(orderInvoices.storeId, storeId), inArray(orderInvoices.orderId, ids)));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.orderId)! - position.get(b.orderId)!);
}

async function* storeJson(
  db: Executor,
  storeId: string,
  productRows: (typeof products.$inferSelect)[],
  now: Date,
) {
  const [row] = await db
    .select({ store: stores, settings: storeSettings, city: cities.name, category: storeCategories.name })
    .from(stores)
    .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .innerJoin(storeCategories, eq(storeCategories.id, stores.categoryId))
    .where(eq(stores.id, storeId));
  const { storeId: _, logoKey, faviconKey, ...settings } = row!.settings;
  const head = {
    exportadoEl: now.toISOString(),
    tienda: {
      id: row!.store.id,
      ciudad: row!.city,
      categoria: row!.category,
      plan: row!.store.licenceType,
      planVence: row!.store.licenceExpires,
      pruebaVence: row!.store.trialExpiration,
      creada: row!.store.createdAt,
    },
    configuracion: {
      ...settings,
      logo: logoKey ? mediaUrl(logoKey) : null,
      favicon: faviconKey ? mediaUrl(faviconKey) : null,
    },
    productos: productRows.map(({ storeId: _store, imageKey, ...product }) => ({
      ...product,
      imagen: imageKey ? mediaUrl(imageKey) : null,
    })),
  };
  const opening = JSON.stringify(head, null, 2);
  // The object without its closing brace, then the orders as they are read.
  yield `${opening.slice(0, -2)},\n  "pedidos": [`;
  let first = true;
  for await (const page of orderPages(db, storeId)) {
    const lines = new Map<string, LineRow[]>();
    for (const line of await linesOf(db, storeId, page)) {
      lines.set(line.orderId, [...(lines.get(line.orderId) ?? []), line]);
    }
    const invoices = new Map(
      (await invoicesOf(db, storeId, page)).map((invoice) => [invoice.orderId, invoice]),
    );
    for (const { storeId: _store, idempotencyKey: _key, ...order } of page) {
      const invoice = invoices.get(order.id);
      const entry = {
        ...order,
        productos: (lines.get(order.id) ?? []).map(({ storeId: _s, orderId: _o, ...line }) => line),
        factura: invoice ? invoiceJson(invoice) : null,
      };
      yield `${first ? "\n" : ",\n"}    ${JSON.stringify(entry)}`;
      first = false;
    }
  }
  yield `${first ? "" : "\n  "}]\n}\n`;
}

/** A factura request as tienda.json keeps it: its stored fields, and where its files are in the archive. */
function invoiceJson({ storeId: _store, orderId, hasPdf, hasXml, ...invoice }: InvoiceRow) {
  return {
    ...invoice,
    pdf: hasPdf ? invoiceFilePath(orderId, "pdf") : null,
    xml: hasXml ? invoiceFilePath(orderId, "xml") : null,
  };
}

/** Where a page of the store's orders, or of what belongs to them, ends: the last order's time and number. */
type Cursor = { at: string; id: string };

/**
 * Rows in their orders' order, oldest first, a page at a time: keyset on the orders' (created_at,
 * number), the cursor kept as PostgreSQL's own text so its microseconds are not rounded to a
 * JavaScript date's. `read` selects a page after the cursor (`afterCursor`), each row with its
 * order's `at` and `id`.
 */
async function* keysetPages<T>(
  read: (after: Cursor | null) => Promise<{ row: T; at: string; id: string }[]>,
): AsyncGenerator<T[]> {
  let after: Cursor | null = null;
  while (true) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => row);
    if (rows.length < PAGE) return;
    const { at, id } = rows[rows.length - 1]!;
    after = { at, id };
  }
}

const orderCursor = { at: sql<string>`${orders.createdAt}::text`, id: orders.id };
const afterCursor = (after: Cursor | null) =>
  after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})` : undefined;

/** The store's orders, oldest first, a page at a time. */
function orderPages(db: Executor, storeId: string): AsyncGenerator<OrderRow[]> {
  return keysetPages((after) =>
    db
      .select({ row: orders, ...orderCursor })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), afterCursor(after)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(PAGE),
  );
}

/** The store's factura requests in their orders' order, a page at a time, without their files. */
function invoicePages(db: Executor, storeId: string): AsyncGenerator<InvoiceRow[]> {
  return keysetPages((after) =>
    db
      .select({ row: INVOICE_FIELDS, ...orderCursor })
      .from(orderInvoices)
      .innerJoin(orders, and(eq(orders.storeId, orderInvoices.storeId), eq(orders.id, orderInvoices.orderId)))
      .where(and(eq(orderInvoices.storeId, storeId), afterCursor(after)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(PAGE),
  );
}

async function linesOf(db: Executor, storeId: string, page: OrderRow[]): Promise<LineRow[]> {
  const ids = page.map((order) => order.id);
  const rows = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, ids)));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.orderId)! - position.get(b.orderId)! || a.position - b.position);
}
