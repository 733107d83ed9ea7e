/**
 * `npm run restore -- <archive> [--data-dir DIR]`: puts a backup made by `npm run backup` into an
 * empty DATA_DIR. The archive is unpacked aside and every file checked against its SHA-256 manifest
 * first: a damaged archive is refused and nothing is written. The next start replays the WAL in
 * the archive to the moment the backup ended.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { readEnv } from "~/lib/env.server";
import { listFiles, MANIFEST, sha256 } from "~/domain/backup/backup.server";

class RestoreError extends Error {}

async function main() {
  const args = process.argv.slice(2);
  const archive = args.find((arg, index) => !arg.startsWith("--") && args[index - 1] !== "--data-dir");
  if (!archive) throw new RestoreError("Indica el archivo: npm run restore -- backups/tianguis-….tar.gz");
  const dirIndex = args.indexOf("--data-dir");
  const dataDir = path.resolve(dirIndex >= 0 ? args[dirIndex + 1]! : readEnv().dataDir);
  for (const part of ["postgres", "uploads", "postgres-password"]) {
    const existing = path.join(dataDir, part);
    if (
      existsSync(existing) &&
      (!(await fs.stat(existing)).isDirectory() || (await fs.readdir(existing)).length > 0)
    ) {
      throw new RestoreError(`${dataDir} ya tiene datos (${part}). Restaura en un DATA_DIR vacío.`);
    }
  }
  await fs.mkdir(dataDir, { recursive: true });
  // Unpacked beside the target (same disk), so that moving it in is a rename.
  const stage = await fs.mkdtemp(path.join(dataDir, ".restore-"));
  try {
    try {
      await tar.x({ file: path.resolve(archive), cwd: stage, strict: true });
    } catch (error) {
      throw new RestoreError(
        `El respaldo está dañado o no es un respaldo de Tianguis (${(error as Error).message}).`,
      );
    }
    await verify(stage);
    for (const part of ["postgres", "uploads", "postgres-password"]) {
      if (!existsSync(path.join(stage, part))) continue;
      await fs.rm(path.join(dataDir, part), { recursive: true, force: true });
      await fs.rename(path.join(stage, part), path.join(dataDir, part));
    }
    await giveClusterToPostgres(dataDir);
    const info = JSON.parse(await fs.readFile(path.join(stage, "BACKUP.json"), "utf8")) as {
      createdAt: string;
    };
    console.log(
      `Respaldo del ${info.createdAt} restaurado en ${dataDir}. Inicia Tianguis con DATA_DIR=${dataDir} npm start.`,
    );
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

/**
 * As root the embedded PostgreSQL runs as the `postgres` user (app/db/embedded.server.ts), which must
 * own its cluster; the files unpacked here belong to root.
 */
async function giveClusterToPostgres(dataDir: string) {
  if (process.getuid?.() !== 0 || !existsSync(path.join(dataDir, "postgres"))) return;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  } catch {
    return; // no such user yet: the first start creates it (and the cluster's owner must then be fixed)
  }
  const chownTree = async (target: string) => {
    await fs.chown(target, uid, gid);
    if ((await fs.stat(target)).isDirectory()) {
      for (const entry of await fs.readdir(target)) await chownTree(path.join(target, entry));
    }
  };
  await chownTree(path.join(dataDir, "postgres"));
}

/** Every file listed with its hash, and nothing unlisted but the manifest itself. */
async function verify(stage: string) {
  let manifest: string;
  try {
    manifest = await fs.readFile(path.join(stage, MANIFEST), "utf8");
  } catch {
    throw new RestoreError(
      "El respaldo no tiene su lista de comprobación (MANIFEST.sha256): no se restauró nada.",
    );
  }
  const expected = new Map(
    manifest
      .trim()
      .split("\n")
      .map((line) => [line.slice(66), line.slice(0, 64)] as const),
  );
  const present = (await listFiles(stage)).filter((file) => file !== MANIFEST);
  const unlisted = present.filter((file) => !expected.has(file));
  const missing = [...expected.keys()].filter((file) => !present.includes(file));
  const damaged: string[] = [];
  for (const file of present) {
    if (expected.has(file) && (await sha256(path.join(stage, file))) !== expected.get(file))
      damaged.push(file);
  }
  const problems = [...damaged, ...missing, ...unlisted];
  if (problems.length > 0) {
    throw new RestoreError(
      `El respaldo está dañado: ${problems.length} archivo(s) no coinciden con su lista (${problems.slice(0, 3).join(", ")}). No se restauró nada.`,
    );
  }
}

main().catch((error) => {
  console.error(
    error instanceof RestoreError ? error.message : `No se pudo restaurar: ${(error as Error).message}`,
  );
  process.exit(1);
});
