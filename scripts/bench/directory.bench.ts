/**
 * City directory budgets: with 10,000 stores and 500,000 products in one city, search
 * p95 ≤ 30 ms for common and rare terms, and the city page's median server render ≤ 30 ms.
 * Generates its own data in a fresh embedded PostgreSQL, then prints the figures (no asserts).
 *
 *   npm run bench directory            (BUILD_DIR=build-x to time another build's server)
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { connectDatabase } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";
import { countVisibleStores, listCategoryCarousels, listStoreStrip } from "~/domain/directory/city.server";
import { listFeaturedProducts, rotateFeaturedProducts } from "~/domain/directory/featured.server";
import { productSearchStatement, searchProducts } from "~/domain/directory/search.server";
import { createLogger } from "~/lib/logger.server";
import { ROOT, startServerProcess } from "../../tests/support/server-process";
import { summary, time } from "./stats";

const STORES = 10_000;
const PRODUCTS_PER_STORE = 50;
const CITY = "aguascalientes";
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

const KINDS = [
  "Pastel",
  "Pan",
  "Concha",
  "Café",
  "Tacos",
  "Tamales",
  "Galletas",
  "Jabón",
  "Vela",
  "Collar",
  "Pulsera",
  "Salsa",
  "Mole",
  "Agua",
  "Nieve",
  "Paleta",
  "Chocolate",
  "Cajeta",
  "Dulce",
  "Taza",
  "Bolsa",
  "Crema",
  "Aceite",
  "Empanada",
  "Gordita",
  "Quesadilla",
  "Torta",
  "Pozole",
  "Enchiladas",
  "Flan",
  "Gelatina",
  "Rebozo",
  "Huipil",
  "Sombrero",
  "Canasta",
  "Maceta",
  "Aretes",
  "Mermelada",
  "Miel",
  "Rompope",
];
const FLAVOURS = [
  "de chocolate",
  "de vainilla",
  "de nuez",
  "de fresa",
  "de cajeta",
  "de guayaba",
  "artesanal",
  "de olla",
  "al pastor",
  "de lavanda",
  "de coco",
  "de mango",
  "de elote",
  "de piloncillo",
  "de canela",
  "de rosas",
  "de barro",
  "bordado",
  "de palma",
  "de plata",
  "de tres leches",
  "de frijol",
  "de chicharrón",
  "de rajas",
  "de temporada",
  "tradicional",
  "casero",
  "de la abuela",
  "orgánico",
  "hecho a mano",
];
const INGREDIENTS = [
  "harina de trigo",
  "leche fresca",
  "huevo de rancho",
  "mantequilla",
  "maíz criollo",
  "chile guajillo",
  "aceite de oliva",
  "cera de abeja",
  "hilo de algodón",
  "barro de la región",
  "azúcar morena",
  "fruta fresca",
];
const NAMES = [
  "Panadería",
  "Taquería",
  "Dulcería",
  "Cafetería",
  "Artesanías",
  "Jabones",
  "Regalos",
  "Cocina",
  "Nevería",
  "Tienda",
];
const SURNAMES = [
  "La Espiga",
  "Don Chuy",
  "Los Arcos",
  "Tía Mary",
  "El Sol",
  "Luna",
  "San Marcos",
  "La Purísima",
  "El Encino",
  "Tlalli",
];

const pgArray = (values: string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", ")}]`);

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  // BENCH_DATA_DIR keeps the generated database between runs (for tuning); by default it is temporary.
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? (await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-directory-")));
  const logger = createLogger("warn");
  const embedded = await startEmbeddedPostgres({ dataDir, logger, databaseName: "tianguis_bench" });
  const connection = connectDatabase(embedded.url, { max: 10 });
  const { db } = connection;
  try {
    await runMigrations(embedded.url);
    const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from products`);
    if (existing.rows[0]!.n > 0) console.log("Reusing the generated data in BENCH_DATA_DIR.");
    else await generateAll(db);

    await benchSearch(connection);
    await benchCityPage(db, embedded.url);
  } finally {
    await connection.close();
    await embedded.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}

async function generateAll(db: ReturnType<typeof connectDatabase>["db"]) {
  console.log(
    `Generating ${STORES.toLocaleString()} stores and ${(STORES * PRODUCTS_PER_STORE).toLocaleString()} products in ${CITY}…`,
  );
  const [generateMs] = await time(() => generate(db));
  console.log(`  generated in ${(generateMs / 1000).toFixed(1)} s`);
}

async function generate(db: ReturnType<typeof connectDatabase>["db"]) {
  await db.execute(sql`
    insert into stores (id, city_id, category_id, is_hidden, licence_type)
    select 'tienda-' || lpad(i::text, 5, '0'), ${CITY}, (array['sweets', 'takeout', 'gifts', 'beauty'])[1 + i % 4],
           i % 50 = 0, 'starter'
    from generate_series(1, ${STORES}) i`);
  await db.execute(sql`
    insert into store_settings (store_id, display_name, logo_key)
    select 'tienda-' || lpad(i::text, 5, '0'),
           (${pgArray(NAMES)})[1 + i % ${NAMES.length}] || ' ' || (${pgArray(SURNAMES)})[1 + (i / ${NAMES.length}) % ${SURNAMES.length}] || ' ' || i,
           case when i % 3 = 0 then null else 'store-logos/tienda-' || lpad(i::text, 5, '0') || '/logo.webp' end
    from generate_series(1, ${STORES}) i`);
  // 500,000 products: common words everywhere; "xoconostle" in 1 of 50,000 (10 products).
  await db.execute(sql`
    insert into products (store_id, id, name, description, available, price, unit, image_key)
    select 'tienda-' || lpad((1 + (i - 1) / ${PRODUCTS_PER_STORE})::text, 5, '0'),
           'p' || i,
           (${pgArray(KINDS)})[1 + abs(hashint4(i)) % ${KINDS.length}] || ' ' || (${pgArray(FLAVOURS)})[1 + abs(hashint4(i + 7000000)) % ${FLAVOURS.length}]
             || case when i % 50000 = 7 then ' con xoconostle' else '' end,
           'Hecho con ' || (${pgArray(INGREDIENTS)})[1 + abs(hashint4(i + 9000000)) % ${INGREDIENTS.length}] || ' en Aguascalientes. Pedido mínimo '
             || (1 + i % 5) || ' piezas.',
           abs(hashint4(i + 11000000)) % 10 <> 0,
           round((10 + (i::bigint * 7919) % 900)::numeric + 0.5, 2),
           'pieza',
           case when abs(hashint4(i + 13000000)) % 20 = 0 then null
                else 'product-images/tienda-' || lpad((1 + (i - 1) / ${PRODUCTS_PER_STORE})::text, 5, '0') || '/p' || i || '.webp' end
    from generate_series(1, ${STORES * PRODUCTS_PER_STORE}) i`);
  await db.execute(sql`vacuum analyze`);
}

const TERMS = {
  common: ["pastel", "pan", "cafe", "chocolate", "de", "harina"],
  rare: ["xoconostle", "pistache", "tamales de chicharron", "no-existe-nada", "100%"],
};

async function benchSearch({ db, pool }: ReturnType<typeof connectDatabase>) {
  console.log(`\nSearch: ${RUNS} runs per term, page 1 and page 5`);
  for (const [kind, terms] of Object.entries(TERMS)) {
    const samples: number[] = [];
    for (const term of terms) {
      const perTerm: number[] = [];
      for (const page of [1, 5]) {
        await searchProducts(db, { cityId: CITY, term, page }); // warm
        for (let run = 0; run < RUNS / 2; run++) {
          const [ms] = await time(() => searchProducts(db, { cityId: CITY, term, page }));
          perTerm.push(ms);
        }
      }
      const first = await searchProducts(db, { cityId: CITY, term, page: 1 });
      const stats = summary(perTerm);
      console.log(
        `  ${kind.padEnd(6)} ${JSON.stringify(term).padEnd(26)} p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  (${first.products.length}${first.hasNextPage ? "+" : ""} on page 1)`,
      );
      samples.push(...perTerm);
    }
    const stats = summary(samples);
    console.log(
      `  ${kind.toUpperCase()} TERMS: p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  max ${fmt(stats.max)}  (budget p95 ≤ 30 ms)`,
    );
  }
  // The search's statement runs inside tianguis_city_search, with the plan the connection keeps:
  // auto_explain shows that plan, after the connection has run the search as often as a worker's.
  const client = await pool.connect();
  try {
    await client.query("load 'auto_explain'");
    const plans: string[] = [];
    client.on("notice", (notice) => {
      if (notice.message?.includes("Query Text: WITH matches")) plans.push(notice.message);
    });
    for (const term of ["pastel", "xoconostle", "de"]) {
      const query = new PgDialect().sqlToQuery(productSearchStatement({ cityId: CITY, term, page: 1 }));
      for (let run = 0; run < 10; run++) await client.query(query.sql, query.params as unknown[]);
      await client.query(
        "set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_buffers = on; " +
          "set auto_explain.log_nested_statements = on; set client_min_messages = log",
      );
      await client.query(query.sql, query.params as unknown[]);
      await client.query("set auto_explain.log_min_duration = -1; set client_min_messages = notice");
      console.log(
        `\nEXPLAIN ANALYZE inside tianguis_city_search (after 10 runs), term ${JSON.stringify(term)}:`,
      );
      for (const line of (plans.pop() ?? "(no plan logged)").split("\n")) console.log(`  ${line}`);
    }
  } finally {
    client.release();
  }
}

async function benchCityPage(db: ReturnType<typeof connectDatabase>["db"], databaseUrl: string) {
  const [rotateMs, rotated] = await time(() => rotateFeaturedProducts(db));
  console.log(
    `\nFeatured rotation over the whole catalogue: ${fmt(rotateMs)} (${rotated.featured} featured)`,
  );

  const parts: Record<string, () => Promise<unknown>> = {
    count: () => countVisibleStores(db, CITY),
    strip: () => listStoreStrip(db, CITY),
    featured: () => listFeaturedProducts(db, CITY),
    carousels: () => listCategoryCarousels(db, CITY),
  };
  console.log("City page queries (in process, sequential):");
  for (const [name, run] of Object.entries(parts)) {
    await run();
    const samples: number[] = [];
    for (let index = 0; index < 50; index++) samples.push((await time(run))[0]);
    const stats = summary(samples);
    console.log(`  ${name.padEnd(10)} p50 ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}`);
  }

  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(ROOT, buildDir, "server", "index.js"))) {
    console.log(
      `\nCity page render: skipped, no server build in ./${buildDir} (run \`npm run build\` first).`,
    );
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-server-"));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      DEMO_DATA: "false",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BUILD_DIR: buildDir,
    },
  });
  try {
    const url = `${server.url}/c/${CITY}`;
    for (let index = 0; index < 10; index++) await (await fetch(url)).text();
    const samples: number[] = [];
    let bytes = 0;
    for (let index = 0; index < RUNS; index++) {
      const [ms, body] = await time(async () => {
        const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        return response.text();
      });
      samples.push(ms);
      bytes = body.length;
    }
    const stats = summary(samples);
    console.log(
      `\nCity page GET /c/${CITY} (${RUNS} requests, full server render incl. HTTP on localhost, ${(bytes / 1024).toFixed(0)} KiB HTML):`,
    );
    console.log(
      `  median ${fmt(stats.p50)}  p95 ${fmt(stats.p95)}  max ${fmt(stats.max)}  (budget median ≤ 30 ms)`,
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
