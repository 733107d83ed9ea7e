import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "~/db/embedded.server";

/** Where Debian's package puts the program; PGBOUNCER_PATH names another. */
const PGBOUNCER_PATHS = [process.env.PGBOUNCER_PATH, "/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"];

export type PgBouncer = {
  /** The same database as the target's URL, reached through PgBouncer. */
  url: string;
  /** What PgBouncer logged so far. */
  output: () => string;
  /** PgBouncer's admin console (`SHOW POOLS`, `SHOW SERVERS`), as the target's user. */
  adminUrl: string;
  /** Ends PgBouncer and removes its configuration. */
  stop: () => Promise<void>;
};

/**
 * A real PgBouncer in transaction pooling mode in front of one database of a test's PostgreSQL,
 * as its own process in the foreground, configured in a temporary folder. `poolSize` is its
 * default_pool_size: the server connections every client of it shares.
 */
export async function startPgBouncer(
  targetUrl: string,
  options: { poolSize: number; maxClients?: number },
): Promise<PgBouncer> {
  const program = PGBOUNCER_PATHS.find((file): file is string => !!file && existsSync(file));
  if (!program) {
    throw new Error(
      "PgBouncer is not installed on this machine, and this test runs Tianguis behind it: " +
        "apt-get install pgbouncer (npm test installs it when it can, see scripts/prepare.mjs)",
    );
  }
  const target = new URL(targetUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const port = await findFreePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-pgbouncer-"));
  const authFile = path.join(dir, "userlist.txt");
  const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;
  await writeFile(authFile, `${quoted(user)} ${quoted(password)}\n`);
  const ini = path.join(dir, "pgbouncer.ini");
  await writeFile(
    ini,
    [
      "[databases]",
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      // No Unix socket: several test files may run a PgBouncer at once.
      "unix_socket_dir =",
      // The password in auth_file serves both sides: clients are checked against it, and PgBouncer
      // logs in to PostgreSQL with it (SCRAM on the embedded cluster). A password-less server
      // (CI's, trust) takes anyone.
      `auth_type = ${password ? "md5" : "trust"}`,
      `auth_file = ${authFile}`,
      `admin_users = ${user}`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize}`,
      `max_client_conn = ${options.maxClients ?? 100}`,
      // Each transaction on the next free server connection in turn, not the most recently used:
      // what a busy PgBouncer does anyway, made certain here, so that anything that relies on a
      // session (a statement prepared by name) fails every time rather than now and then.
      "server_round_robin = 1",
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: as root, it is asked to become nobody, who must read these.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    await chmod(dir, 0o755);
    await chmod(authFile, 0o644);
    await chmod(ini, 0o644);
  }
  const child: ChildProcess = spawn(program, [...(asRoot ? ["-u", "nobody"] : []), ini], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!output.includes(`listening on 127.0.0.1:${port}`)) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`PgBouncer did not start listening:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/pgbouncer";
  return {
    url: url.toString(),
    adminUrl: adminUrl.toString(),
    output: () => output,
    async stop() {
      // SIGTERM: PgBouncer's immediate shutdown, closing whatever connections are left.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
