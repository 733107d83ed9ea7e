/**
 * Backups (docs/decisions/014) through real processes: `npm run backup` while orders are being placed on the
 * embedded database, `npm run restore` into an empty directory, a server started on it has every
 * order acknowledged before the backup began and the uploaded image; damaged archives are refused.
 */
import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, expect, it } from "vitest";
import { describeOnOwnCluster } from "../support/database";
import { connectDatabase, createClient } from "~/db/client.server";
import { createProduct, createStore } from "~/db/factories.server";
import { postOrder } from "../support/shopper";
import { ROOT, startServerProcess, type ServerProcess } from "../support/server-process";

const running: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of running) await server.stop().catch(() => {});
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

function npm(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function clusterUrl(dataDir: string) {
  const lines = (await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n");
  const password = (await readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/tianguis`;
}

describeOnOwnCluster("backup and restore", () => {
  it(
    "a hot backup under order load restores every order acknowledged before it began, and the images",
    { timeout: 240_000 },
    async () => {
      const dataDir = await tempDir("tianguis-backup-src-");
      const backups = await tempDir("tianguis-backups-");
      const server = await startServerProcess({
        env: { DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "warn", TRUST_PROXY: "1" },
      });
      running.push(server);
      const connection = connectDatabase(await clusterUrl(dataDir), { max: 2 });
      const store = await createStore(connection.db, { settings: { allowPickup: true } });
      const product = await createProduct(connection.db, store.id, { name: "Concha", price: 14 });
      await connection.close();
      const image = Buffer.from(Array.from({ length: 5000 }, (_, n) => (n * 7) % 256));
      await mkdir(path.join(dataDir, "uploads", "product-images", store.id), { recursive: true });
      await writeFile(path.join(dataDir, "uploads", "product-images", store.id, "foto.webp"), image);

      const acknowledged: { number: string; at: number }[] = [];
      let placing = true;
      let counter = 0;
      const load = (async () => {
        while (placing) {
          const response = await postOrder(
            server.url,
            { storeId: store.id, productId: product.id },
            { headers: { "X-Forwarded-For": `10.0.${counter++ % 250}.1` } },
          );
          if (response.status === 200) {
            const body = (await response.json()) as { order: { number: string } };
            acknowledged.push({ number: body.order.number, at: Date.now() });
          }
        }
      })();
      // Orders are flowing (a few acknowledged) before the backup begins, however busy the machine.
      await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(5);
      const backupStarted = Date.now();
      const backup = await npm(["backup", "--", "--out", backups], { DATA_DIR: dataDir });
      const backupSeconds = (Date.now() - backupStarted) / 1000;
      // …and keep flowing while and after it runs.
      await expect
        .poll(() => acknowledged.filter((order) => order.at >= backupStarted).length, { timeout: 60_000 })
        .toBeGreaterThan(0);
      placing = false;
      await load;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain("Respaldo listo");
      const before = acknowledged.filter((order) => order.at < backupStarted).map((order) => order.number);
      expect(before.length).toBeGreaterThan(5);
      expect(acknowledged.length).toBeGreaterThan(before.length); // orders kept coming during the backup
      await server.stop();

      const [archive] = await readdir(backups);
      const { size } = await stat(path.join(backups, archive!));
      const restored = await tempDir("tianguis-backup-dst-");
      const restore = await npm(["restore", "--", path.join(backups, archive!), "--data-dir", restored], {});
      expect(restore.code, restore.output).toBe(0);
      const again = await startServerProcess({
        env: { DATA_DIR: restored, DEMO_DATA: "false", LOG_LEVEL: "warn" },
      });
      running.push(again);
      const client = createClient({ connectionString: await clusterUrl(restored) });
      await client.connect();
      const { rows } = await client.query<{ id: string }>("select id from orders where store_id = $1", [
        store.id,
      ]);
      await client.end();
      const present = new Set(rows.map((row) => row.id));
      expect(before.filter((number) => !present.has(number))).toEqual([]);
      const copied = await readFile(path.join(restored, "uploads", "product-images", store.id, "foto.webp"));
      expect(copied.equals(image)).toBe(true);
      expect((await fetch(`${again.url}/${store.id}`)).status).toBe(200);
      await again.stop();
      console.info(
        `[figures] backup in ${backupSeconds.toFixed(1)} s, ${(size / 1e6).toFixed(1)} MB; ` +
          `${before.length} orders acknowledged before it began, all ${before.length} restored; ` +
          `${acknowledged.length - before.length} more placed during and after it`,
      );

      // A damaged archive: the gzip stream itself, or one file inside whose bytes no longer match.
      const source = await readFile(path.join(backups, archive!));
      const flipped = Buffer.from(source);
      for (let i = flipped.length >> 1; i < (flipped.length >> 1) + 64; i++) flipped[i]! ^= 0xff;
      await writeFile(path.join(backups, "danado.tar.gz"), flipped);
      const unpacked = await tempDir("tianguis-backup-tamper-");
      await tar.x({ file: path.join(backups, archive!), cwd: unpacked });
      await writeFile(path.join(unpacked, "uploads", "product-images", store.id, "foto.webp"), "otra cosa");
      await tar.c(
        { gzip: true, cwd: unpacked, file: path.join(backups, "alterado.tar.gz") },
        await readdir(unpacked),
      );
      for (const [name, message] of [
        ["danado.tar.gz", "El respaldo está dañado"],
        ["alterado.tar.gz", "no coinciden con su lista"],
      ] as const) {
        const target = await tempDir("tianguis-backup-refused-");
        const refused = await npm(["restore", "--", path.join(backups, name), "--data-dir", target], {});
        expect(refused.code, name).toBe(1);
        expect(refused.output, name).toContain(message);
        expect(await readdir(target), name).toEqual([]);
      }
    },
  );
});
