/**
 * What the process tests (shutdown, failover, crash recovery) share: data directories of their
 * own, servers started as a user would and stopped after the file, the embedded cluster as the
 * server left it on disk, and a store with a product to order from.
 */
import { chmod, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { connectDatabase } from "~/db/client.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { startServerProcess, type ServerProcess } from "./server-process";

/** Starts servers and data directories that are stopped and removed after the test file. */
export function processTestKit(prefix: string) {
  const running: ServerProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop().catch(() => {});
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  return {
    async newDataDir() {
      const dir = await mkdtemp(path.join(os.tmpdir(), `tianguis-${prefix}-`));
      await chmod(dir, 0o755);
      dirs.push(dir);
      return dir;
    },
    async start(
      dataDir: string,
      { command, env = {} }: { command?: [string, ...string[]]; env?: Record<string, string> } = {},
    ) {
      const server = await startServerProcess({
        env: { DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "debug", ...env },
        ...(command ? { command } : {}),
      });
      running.push(server);
      return server;
    },
  };
}

/** The embedded cluster as the server left it on disk: its postmaster pid, port and password. */
export async function embeddedCluster(dataDir: string) {
  // A starting PostgreSQL creates postmaster.pid and writes its lines a moment later: a file read
  // in between names no pid or port yet, so it is read again until it names a port.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const lines = (await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n");
    const port = Number(lines[3]);
    if (Number.isInteger(port) && port > 0) {
      const password = (await readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
      return {
        pid: Number(lines[0]),
        url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/tianguis`,
      };
    }
    if (Date.now() > deadline) throw new Error(`postmaster.pid in ${dataDir} names no port`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A store that takes pickup orders, a product at $14 and its owner, in the database at `databaseUrl`. */
export async function shopIn(databaseUrl: string) {
  const connection = connectDatabase(databaseUrl, { max: 2 });
  try {
    const store = await createStore(connection.db, { settings: { allowPickup: true } });
    const product = await createProduct(connection.db, store.id, { name: "Concha", price: 14 });
    const owner = await createOwner(connection.db, { storeId: store.id });
    return { storeId: store.id, productId: product.id, owner };
  } finally {
    await connection.close();
  }
}

export async function childrenOf(parent: number): Promise<number[]> {
  const entries = await readdir("/proc");
  const children: number[] = [];
  for (const entry of entries.filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[1]) === parent) children.push(Number(entry));
  }
  return children;
}

/** Resolves with the exit code once the process has ended. */
export function exited(server: ServerProcess) {
  return new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.once("exit", (code) => resolve(code));
  });
}

/** The JSON log lines a server printed, parsed (other output is skipped). */
export function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return parsed && typeof parsed === "object" ? [parsed as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
}
