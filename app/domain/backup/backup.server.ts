/**
 * Backups (docs/decisions/014): one timestamped archive with everything Tianguis keeps.
 * With the embedded PostgreSQL it is a hot, consistent base backup taken while the server runs
 * (PostgreSQL's low-level backup API and the WAL it needs), plus the uploaded images, plus a
 * SHA-256 manifest. With DATABASE_URL, the images alone: the database is the operator's (README).
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import type { Executor } from "~/db/client.server";
import { enqueue } from "~/domain/jobs/jobs.server";
import type { Logger } from "~/lib/logger.server";
import { createClient } from "~/db/client.server";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";

/** What a base backup leaves out (PostgreSQL's docs, "Making a base backup using the low level API"). */
const SKIPPED = new Set(["postmaster.pid", "postmaster.opts"]);
const EMPTIED = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);

export const MANIFEST = "MANIFEST.sha256";

export type BackupResult = { archive: string; bytes: number; ms: number; database: "embedded" | "external" };

/** Writes one archive into `outDir` and returns where, how big and how long it took. */
export async function createBackup(options: {
  dataDir: string;
  outDir: string;
  external: boolean;
}): Promise<BackupResult> {
  const started = Date.now();
  const stage = await fs.mkdtemp(path.join(os.tmpdir(), "tianguis-backup-"));
  try {
    const info: Record<string, unknown> = {
      createdAt: new Date().toISOString(),
      database: options.external ? "external" : "embedded",
    };
    if (!options.external) {
      info.postgres = await copyCluster(options.dataDir, path.join(stage, "postgres"));
      await fs.copyFile(
        path.join(options.dataDir, "postgres-password"),
        path.join(stage, "postgres-password"),
      );
    }
    const uploads = path.join(options.dataDir, "uploads");
    if (existsSync(uploads)) await copyTree(uploads, path.join(stage, "uploads"));
    await fs.writeFile(path.join(stage, "BACKUP.json"), JSON.stringify(info, null, 2) + "\n");
    await writeManifest(stage);

    await fs.mkdir(options.outDir, { recursive: true });
    const name = `tianguis-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
    const archive = path.join(options.outDir, name);
    // Written aside and renamed: an archive that exists is complete.
    await tar.c(
      { gzip: true, cwd: stage, file: `${archive}.partial`, portable: false },
      await fs.readdir(stage),
    );
    await fs.rename(`${archive}.partial`, archive);
    const { size } = await fs.stat(archive);
    return {
      archive,
      bytes: size,
      ms: Date.now() - started,
      database: options.external ? "external" : "embedded",
    };
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

/** Deletes the oldest archives of `outDir` beyond the newest `keep`; returns the names deleted. */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  const archives = (await fs.readdir(outDir)).filter((name) => /^tianguis-.*\.tar\.gz$/.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await fs.rm(path.join(outDir, name), { force: true });
  return old;
}

/**
 * A hot base backup of the running embedded cluster (or a cold copy when it is not running): the
 * files between pg_backup_start and pg_backup_stop, then the WAL written meanwhile, and the
 * backup_label PostgreSQL reads to replay it to a consistent state on first start.
 */
async function copyCluster(dataDir: string, target: string) {
  const cluster = path.join(dataDir, "postgres");
  if (!existsSync(path.join(cluster, "PG_VERSION"))) throw new Error(`No hay base de datos en ${cluster}.`);
  const port = await runningPort(cluster);
  if (port === null) {
    await copyTree(cluster, target, (relative) => !SKIPPED.has(relative));
    return { mode: "cold" };
  }
  const password = (await fs.readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
  const client = createClient({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  await client.connect();
  try {
    // The session that starts the backup must stay open until it stops it.
    const { rows } = await client.query("select pg_backup_start('tianguis', true) as lsn");
    await copyTree(cluster, target, (relative) => {
      const [top] = relative.split(path.sep);
      if (SKIPPED.has(relative)) return false;
      return !(EMPTIED.has(top!) && relative !== top);
    });
    const stop = await client.query("select labelfile, spcmapfile, lsn from pg_backup_stop(false)");
    const { labelfile, spcmapfile, lsn } = stop.rows[0] as {
      labelfile: string;
      spcmapfile: string | null;
      lsn: string;
    };
    await fs.writeFile(path.join(target, "backup_label"), labelfile);
    if (spcmapfile) await fs.writeFile(path.join(target, "tablespace_map"), spcmapfile);
    // The WAL from the start to the stop (and a little more): copied after the stop switched segments.
    await copyTree(path.join(cluster, "pg_wal"), path.join(target, "pg_wal"));
    const version = (await client.query("show server_version")).rows[0] as { server_version: string };
    return {
      mode: "hot",
      startLsn: (rows[0] as { lsn: string }).lsn,
      stopLsn: lsn,
      version: version.server_version,
    };
  } finally {
    await client.end();
  }
}

/** The port of the postgres serving this cluster now, or null when none is. */
async function runningPort(cluster: string): Promise<number | null> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(cluster, "postmaster.pid"), "utf8")).split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return Number(lines[3]);
}

/** Copies a directory tree, keeping modes; files that vanish meanwhile (a live cluster) are skipped. */
export async function copyTree(
  source: string,
  target: string,
  keep: (relative: string) => boolean = () => true,
  base = source,
) {
  const stats = await fs.stat(source);
  await fs.mkdir(target, { recursive: true, mode: stats.mode & 0o777 });
  for (const entry of await fs.readdir(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    const relative = path.relative(base, from);
    if (!keep(relative)) {
      if (entry.isDirectory()) await fs.mkdir(to, { recursive: true, mode: 0o700 });
      continue;
    }
    try {
      if (entry.isDirectory()) await copyTree(from, to, keep, base);
      else if (entry.isFile()) {
        await fs.copyFile(from, to);
        await fs.chmod(to, (await fs.stat(from)).mode & 0o777);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** `sha256  relative/path` for every file, like sha256sum writes. */
async function writeManifest(stage: string) {
  const lines: string[] = [];
  for (const file of await listFiles(stage)) lines.push(`${await sha256(path.join(stage, file))}  ${file}`);
  await fs.writeFile(path.join(stage, MANIFEST), lines.join("\n") + "\n");
}

export async function listFiles(root: string, dir = root): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(root, full)));
    else if (entry.isFile()) files.push(path.relative(root, full).split(path.sep).join("/"));
  }
  return files.sort();
}

export function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

export const BACKUP_JOB = "backup";

/** "24h" → ms. */
export function intervalMs(every: string): number {
  const amount = Number.parseInt(every, 10);
  return amount * (every.endsWith("h") ? 3_600_000 : 60_000);
}

/**
 * Queues the backup of the interval `at` falls in: one job per interval (its key), whichever
 * instance asks, run by the job worker (docs/decisions/004).
 */
export async function scheduleBackup(db: Executor, every: string, at = new Date()) {
  const period = intervalMs(every);
  const slot = Math.floor(at.getTime() / period);
  await enqueue(db, BACKUP_JOB, {}, { key: `backup:${every}:${slot}`, runAt: new Date(slot * period) });
}

/** The scheduled backup: writes an archive, keeps the newest `keep`, logs the outcome, queues the next. */
export function backupJob(
  db: Executor,
  options: { dataDir: string; outDir: string; external: boolean; every: string; keep: number },
  logger: Logger,
) {
  return defineJob({
    kind: BACKUP_JOB,
    payload: NO_PAYLOAD,
    run: writeScheduledBackup(db, options, logger),
    schedule: (database, at) => scheduleBackup(database, options.every, at),
  });
}

function writeScheduledBackup(
  db: Executor,
  options: { dataDir: string; outDir: string; external: boolean; every: string; keep: number },
  logger: Logger,
) {
  return async () => {
    try {
      const result = await createBackup(options);
      const pruned = await pruneBackups(options.outDir, options.keep);
      logger.info("backup written", { archive: result.archive, bytes: result.bytes, ms: result.ms, pruned });
    } catch (error) {
      logger.error("backup failed", { error: String(error) });
      throw error;
    } finally {
      await scheduleBackup(db, options.every, new Date(Date.now() + intervalMs(options.every)));
    }
  };
}
