/**
 * First start's demo seed (docs/decisions/020): the time `seedDemoMarketplace` takes in a fresh embedded
 * PostgreSQL with local image storage, the share of it spent drawing and storing the pictures,
 * and what the pictures weigh. The server logs the same seed time at start-up (no asserts).
 *
 *   npm run bench -- demo-seed
 */
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase } from "~/db/client.server";
import { DEMO_STORES } from "~/db/demo/demo-marketplace";
import { demoProductSvg, drawDemoImage } from "~/db/demo/demo-images.server";
import { seedDemoMarketplace } from "~/db/demo/seed.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";
import { createLocalStorage } from "~/domain/images/local-storage.server";
import { createLogger } from "~/lib/logger.server";
import { time } from "./stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function directorySize(dir: string) {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    files += 1;
  }
  return { bytes, files };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-seed-"));
const embedded = await startEmbeddedPostgres({
  dataDir,
  logger: createLogger("warn"),
  databaseName: "postgres",
});
try {
  const admin = connectDatabase(embedded.url, { max: 1 });
  const seeds: number[] = [];
  let uploads = { bytes: 0, files: 0 };
  for (let run = 0; run < RUNS; run++) {
    const name = `tianguis_seed_${run}`;
    await admin.pool.query(`create database ${name}`);
    const url = new URL(embedded.url);
    url.pathname = `/${name}`;
    await runMigrations(url.toString());
    const connection = connectDatabase(url.toString(), { max: 4 });
    const uploadDir = path.join(dataDir, `uploads-${run}`);
    const [ms] = await time(() =>
      seedDemoMarketplace(connection.db, new Date(), createLocalStorage(uploadDir)),
    );
    seeds.push(ms);
    uploads = await directorySize(uploadDir);
    await connection.close();
  }
  await admin.close();

  // The drawing alone (SVG → PNG), without storing: what the pictures add to the seed.
  const drawings = DEMO_STORES.flatMap((store) =>
    store.products.map((product) => demoProductSvg(store, product)),
  );
  const [drawMs] = await time(() => Promise.all(drawings.map((svg) => drawDemoImage(svg))));

  seeds.sort((a, b) => a - b);
  const products = DEMO_STORES.reduce((sum, store) => sum + store.products.length, 0);
  console.log(
    `demo seed (${DEMO_STORES.length} stores, ${products} products, pictures included): ` +
      `median ${seeds[(RUNS - 1) >> 1]!.toFixed(0)} ms, max ${seeds.at(-1)!.toFixed(0)} ms over ${RUNS} runs`,
  );
  console.log(`drawing the ${drawings.length} product pictures alone: ${drawMs.toFixed(0)} ms`);
  console.log(
    `stored pictures: ${uploads.files} files (main + thumbnails), ${(uploads.bytes / 1024).toFixed(0)} KB`,
  );
} finally {
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
