/**
 * A Patroni cluster on this machine, configured as docs/deploy.md's "Several machines" sets one up
 * for Tianguis: etcd (its v3 API), three PostgreSQL 15 nodes under Patroni — a primary, a
 * synchronous standby and an asynchronous replica (`nosync`) — and HAProxy in front with a
 * read-write port (Patroni's `/primary`) and a read-only one (`/replica`). Every file is the
 * documented one: `docs/deploy/patroni.yml` read by every node beside a file of its own (its name,
 * addresses and data folder, as `20-node.yml` is on a machine), `docs/deploy/haproxy.cfg` with
 * loopback ports for its addresses, `docs/deploy/etcd.env` for one member instead of three, and
 * the SQL block of docs/deploy.md for Tianguis's role and database.
 *
 * Everything runs on loopback ports with its data in one temporary folder; as root, PostgreSQL
 * and Patroni run as the `postgres` user, which owns the nodes' folders. `stop()` ends every
 * process and removes the folder. Nothing here imports Vitest: the bench runs it too.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createClient } from "~/db/client.server";
import { findFreePort } from "~/db/embedded.server";
import { ROOT } from "./server-process";

/** Where Debian's packages put the programs; the environment names others (scripts/prepare.mjs). */
export const PATRONI_PROGRAMS = {
  patroni: process.env.PATRONI_PATH ?? "/usr/bin/patroni",
  patronictl: process.env.PATRONICTL_PATH ?? "/usr/bin/patronictl",
  etcd: process.env.ETCD_PATH ?? "/usr/bin/etcd",
  haproxy: process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy",
  postgresBin: process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin",
};

const DEPLOY = path.join(ROOT, "docs/deploy");
/** The documented machines' addresses, replaced by loopback ports here. */
const DOCUMENTED_SUBNET = "10.0.0.0/24";
const DOCUMENTED_NODES = ["pg1", "pg2", "pg3"] as const;

/** A member as Patroni's REST API lists it (`GET /cluster`). */
export type Member = {
  name: string;
  role: "leader" | "sync_standby" | "replica" | string;
  state: string;
  host: string;
  port: number;
  timeline?: number;
  lag?: number | string;
};

export type PatroniNode = {
  name: string;
  pgPort: number;
  apiPort: number;
  dataDir: string;
  configDir: string;
};

export type PatroniCluster = {
  nodes: PatroniNode[];
  /** Tianguis's DATABASE_URL: its own role and database, through HAProxy's read-write port. */
  url: string;
  /** The same role and database through HAProxy's read-only port (the standbys). */
  readOnlyUrl: string;
  /** The superuser, through HAProxy's read-write port, on `database` (default postgres). */
  superuserUrl: (database?: string) => string;
  /** `patronictl -c <a live node's configuration> …`, its output; rejects when it fails. */
  patronictl: (args: string[]) => Promise<string>;
  /** The members as Patroni's REST API lists them, asked of any node that answers. */
  members: () => Promise<Member[]>;
  /** The leader's name, or undefined while there is none. */
  leader: () => Promise<string | undefined>;
  /**
   * Waits until the cluster has a running leader, a streaming synchronous standby and, when all
   * three nodes run, the streaming asynchronous replica; resolves with the members.
   */
  healthy: (timeoutMs?: number) => Promise<Member[]>;
  /** SIGKILL to a node's Patroni and its postmaster, at once: its machine is gone. */
  kill: (name: string) => Promise<void>;
  /** Starts a killed node's Patroni again: it recovers, rewinds if it must, and follows the leader. */
  restart: (name: string) => Promise<void>;
  /** What a node's Patroni logged (the last 256 KB). */
  output: (name: string) => string;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Throws, with the one command to run, when a program the cluster needs is missing. */
function checkPrograms() {
  const missing = [
    [PATRONI_PROGRAMS.patroni, "patroni"],
    [PATRONI_PROGRAMS.etcd, "etcd-server"],
    [PATRONI_PROGRAMS.haproxy, "haproxy"],
    [path.join(PATRONI_PROGRAMS.postgresBin, "postgres"), "postgresql-15"],
  ].filter(([file]) => !existsSync(file!));
  if (missing.length > 0) {
    throw new Error(
      `This test runs a Patroni cluster, and this machine lacks ${missing.map(([, name]) => name).join(", ")}: ` +
        `apt-get install ${missing.map(([, name]) => name).join(" ")} (npm test installs them when it can, see scripts/prepare.mjs)`,
    );
  }
}

/** A child process whose output is kept (its last 256 KB) and whose exit can be awaited. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 512_000) output = output.slice(-256_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return { child, exited, output: () => output };
}

type Running = ReturnType<typeof run>;

function alive(running: Running | undefined) {
  return !!running && running.child.exitCode === null && running.child.signalCode === null;
}

/** Whether a process id is alive (and not a zombie). */
function pidAlive(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** A process the cluster needs has exited: waiting longer would change nothing. */
class Exited extends Error {}

/** Resolves with what `check` returns once it is defined; a failing check is tried again. */
async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof Exited) throw error;
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await sleep(100);
  }
}

