/**
 * The catalogue import (docs/decisions/035): a file of 2,000 rows read, previewed and applied, in a
 * fresh embedded PostgreSQL — 1,000 rows changing the prices of a Pro store's 1,000 products by
 * their ID and 1,000 new products (those put on sale kept within the plan's 500). Prints the
 * seconds of each step and in all, for the CSV and the same rows as XLSX (target: 10 s in all).
 *
 *   npm run bench -- import
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createProduct, createStore } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import {
  catalogueCsv,
  catalogueXlsx,
  readSheet,
  type SheetKind,
} from "~/domain/products/catalogue-files.server";
import { applyImport, catalogueRows, previewImport } from "~/domain/products/catalogue.server";
import { createLogger } from "~/lib/logger.server";
import { time } from "./stats";

const EXISTING = 1_000;
const NEW = 1_000;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-import-"));
const logger = createLogger("warn");
const embedded = await startEmbeddedPostgres({ dataDir, logger, databaseName: "postgres" });
try {
  await runMigrations(embedded.url);
  const connection = connectDatabase(embedded.url, { max: 4 });
  const { db } = connection;
  const storage = createLocalStorage(path.join(dataDir, "uploads"));

  async function fileOf(kind: SheetKind) {
    const store = await createStore(db, {
      licenceType: "premier",
      licenceExpires: new Date(Date.now() + 30 * 86_400_000),
    });
    for (let i = 0; i < EXISTING; i += 1)
      await createProduct(db, store.id, {
        name: `Producto ${kind} ${i}`,
        price: 10 + (i % 90),
        available: i < 400,
      });
    // The export, every price up by a peso, and 1,000 new rows of which 100 go on sale.
    const rows = (await catalogueRows(db, store.id)).map((row) =>
      row.map((cell, i) => (i === 4 ? Number(cell) + 1 : cell)),
    );
    for (let i = 0; i < NEW; i += 1)
      rows.push([
        "",
        `Nuevo ${kind} ${i}`,
        "Hecho hoy",
        "",
        25,
        "pieza",
        i < 100 ? "Sí" : "No",
        "",
        "",
        "",
        "",
        "",
      ]);
    const bytes = kind === "csv" ? new TextEncoder().encode(catalogueCsv(rows)) : await catalogueXlsx(rows);
    return { storeId: store.id, bytes };
  }

  for (const kind of ["csv", "xlsx"] as const) {
    const { storeId, bytes } = await fileOf(kind);
    const [readMs, rows] = await time(() => readSheet(bytes, kind));
    const [previewMs, preview] = await time(() => previewImport(db, storeId, { rows, photos: null }));
    const [applyMs, applied] = await time(() =>
      applyImport(db, storeId, { rows, photos: null }, { storage, logger }),
    );
    if (preview.refused.length > 0 || applied.created !== NEW || applied.changed !== EXISTING)
      throw new Error(
        `unexpected result: ${JSON.stringify({ refused: preview.refused.slice(0, 3), applied: { created: applied.created, changed: applied.changed } })}`,
      );
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `import ${kind.toUpperCase()} of ${rows.length} rows (${(bytes.byteLength / 1024).toFixed(0)} KB): ` +
        `read ${seconds(readMs)} s, preview ${seconds(previewMs)} s, apply ${seconds(applyMs)} s — ` +
        `${seconds(readMs + previewMs + applyMs)} s in all (target ≤ 10 s)`,
    );
  }
  await connection.close();
} finally {
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
