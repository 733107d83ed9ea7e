/**
 * The embedded database survives `kill -9` of the server: the next `npm start` finds the
 * orphaned postgres, shuts it down cleanly and comes back with every acknowledged row.
 */
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeOnOwnCluster } from "../support/database";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createClient } from "~/db/client.server";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-crash-"));
await chmod(dataDir, 0o755);
const env = { DATA_DIR: dataDir, DEMO_DATA: "false", SIGNUP_LIMIT_PER_HOUR: "1000" };
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function signUp(baseUrl: string, storeId: string) {
  const response = await fetch(`${baseUrl}/i/signup`, {
    method: "POST",
    body: new URLSearchParams({
      displayName: `Tienda ${storeId}`,
      storeId,
      storeCategory: "gifts",
      email: `${storeId}@example.com`,
      password: "contraseña-segura",
    }),
  });
  const html = await response.text();
  return response.status === 200 && html.includes("¡Tu tienda está lista!");
}

/** Reads the embedded cluster's port and password the way the server left them on disk. */
async function countStores(ids: string[]) {
  const pid = await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8");
  const port = Number(pid.split("\n")[3]);
  const password = (await readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
  const client = createClient({ host: "127.0.0.1", port, user: "postgres", password, database: "tianguis" });
  await client.connect();
  try {
    const { rows } = await client.query("select id from stores where id = any($1)", [ids]);
    return rows.length;
  } finally {
    await client.end();
  }
}

describeOnOwnCluster("kill -9 of a running server", () => {
  it("npm start comes back with every committed row", { timeout: 240_000 }, async () => {
    const first = await startServerProcess({ env });
    running.push(first);

    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = `antes-${i}`;
      if (await signUp(first.url, id)) acknowledged.push(id);
    }
    expect(acknowledged).toHaveLength(5);

    // More sign-ups are in flight when the server is killed; those acknowledged must survive.
    const inFlight = Array.from({ length: 6 }, (_, i) =>
      signUp(first.url, `durante-${i}`).then(
        (ok) => ok && acknowledged.push(`durante-${i}`),
        () => false,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.child.kill("SIGKILL");
    await Promise.all(inFlight);
    if (first.child.exitCode === null && first.child.signalCode === null) {
      await new Promise((resolve) => first.child.once("exit", resolve));
    }

    const second = await startServerProcess({ env, command: ["npm", "start"], timeoutMs: 180_000 });
    running.push(second);
    expect(second.output()).toMatch(
      /stopping postgres left behind by a previous run|removing stale postmaster.pid/,
    );
    expect(await countStores(acknowledged)).toBe(acknowledged.length);

    // And it keeps working: a new sign-up, and a clean shutdown that stops the database.
    expect(await signUp(second.url, "despues")).toBe(true);
    await second.stop();
    // A clean shutdown stops the embedded database, which removes its pid file.
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      (await readFile(pidFile).then(
        () => true,
        () => false,
      ))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await expect(readFile(pidFile, "utf8")).rejects.toThrow();
  });
});
