/**
 * The connection budget: an instance says in /readyz what it may open to the database, and one
 * the database cannot hold refuses to start, saying why, instead of failing requests later.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { createTestDatabase } from "../support/database";
import { useServerProcess } from "../support/http-server";
import { startServerProcess } from "../support/server-process";

const { url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl, { WEB_CONCURRENCY: "1", DB_POOL_MAX: "6" });

describe("the connection budget", () => {
  it("is in /readyz: the pool, the listener and the job worker of each worker", async () => {
    const ready = (await (await fetch(`${running.server.url}/readyz`)).json()) as Record<string, unknown>;
    expect(ready.connections).toEqual({ workers: 1, pool: 6, perWorker: 8, instance: 8 });
  });

  it("an instance the database cannot hold does not start, and says what to change", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-budget-"));
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
    const start = startServerProcess({
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        WEB_CONCURRENCY: "3",
        DB_POOL_MAX: "200",
      },
    });
    await expect(start).rejects.toThrow(
      /Tianguis cannot start: this instance needs 606 database connections \(3 workers × \(pool 200 \+ 2\)\) but the database accepts \d+/,
    );
  });
});
