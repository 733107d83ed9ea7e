/**
 * How long a kept page may outlive the write that changed it (docs/decisions/051), measured from
 * outside: the built server (2 workers, demo marketplace) keeps the store page; the bench renames the
 * store with its own SQL (neither worker made the write, so each learns of it from the database's
 * notice) and asks for the page in a tight loop from the moment the write committed until the new
 * name shows; the staleness is how long after the commit the last request that got the old page was
 * sent. Two runs of ROUNDS each:
 * - listening: the notice reaches the workers (target: well under the 2 s bound);
 * - silenced: the workers' listening connections are frozen (SIGSTOP of their PostgreSQL backends), so
 *   no notice arrives and no statement comes back — memory must stop being trusted within the bound
 *   (target ≤ 2,000 ms; the first round shows it, the later ones read the database).
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench -- page-staleness
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createClient } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { LISTENER_APPLICATION_NAME } from "~/db/listen.server";
import { createLogger } from "~/lib/logger.server";
import { TRUST_MS } from "~/lib/page-cache/version-mirror.server";
import { startServerProcess } from "../../tests/support/server-process";
import { summary } from "./stats";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const STORE = "panaderia-la-espiga";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-staleness-"));
// A directory of its own: the embedded server may run as another user (app/db/embedded.server.ts).
const postgresDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-staleness-db-"));
const embedded = await startEmbeddedPostgres({
  dataDir: postgresDir,
  logger: createLogger("warn"),
  databaseName: "tianguis_bench",
});
const server = await startServerProcess({
  env: {
    DATABASE_URL: embedded.url,
    DATA_DIR: path.join(dataDir, "server"),
    DEMO_DATA: "true",
    WEB_CONCURRENCY: "2",
  },
});
const database = createClient({ connectionString: embedded.url });
await database.connect();

/**
 * Renames the store, then asks for its page until it shows the new name: how long after the commit
 * the last request that still got the old page was sent (0 when none did). The time a render of the
 * new page takes is not staleness: it is not counted.
 */
async function staleness(round: string) {
  const name = `Panadería ${round}`;
  await database.query("update store_settings set display_name = $1 where store_id = $2", [name, STORE]);
  const committed = performance.now();
  let lastStale = committed;
  for (;;) {
    const sent = performance.now();
    const html = await (await fetch(`${server.url}/${STORE}`)).text();
    if (html.includes(name)) return lastStale - committed;
    lastStale = sent;
  }
}

async function run(label: string, target: string) {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Both workers keep the page before the write.
    for (let i = 0; i < 4; i++) await fetch(`${server.url}/${STORE}`).then((response) => response.text());
    samples.push(await staleness(`${label}-${round}`));
  }
  const { p50, p95, max } = summary(samples);
  console.log(
    `  ${label.padEnd(10)} median ${p50.toFixed(1)} ms · p95 ${p95.toFixed(1)} ms · max ${max.toFixed(1)} ms  (${target})`,
  );
  return max;
}

try {
  console.log(
    `A write's staleness on the other workers, ${ROUNDS} rounds each (ms from the commit to the last request sent that still got the page from before it)`,
  );
  await run("listening", `target: well under the ${TRUST_MS} ms bound`);
  const { rows } = await database.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and application_name = $1",
    [LISTENER_APPLICATION_NAME],
  );
  for (const { pid } of rows) process.kill(pid, "SIGSTOP");
  try {
    const max = await run("silenced", `target: ≤ ${TRUST_MS} ms`);
    console.log(
      `  ${rows.length} listening connections frozen; bound ${max <= TRUST_MS + 250 ? "held ✓" : "✗"}`,
    );
  } finally {
    for (const { pid } of rows) process.kill(pid, "SIGCONT");
  }
} finally {
  await database.end();
  await server.stop();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(postgresDir, { recursive: true, force: true });
}
