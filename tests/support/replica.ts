/**
 * A primary and a streaming read replica of Debian's PostgreSQL 15, in a temporary folder on free
 * loopback ports, for the tests of the read routing (docs/decisions/047). The primary is made with
 * `initdb`, the replica from it with `pg_basebackup -R` (it streams from the primary from then on);
 * both run without fsync, as the suite's own clusters do. As root, each program runs as the
 * `postgres` user. Wrap a file that uses it with `describeOnOwnCluster` (./database.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createClient } from "~/db/client.server";
import { findFreePort } from "~/db/embedded.server";
import { runMigrations } from "~/db/migrate.server";

/** Debian's PostgreSQL 15 programs; POSTGRES_BIN names another folder. */
const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";
const DATABASE = "tianguis";

export type ReplicaPair = {
  /** The primary's database, migrated. */
  primaryUrl: string;
  /** The same database on the replica. */
  replicaUrl: string;
  /** `select …` on the replica, as its superuser. */
  onReplica: (text: string) => Promise<Record<string, unknown>[]>;
  /** Stops replaying WAL on the replica (it still receives it): what it shows stays as it is. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp: () => Promise<void>;
  /** Stops the replica (fast shutdown): its port refuses connections. */
  stopReplica: () => Promise<void>;
  /** Starts it again on the same port; it streams from where it stopped. */
  startReplica: () => Promise<void>;
  /**
   * The first half of a failover: the primary stops, and the replica, still a replica (in
   * recovery, streaming from no one), starts on the primary's port, so `primaryUrl` reaches it.
   */
  moveReplicaToPrimaryAddress: () => Promise<void>;
  /** The second half: the replica there is promoted, to a primary on a new timeline. */
  promoteReplica: () => Promise<void>;
  /** Stops both and removes their folder. */
  stop: () => Promise<void>;
};

/** The `postgres` user's ids when running as root (PostgreSQL refuses to run as root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function run(program: string, args: string[], user: { uid: number; gid: number } | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(BIN, program), args, { stdio: ["ignore", "pipe", "pipe"], ...user });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

/** pg_ctl start on a port, waiting until it accepts connections; its log beside the data folder. */
function serverOptions(port: number) {
  return [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c unix_socket_directories=''",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=60",
    // Replay only waits for the tests' reads briefly; a paused replay is the tests' own choice.
    "-c max_standby_streaming_delay=5s",
  ].join(" ");
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  if (!existsSync(path.join(BIN, "pg_basebackup"))) {
    throw new Error(
      `PostgreSQL's programs are not in ${BIN}: apt-get install postgresql-15 (or set POSTGRES_BIN)`,
    );
  }
  const user = postgresUser();
  const dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-replica-"));
  if (user) {
    await chmod(dir, 0o755);
    await chown(dir, user.uid, user.gid);
  }
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  const pgCtl = (args: string[]) => run("pg_ctl", args, user);
  const start = (dataDir: string, port: number) =>
    pgCtl(["-D", dataDir, "-o", serverOptions(port), "-l", `${dataDir}.log`, "-w", "start"]);
  const stop = (dataDir: string, mode: "fast" | "immediate") =>
    pgCtl(["-D", dataDir, "-m", mode, "-w", "stop"]).catch(() => {});

  try {
    await run(
      "initdb",
      ["-D", primaryDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"],
      user,
    );
    const primaryPort = await startOnFreePort((port) => start(primaryDir, port));
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`;
    const admin = createClient(`postgres://postgres@127.0.0.1:${primaryPort}/postgres`);
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    await runMigrations(primaryUrl);
    // initdb's pg_hba.conf lets 127.0.0.1 replicate when it trusts it.
    await run(
      "pg_basebackup",
      [
        "-h",
        "127.0.0.1",
        "-p",
        String(primaryPort),
        "-U",
        "postgres",
        "-D",
        replicaDir,
        "-R",
        "-X",
        "stream",
        "-c",
        "fast",
      ],
      user,
    );
    const replicaPort = await startOnFreePort((port) => start(replicaDir, port));
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/${DATABASE}`;

    const query = async (url: string, text: string) => {
      const client = createClient(url);
      await client.connect();
      try {
        return (await client.query<Record<string, unknown>>(text)).rows;
      } finally {
        await client.end();
      }
    };
    const pair: ReplicaPair = {
      primaryUrl,
      replicaUrl,
      onReplica: (text) => query(replicaUrl, text),
      pauseReplay: async () => void (await query(replicaUrl, "select pg_wal_replay_pause()")),
      resumeReplay: async () => void (await query(replicaUrl, "select pg_wal_replay_resume()")),
      async caughtUp() {
        const [{ lsn }] = (await query(primaryUrl, "select pg_current_wal_flush_lsn()::text as lsn")) as [
          { lsn: string },
        ];
        const deadline = Date.now() + 15_000;
        for (;;) {
          const [row] = await query(
            replicaUrl,
            `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
          );
          if (row?.done) return;
          if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${lsn}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      },
      stopReplica: () => stop(replicaDir, "fast"),
      startReplica: () => start(replicaDir, replicaPort),
      async moveReplicaToPrimaryAddress() {
        await stop(primaryDir, "fast");
        await stop(replicaDir, "fast");
        // pg_basebackup -R wrote where to stream from: the primary's address, which is now its own.
        const autoConf = path.join(replicaDir, "postgresql.auto.conf");
        const settings = await readFile(autoConf, "utf8");
        await writeFile(autoConf, settings.replace(/^primary_conninfo.*$/m, ""));
        await start(replicaDir, primaryPort);
      },
      promoteReplica: () => pgCtl(["-D", replicaDir, "-w", "promote"]),
      async stop() {
        await stop(replicaDir, "immediate");
        await stop(primaryDir, "immediate");
        await rm(dir, { recursive: true, force: true });
      },
    };
    await pair.caughtUp();
    return pair;
  } catch (error) {
    await stop(replicaDir, "immediate");
    await stop(primaryDir, "immediate");
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A free port can be taken before PostgreSQL binds it (files start servers side by side): try another. */
async function startOnFreePort(start: (port: number) => Promise<void>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    try {
      await start(port);
      return port;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
