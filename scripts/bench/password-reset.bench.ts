/**
 * Password reset answer times (docs/decisions/017): "¿Olvidaste tu contraseña?" for an e-mail that has an
 * account and for one that has none, interleaved, against the built server, each request from its
 * own address behind a trusted proxy (so no limit answers). Prints both sets' p50/p95/max, the
 * difference of their medians and whether it is within the stated tolerance (5 ms or 10 % of the
 * median, whichever is larger); tests never assert on time. The answers' status and page are
 * checked to be the same (the integration test asserts that).
 *
 *   npm run build && npm run bench -- password-reset     (BENCH_RESETS=200 for more samples)
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { connectDatabase } from "~/db/client.server";
import { startEmbeddedPostgres } from "~/db/embedded.server";
import { createOwner } from "~/db/factories.server";
import { runMigrations } from "~/db/migrate.server";
import { createLogger } from "~/lib/logger.server";
import { startServerProcess } from "../../tests/support/server-process";
import { summary, time } from "./stats";

const SAMPLES = Number(process.env.BENCH_RESETS ?? 100);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-reset-"));
  const serverDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-bench-server-"));
  const logger = createLogger("warn");
  const embedded = await startEmbeddedPostgres({ dataDir, logger, databaseName: "tianguis_bench" });
  const connection = connectDatabase(embedded.url, { max: 5 });
  try {
    await runMigrations(embedded.url);
    // Enough accounts that the per-e-mail limit (3 an hour) never changes what a request does.
    const owners = await Promise.all(
      Array.from({ length: SAMPLES }, (_, i) =>
        createOwner(connection.db, {
          email: `dueno-${i}@bench.tianguis.mx`,
          passwordHash: "scrypt$1$1$1$AA$AA",
        }),
      ),
    );
    const server = await startServerProcess({
      env: {
        DATABASE_URL: embedded.url,
        DEMO_DATA: "false",
        DATA_DIR: serverDir,
        LOG_LEVEL: "warn",
        TRUST_PROXY: "1",
      },
    });
    try {
      const ask = (email: string, i: number) =>
        fetch(`${server.url}/i/olvide-contrasena`, {
          method: "POST",
          body: new URLSearchParams({ email }),
          headers: { "X-Forwarded-For": `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
        }).then(async (response) => ({
          status: response.status,
          body: (await response.text()).replace(/nonce="[^"]*"/g, ""),
        }));
      // Warm-up: the first requests pay for module loading and the pool's connections.
      for (let i = 0; i < 10; i++) await ask(`calentando-${i}@bench.tianguis.mx`, 10_000 + i);

      const known: number[] = [];
      const unknown: number[] = [];
      const answers = new Set<string>();
      for (let i = 0; i < SAMPLES; i++) {
        // Interleaved, so a drift of the machine's load touches both sets alike.
        const [msKnown, a] = await time(() => ask(owners[i]!.email, 2 * i));
        const [msUnknown, b] = await time(() => ask(`nadie-${i}@bench.tianguis.mx`, 2 * i + 1));
        known.push(msKnown);
        unknown.push(msUnknown);
        answers.add(`${a.status} ${a.body}`).add(`${b.status} ${b.body}`);
      }
      const k = summary(known);
      const u = summary(unknown);
      const difference = Math.abs(k.p50 - u.p50);
      const tolerance = Math.max(5, 0.1 * Math.max(k.p50, u.p50));
      console.log(`password reset request, ${SAMPLES} of each, interleaved:`);
      console.log(`  account exists:    p50 ${fmt(k.p50)}  p95 ${fmt(k.p95)}  max ${fmt(k.max)}`);
      console.log(`  no such account:   p50 ${fmt(u.p50)}  p95 ${fmt(u.p95)}  max ${fmt(u.max)}`);
      console.log(
        `  median difference: ${fmt(difference)} (tolerance ${fmt(tolerance)}: ${difference <= tolerance ? "within" : "OUTSIDE"})`,
      );
      console.log(`  distinct answers (status and page): ${answers.size}`);
    } finally {
      await server.stop();
    }
  } finally {
    await connection.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(serverDir, { recursive: true, force: true });
  }
}

await main();