/** `KEY=value` lines of an environment file, comments and blank lines skipped. */
function parseEnvFile(text: string) {
  return Object.fromEntries(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  ) as Record<string, string>;
}

/** The documented file with `from` replaced by `to`, which must be there. */
function replaceDocumented(text: string, from: string | RegExp, to: string, file: string) {
  const replaced = text.replace(from, to);
  if (replaced === text) throw new Error(`docs/deploy/${file} no longer has ${String(from)}`);
  return replaced;
}

/**
 * haproxy.cfg of docs/deploy with this cluster's ports: its two ports on loopback, and each
 * documented server (pg1, pg2, pg3 at 10.0.0.21–23:5432, their Patroni on 8008) on its node's.
 */
export function clusterHaproxyConfig(nodes: PatroniNode[], ports: { rw: number; ro: number }) {
  let config = readFileSync(path.join(DEPLOY, "haproxy.cfg"), "utf8");
  config = replaceDocumented(config, "bind 127.0.0.1:5000", `bind 127.0.0.1:${ports.rw}`, "haproxy.cfg");
  config = replaceDocumented(config, "bind 127.0.0.1:5001", `bind 127.0.0.1:${ports.ro}`, "haproxy.cfg");
  nodes.forEach((node, index) => {
    config = replaceDocumented(
      config,
      new RegExp(`server ${node.name} 10\\.0\\.0\\.2${index + 1}:5432 check port 8008`, "g"),
      `server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.apiPort}`,
      "haproxy.cfg",
    );
  });
  return config;
}

/** The SQL block of docs/deploy.md that makes Tianguis's role and database, with `password`. */
export function documentedDatabaseSql(password: string) {
  const markdown = readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8");
  const block = [...markdown.matchAll(/```sql\n([\s\S]+?)```/g)]
    .map((match) => match[1]!)
    .find((sql) => sql.includes("create role tianguis"));
  if (!block) throw new Error("docs/deploy.md has no sql block that creates the tianguis role");
  return replaceDocumented(block, /'change-me-tianguis'/g, `'${password}'`, "../deploy.md");
}

export async function startPatroniCluster(): Promise<PatroniCluster> {
  checkPrograms();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-patroni-"));
  // As root, the nodes run as postgres, which must reach their folders through this one.
  await chmod(dir, 0o755);
  const postgresUser = asRoot ? userIds("postgres") : undefined;
  const passwords = {
    superuser: randomBytes(12).toString("hex"),
    replication: randomBytes(12).toString("hex"),
    rewind: randomBytes(12).toString("hex"),
    tianguis: randomBytes(12).toString("hex"),
  };

  let etcd: Running | undefined;
  let haproxy: Running | undefined;
  const patronis = new Map<string, Running>();
  const nodes: PatroniNode[] = [];

  /** Ends a node at once: Patroni first (so it starts nothing again), then, right after, its postmaster. */
  const killNode = async (node: PatroniNode, postmasterSignal: NodeJS.Signals) => {
    const patroni = patronis.get(node.name);
    const pid = await postmasterPid(node);
    if (alive(patroni)) patroni!.child.kill("SIGKILL");
    if (pid && pidAlive(pid)) process.kill(pid, postmasterSignal);
    await patroni?.exited;
    return pid;
  };

  const stop = async () => {
    // SIGQUIT is PostgreSQL's immediate shutdown: its processes end and its shared memory goes.
    const postmasters = await Promise.all(
      nodes.map((node) => killNode(node, "SIGQUIT").catch(() => undefined)),
    );
    for (const running of [haproxy, etcd]) if (alive(running)) running!.child.kill("SIGTERM");
    await Promise.all([haproxy?.exited, etcd?.exited]);
    const deadline = Date.now() + 10_000;
    while (postmasters.some((pid) => pid && pidAlive(pid)) && Date.now() < deadline) await sleep(50);
    await rm(dir, { recursive: true, force: true });
  };

  try {
    // etcd: pg1's documented file, as the only member, on loopback ports, its data in the folder.
    const etcdClient = await findFreePort();
    const etcdPeer = await findFreePort();
    const documentedEtcd = parseEnvFile(readFileSync(path.join(DEPLOY, "etcd.env"), "utf8"));
    const etcdEnv = {
      ...documentedEtcd,
      ETCD_DATA_DIR: path.join(dir, "etcd"),
      ETCD_LISTEN_PEER_URLS: `http://127.0.0.1:${etcdPeer}`,
      ETCD_LISTEN_CLIENT_URLS: `http://127.0.0.1:${etcdClient}`,
      ETCD_INITIAL_ADVERTISE_PEER_URLS: `http://127.0.0.1:${etcdPeer}`,
      ETCD_ADVERTISE_CLIENT_URLS: `http://127.0.0.1:${etcdClient}`,
      ETCD_INITIAL_CLUSTER: `${documentedEtcd.ETCD_NAME}=http://127.0.0.1:${etcdPeer}`,
    };
    etcd = run(PATRONI_PROGRAMS.etcd, [], { PATH: process.env.PATH, ...etcdEnv });
    await until("etcd to answer", 30_000, async () => {
      if (!alive(etcd)) throw new Exited(`etcd exited:\n${etcd!.output()}`);
      const health = await fetch(`http://127.0.0.1:${etcdClient}/health`).then((response) => response.json());
      return (health as { health?: string }).health === "true" ? true : undefined;
    });

    const documentedPatroni = replaceDocumented(
      readFileSync(path.join(DEPLOY, "patroni.yml"), "utf8"),
      new RegExp(DOCUMENTED_SUBNET.replace(/\./g, "\\."), "g"),
      "127.0.0.1/32",
      "patroni.yml",
    );
    for (const name of DOCUMENTED_NODES) {
      const nodeDir = path.join(dir, name);
      await mkdir(nodeDir, { mode: 0o700 });
      const node: PatroniNode = {
        name,
        pgPort: await findFreePort(),
        apiPort: await findFreePort(),
        dataDir: path.join(nodeDir, "data"),
        configDir: path.join(nodeDir, "patroni"),
      };
      await mkdir(node.configDir);
      await writeFile(path.join(node.configDir, "10-cluster.yml"), documentedPatroni);
      // JSON is YAML: the machine's own file, as docs/deploy.md shows pg1's, and what a test changes.
      await writeFile(
        path.join(node.configDir, "20-node.yml"),
        JSON.stringify(nodeConfig(node, nodeDir, { etcdClient, passwords }), null, 2),
      );
      if (postgresUser) {
        for (const entry of [nodeDir, node.configDir]) await chown(entry, postgresUser.uid, postgresUser.gid);
      }
      nodes.push(node);
    }

    const startPatroni = (node: PatroniNode) => {
      const command = asRoot
        ? ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", PATRONI_PROGRAMS.patroni]
        : [PATRONI_PROGRAMS.patroni];
      const running = run(command[0]!, [...command.slice(1), node.configDir], {
        PATH: process.env.PATH,
        HOME: path.dirname(node.dataDir),
        LANG: "C.UTF-8",
      });
      patronis.set(node.name, running);
      return running;
    };

    const api = async <T>(node: PatroniNode, route: string): Promise<{ status: number; body: T }> => {
      const response = await fetch(`http://127.0.0.1:${node.apiPort}${route}`, {
        signal: AbortSignal.timeout(2_000),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as T };
    };

    // pg1 makes the cluster (initdb), then pg2 and pg3 copy it (pg_basebackup) at once.
    startPatroni(nodes[0]!);
    await until("pg1 to bootstrap the cluster and lead it", 60_000, async () => {
      if (!alive(patronis.get("pg1")))
        throw new Exited(`pg1's Patroni exited:\n${patronis.get("pg1")!.output()}`);
      return (await api(nodes[0]!, "/primary")).status === 200 ? true : undefined;
    });
    for (const node of nodes.slice(1)) startPatroni(node);

    const proxy = await startHaproxy(dir, nodes);
    haproxy = proxy.running;
    const ports = proxy.ports;

    const members = async () => {
      for (const node of nodes) {
        if (!alive(patronis.get(node.name))) continue;
        try {
          const { status, body } = await api<{ members: Member[] }>(node, "/cluster");
          if (status === 200 && body?.members) return body.members;
        } catch {
          // this node's API does not answer: ask the next
        }
      }
      throw new Error("no Patroni answers");
    };
    let lastSeen: Member[] = [];
    const healthy = (timeoutMs = 60_000) =>
      until("a leader, a streaming synchronous standby and the replica", timeoutMs, async () => {
        const list = await members();
        lastSeen = list;
        const running = nodes.filter((node) => alive(patronis.get(node.name)));
        const leader = list.find((member) => member.role === "leader" && member.state === "running");
        const sync = list.find((member) => member.role === "sync_standby" && member.state === "running");
        if (!leader || !sync) return undefined;
        // What the primary itself says of its standbys' connections (pg_stat_replication).
        const { body } = await api<{
          replication?: { application_name: string; state: string; sync_state: string }[];
        }>(
          nodes.find((node) => node.name === leader.name)!,
          "/patroni",
        );
        const streaming = (body.replication ?? []).filter((standby) => standby.state === "streaming");
        const syncStreaming = streaming.some(
          (standby) => standby.application_name === sync.name && standby.sync_state === "sync",
        );
        return syncStreaming && streaming.length === running.length - 1 ? list : undefined;
      }).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; members: ${JSON.stringify(lastSeen)}`);
      });

    const superuserUrl = (database = "postgres") =>
      `postgres://postgres:${passwords.superuser}@127.0.0.1:${ports.rw}/${database}`;
    await healthy(90_000);

    // Tianguis's role and database, as docs/deploy.md makes them on the primary through HAProxy.
    const admin = createClient({ connectionString: superuserUrl() });
    await until("the primary through HAProxy", 30_000, async () => {
      await admin.connect();
      return true;
    });
    try {
      for (const statement of documentedDatabaseSql(passwords.tianguis).split(/;\s*\n/)) {
        if (statement.trim()) await admin.query(statement);
      }
    } finally {
      await admin.end();
    }

    // Asynchronous: a switchover takes seconds, and the load beside it must go on meanwhile.
    const patronictl = async (args: string[]) => {
      const node = nodes.find((each) => alive(patronis.get(each.name)))!;
      const running = run(PATRONI_PROGRAMS.patronictl, ["-c", node.configDir, ...args], {
        PATH: process.env.PATH,
        HOME: dir,
        LANG: "C.UTF-8",
      });
      await running.exited;
      if (running.child.exitCode !== 0) {
        throw new Error(
          `patronictl ${args.join(" ")} exited with ${running.child.exitCode}:\n${running.output()}`,
        );
      }
      return running.output();
    };

    return {
      nodes,
      url: `postgres://tianguis:${passwords.tianguis}@127.0.0.1:${ports.rw}/tianguis`,
      readOnlyUrl: `postgres://tianguis:${passwords.tianguis}@127.0.0.1:${ports.ro}/tianguis`,
      superuserUrl,
      patronictl,
      members,
      async leader() {
        return (await members()).find((member) => member.role === "leader")?.name;
      },
      healthy,
      async kill(name) {
        await killNode(
          nodes.find((node) => node.name === name)!,
          "SIGKILL",
        );
      },
      async restart(name) {
        const node = nodes.find((each) => each.name === name)!;
        if (alive(patronis.get(name))) throw new Error(`${name}'s Patroni is running`);
        startPatroni(node);
      },
      output: (name) => patronis.get(name)?.output() ?? "",
      stop,
    };
  } catch (error) {
    const logs = [...patronis].map(([name, running]) => `--- ${name}:\n${running.output().slice(-4_000)}`);
    await stop().catch(() => {});
    throw new Error(`${(error as Error).message}\n${logs.join("\n")}`, { cause: error });
  }
}

/**
 * A node's own file: what `20-node.yml` holds on its machine (its name and addresses, and pg3's
 * `nosync`), this folder's paths and passwords, and what only a test changes, said here:
 * PostgreSQL writes without fsync (a killed postgres still loses nothing on a machine that stays
 * up; the documented file keeps production's settings) — full-page writes stay on, pg_rewind
 * refuses to rewind from a primary without them — with small shared buffers, and its socket in
 * the node's folder.
 */
function nodeConfig(
  node: PatroniNode,
  nodeDir: string,
  { etcdClient, passwords }: { etcdClient: number; passwords: Record<string, string> },
) {
  return {
    name: node.name,
    restapi: { listen: `127.0.0.1:${node.apiPort}`, connect_address: `127.0.0.1:${node.apiPort}` },
    etcd3: { hosts: `127.0.0.1:${etcdClient}` },
    bootstrap: {
      dcs: {
        postgresql: {
          parameters: { fsync: "off", shared_buffers: "32MB" },
        },
      },
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.dataDir,
      bin_dir: PATRONI_PROGRAMS.postgresBin,
      pgpass: path.join(nodeDir, "pgpass"),
      authentication: {
        superuser: { password: passwords.superuser },
        replication: { password: passwords.replication },
        rewind: { password: passwords.rewind },
      },
      parameters: { unix_socket_directories: nodeDir },
    },
    tags: { nosync: node.name === "pg3" },
  };
}

async function startHaproxy(dir: string, nodes: PatroniNode[]) {
  const ports = { rw: await findFreePort(), ro: await findFreePort() };
  const config = path.join(dir, "haproxy.cfg");
  await writeFile(config, clusterHaproxyConfig(nodes, ports));
  const valid = spawnSync(PATRONI_PROGRAMS.haproxy, ["-c", "-q", "-f", config], { encoding: "utf8" });
  if (valid.status !== 0) throw new Error(`haproxy.cfg does not validate:\n${valid.stdout}${valid.stderr}`);
  // -db: in the foreground, not as a daemon.
  const haproxy = run(PATRONI_PROGRAMS.haproxy, ["-db", "-f", config], { PATH: process.env.PATH });
  await until("HAProxy to listen", 10_000, async () => {
    if (!alive(haproxy)) throw new Exited(`HAProxy exited:\n${haproxy.output()}`);
    const net = await import("node:net");
    return new Promise<true | undefined>((resolve) => {
      const socket = net.connect(ports.rw, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(undefined));
    });
  });
  return { running: haproxy, ports };
}

async function postmasterPid(node: PatroniNode) {
  const text = await readFile(path.join(node.dataDir, "postmaster.pid"), "utf8").catch(() => "");
  const pid = Number(text.split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function userIds(name: string) {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line)
    throw new Error(`no ${name} user on this machine: PostgreSQL runs as ${name} when the tests run as root`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}
