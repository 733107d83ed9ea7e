/**
 * Several instances of Tianguis behind Caddy, the way docs/deploy.md sets them up for a city: one
 * PostgreSQL, PgBouncer in transaction mode in front of it for the instances' pools, each instance
 * (`node server.js`, one worker) reaching PostgreSQL itself for its LISTEN connections, and Caddy
 * balancing among them with the health checks of the documented Caddyfile. Then a burst: a page
 * shared on WhatsApp opened by many at once, shoppers placing orders, the owner's live panel open,
 * and one instance killed with SIGKILL in the middle. What the run saw is returned as figures and
 * checks; `scripts/bench/city-burst.bench.ts` prints them at full scale and
 * `tests/integration/city-burst.test.ts` asserts them at a small one.
 *
 * Nothing here imports Vitest: the bench runs it too.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import autocannon from "autocannon";
import { connectDatabase, createClient } from "~/db/client.server";
import { findFreePort } from "~/db/embedded.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { startOrderLoad, summarise } from "./order-load";
import { openOrderStream, signIn } from "./order-stream";
import { startPgBouncer, type PgBouncer } from "./pgbouncer";
import { ROOT, startServerProcess, type ServerProcess } from "./server-process";

export const CADDY_PATH = [process.env.CADDY_PATH, "/usr/bin/caddy", "/usr/local/bin/caddy"].find(
  (candidate): candidate is string => !!candidate && existsSync(candidate),
);

/** What an instance's /readyz says it may open (app/db/connection-budget.ts). */
type ReadyConnections = { workers: number; pool: number; instance: number; pooler?: { clients: number } };

export type City = {
  /** Caddy's address: the platform's PUBLIC_ORIGIN. */
  url: string;
  /** Caddy's local site for its own on-demand TLS question, balanced like the rest. */
  askUrl: string;
  instances: ServerProcess[];
  bouncer: PgBouncer;
  /** PgBouncer's default_pool_size and max_client_conn. */
  poolSize: number;
  maxClients: number;
  caddyOutput: () => string;
  stop: () => Promise<void>;
};

/**
 * The Caddyfile of docs/deploy.md for several instances (its block that has health checks), with
 * what a run on one machine needs: no admin endpoint, its own ports, a local CA for the stores'
 * domains, and the shoppers' X-Forwarded-For kept. The shoppers here are one process on loopback,
 * each saying its own address in that header; Caddy facing the Internet must not trust it, so the
 * documented file does not.
 */
export function cityCaddyfile(ports: { http: number; https: number }) {
  const blocks = [
    ...readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8").matchAll(/```caddyfile\n([\s\S]+?)```/g),
  ];
  const documented = blocks.map((block) => block[1]!).find((block) => block.includes("health_uri"));
  if (!documented) throw new Error("docs/deploy.md has no caddyfile block with health checks");
  return documented
    .replace(
      /^\{\n/,
      `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n`,
    )
    .replace(/(\n\s*reverse_proxy [^\n]*\{\n)/g, "$1\t\ttrusted_proxies 127.0.0.1/8 ::1/128\n");
}

/**
 * Caddy on the documented Caddyfile at `http://localhost:<port>`, in front of the instances on
 * `upstreams`; with `secure`, at `https://localhost:<port>` as visitors reach it (TLS from Caddy's
 * local CA, which nothing here trusts, and HTTP/2).
 */
export async function startCaddy(
  dir: string,
  upstreams: number[],
  port: number,
  { secure = false }: { secure?: boolean } = {},
) {
  if (!CADDY_PATH) throw new Error("caddy is not installed on this machine: apt-get install caddy");
  await mkdir(dir, { recursive: true });
  const config = path.join(dir, "Caddyfile");
  await writeFile(config, cityCaddyfile({ http: await findFreePort(), https: await findFreePort() }));
  const url = `${secure ? "https" : "http"}://localhost:${port}`;
  const env = {
    ...process.env,
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, "xdg-data"),
    XDG_CONFIG_HOME: path.join(dir, "xdg-config"),
    TIANGUIS_HOST: url,
    TIANGUIS_UPSTREAMS: upstreams.map((upstream) => `127.0.0.1:${upstream}`).join(" "),
    TIANGUIS_ASK_PORT: String(await findFreePort()),
  };
  const askUrl = `http://127.0.0.1:${env.TIANGUIS_ASK_PORT}`;
  const valid = spawnSync(CADDY_PATH, ["validate", "--config", config, "--adapter", "caddyfile"], {
    env,
    encoding: "utf8",
  });
  if (valid.status !== 0) throw new Error(`the Caddyfile does not validate:\n${valid.stderr}`);
  const child: ChildProcess = spawn(CADDY_PATH, ["run", "--config", config, "--adapter", "caddyfile"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await answersOk(`${url}/healthz`))) {
    if (child.exitCode !== null) throw new Error(`Caddy exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Caddy did not proxy /healthz:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    askUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Whether `url` answers 200, over HTTPS whatever its certificate (Caddy's local CA). */
function answersOk(url: string) {
  return new Promise<boolean>((resolve) => {
    const get = url.startsWith("https:") ? https.get : http.get;
    get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on("error", () => resolve(false));
  });
}

/**
 * PgBouncer in front of `directUrl`, `instances` servers sharing one DATA_DIR (on one machine; on
 * several, images go to S3), and Caddy in front of them.
 */
export async function startCity(options: {
  directUrl: string;
  dir: string;
  instances: number;
  poolSize: number;
  maxClients?: number;
  /** Each instance's pool, a client of PgBouncer; unset: 6, as every test server (server-process.ts). */
  dbPoolMax?: number;
  logLevel?: string;
}): Promise<City> {
  const maxClients = options.maxClients ?? 200;
  const bouncer = await startPgBouncer(options.directUrl, { poolSize: options.poolSize, maxClients });
  const instances: ServerProcess[] = [];
  let caddy: Awaited<ReturnType<typeof startCaddy>> | undefined;
  const stop = async () => {
    await caddy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await bouncer.stop();
  };
  try {
    const port = await findFreePort();
    const dataDir = path.join(options.dir, "data");
    await mkdir(dataDir, { recursive: true });
    const start = () =>
      startServerProcess({
        env: {
          DATABASE_URL: bouncer.url,
          DATABASE_DIRECT_URL: options.directUrl,
          DATA_DIR: dataDir,
          DEMO_DATA: "false",
          PUBLIC_ORIGIN: `http://localhost:${port}`,
          // Caddy on this machine is the one proxy: X-Forwarded-For's last address is the visitor's.
          TRUST_PROXY: "loopback",
          WEB_CONCURRENCY: "1",
          LOG_LEVEL: options.logLevel ?? "warn",
          ...(options.dbPoolMax ? { DB_POOL_MAX: String(options.dbPoolMax) } : {}),
        },
        timeoutMs: 120_000,
      }).then((instance) => (instances.push(instance), instance));
    // All at once, as after a deploy: on a new database one migrates under the migrations' lock
    // while the others wait for it, and they agree on the secrets they keep in the database.
    await Promise.all(Array.from({ length: options.instances }, start));
    caddy = await startCaddy(
      path.join(options.dir, "caddy"),
      instances.map((instance) => instance.port),
      port,
    );
    return {
      url: caddy.url,
      askUrl: caddy.askUrl,
      instances,
      bouncer,
      poolSize: options.poolSize,
      maxClients,
      caddyOutput: caddy.output,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

/** One store with `products` products that takes pickup orders, and its owner. */
export async function seedStore(databaseUrl: string, products = 12) {
  const connection = connectDatabase(databaseUrl, { max: 2 });
  try {
    const store = await createStore(connection.db, {
      displayName: "Panadería La Espiga",
      settings: { allowPickup: true },
    });
    const made = [];
    for (let index = 0; index < products; index++) {
      made.push(
        await createProduct(connection.db, store.id, { name: `Pan dulce ${index + 1}`, price: 12 + index }),
      );
    }
    const owner = await createOwner(connection.db, { storeId: store.id });
    return { storeId: store.id, productId: made[0]!.id, owner };
  } finally {
    await connection.close();
  }
}

export type Shop = Awaited<ReturnType<typeof seedStore>>;

/**
 * The highest number of client connections PostgreSQL held on the database (PgBouncer's server
 * connections and the instances' own) until `stop()`, sampled every 50 ms by PostgreSQL itself: a
 * loop in Node would be starved by the load beside it (it took a sample every 300 ms or so). Each
 * sample comes back as a notice; the sampler's own connection is not counted.
 */
const CANCELLER = "tianguis-city-burst-sampler-stop";

async function watchConnections(directUrl: string) {
  const database = new URL(directUrl).pathname.slice(1);
  const client = createClient({ connectionString: directUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number; max: number; reserved: number }>(
    "select pg_backend_pid() as pid, current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved",
  );
  const { pid, ...limits } = rows[0]!;
  let peak = 0;
  let samples = 0;
  client.on("notice", (notice) => {
    const count = /^connections (\d+)$/.exec(notice.message ?? "")?.[1];
    if (count === undefined) return;
    peak = Math.max(peak, Number(count));
    samples++;
  });
  const started = Date.now();
  const sampling = client
    .query(
      `do $$
      declare
        n int;
      begin
        loop
          -- pg_stat_activity is read once per transaction unless its snapshot is cleared.
          perform pg_stat_clear_snapshot();
          select count(*) into n from pg_stat_activity
            where datname = ${client.escapeLiteral(database)} and backend_type = 'client backend'
              and pid <> pg_backend_pid() and application_name <> ${client.escapeLiteral(CANCELLER)};
          raise notice 'connections %', n;
          perform pg_sleep(0.05);
        end loop;
      end $$`,
    )
    .catch(() => {});
  return {
    async stop() {
      const seconds = (Date.now() - started) / 1000;
      const canceller = createClient({ connectionString: directUrl, application_name: CANCELLER });
      await canceller.connect();
      await canceller.query("select pg_cancel_backend($1)", [pid]);
      await canceller.end();
      await sampling;
      await client.end();
      return { peak, samples, seconds, ...limits };
    },
  };
}

/** A GET answer of the page burst: when it was sent and answered, and its status (0: none). */
type PageAnswer = { sentAt: number; at: number; status: number };

/** Many visitors opening one page at once, through Caddy, as a browser asks for it (gzip). */
function startPageBurst(url: string, connections: number, seconds: number) {
  const answers: PageAnswer[] = [];
  let run: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    run = autocannon(
      { url, connections, duration: seconds, headers: { "accept-encoding": "gzip, deflate, br" } },
      (error: unknown, done) => (error ? reject(error as Error) : resolve(done)),
    );
  });
  run!.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    const at = Date.now();
    answers.push({ sentAt: at - responseTime, at, status });
  });
  // A time-out or a connection error: no answer at all.
  run!.on("reqError", () => answers.push({ sentAt: Date.now(), at: Date.now(), status: 0 }));
  return { answers, result };
}

/** Open live order streams on one instance, from its own /metrics (read on loopback). */
async function openStreams(instance: ServerProcess) {
  const text = await fetch(`${instance.url}/metrics`).then(
    (response) => response.text(),
    () => "",
  );
  return Number(/^tianguis_event_stream_clients (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * A kill takes effect a little after `process.kill` returns, and Caddy learns that a kept-alive
 * connection to the dead instance is closed only when it next reads it: a request Caddy handed to
 * that connection meanwhile was already on its way, and a POST on its way is never sent twice.
 */
const KILL_TAKES_EFFECT_MS = 250;

/**
 * Whether a 5xx (or no answer) was in flight on the killed instance: sent before the kill took
 * effect, answered after it, and made by Caddy rather than by an instance (for the burst, whose
 * answers' headers are not kept, by its time alone).
 */
function inFlightAtKill(answer: { sentAt: number; at: number }, killedAt: number) {
  return answer.sentAt <= killedAt + KILL_TAKES_EFFECT_MS && answer.at >= killedAt;
}

export type BurstOptions = {
  seconds: number;
  /** Visitors opening the store page at once. */
  burstConnections: number;
  /** Shoppers placing orders one after another. */
  orderClients: number;
  /** When the instance is killed, from the start of the load. */
  killAfterMs: number;
};

/**
 * The burst: the page, the orders and the owner's panel together through Caddy for `seconds`, the
 * instance that holds the panel's stream killed with SIGKILL after `killAfterMs`; then every
 * shopper's last order acknowledged, the panel given time to catch up, and the database read.
 */
export async function runCityBurst(city: City, shop: Shop, directUrl: string, options: BurstOptions) {
  const budgets = await Promise.all(
    city.instances.map(
      async (instance) =>
        ((await (await fetch(`${instance.url}/readyz`)).json()) as { connections: ReadyConnections })
          .connections,
    ),
  );
  const panel = openOrderStream(city.url, await signIn(city.url, shop.owner.email, shop.owner.password));
  try {
    await panel.until(() => panel.connections === 1, 30_000, "the owner's live panel through Caddy");
    const connections = await watchConnections(directUrl);
    const started = Date.now();
    const burst = startPageBurst(`${city.url}/${shop.storeId}`, options.burstConnections, options.seconds);
    const orders = startOrderLoad(city.url, shop, {
      clients: options.orderClients,
      // A shopper's browser shows "Reintentar" for anything that is not the API's JSON answer.
      retryStatuses: [0, 502, 503, 504],
    });

    await new Promise((resolve) => setTimeout(resolve, options.killAfterMs));
    const streams = await Promise.all(city.instances.map(openStreams));
    const victimIndex = Math.max(
      0,
      streams.findIndex((count) => count > 0),
    );
    const victim = city.instances[victimIndex]!;
    const panelConnectionsBefore = panel.connections;
    const killedAt = Date.now();
    process.kill(-victim.child.pid!, "SIGKILL");

    const pages = await burst.result;
    const ordersEnded = Date.now();
    await orders.stop();
    const finished = Date.now();
    const peak = await connections.stop();

    const stored = await storedOrders(directUrl, shop.storeId);
    const numbers = [...stored.byKey.values()];
    // The panel announces every order the database has; the wait is bounded, the check is below.
    await panel
      .until(() => numbers.every((number) => panel.createdOrders().includes(number)), 30_000, "every order")
      .catch(() => {});
    const announced = panel.createdOrders();

    const orderSummary = summarise(orders.answers);
    const orderFailures = orders.answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    const pageFailures = burst.answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    const orderInFlight = orderFailures.filter(
      (answer) => !answer.fromApp && inFlightAtKill(answer, killedAt),
    );
    const proxyErrors = caddyErrors(city.caddyOutput());
    const pageInFlight = pageFailures.filter((answer) => inFlightAtKill(answer, killedAt));
    const acknowledged = [...orders.acknowledged];

    return {
      instances: city.instances.length,
      seconds: (ordersEnded - started) / 1000,
      killed: {
        index: victimIndex,
        port: victim.port,
        afterSeconds: (killedAt - started) / 1000,
        heldPanelStream: (streams[victimIndex] ?? 0) > 0,
      },
      pages: {
        requests: pages.requests.total,
        perSecond: pages.requests.average,
        p50: pages.latency.p50,
        p99: pages.latency.p99,
        byStatus: countBy(burst.answers.map((answer) => answer.status)),
        timeouts: pages.timeouts,
        inFlightFailures: pageInFlight.length,
        otherFailures: pageFailures.length - pageInFlight.length,
        firstOtherFailures: pageFailures.filter((answer) => !pageInFlight.includes(answer)).slice(0, 5),
      },
      orders: {
        acknowledged: acknowledged.length,
        perSecond: acknowledged.length / ((finished - started) / 1000),
        answers: orderSummary.total,
        byStatus: countBy(orders.answers.map((answer) => answer.status)),
        inFlightFailures: orderInFlight.length,
        otherFailures: orderFailures.filter((answer) => !orderInFlight.includes(answer)),
        /** Acknowledged but not in the database, or under another number. */
        lost: acknowledged
          .filter(([key, { number }]) => stored.byKey.get(key) !== number)
          .map(([key]) => key),
        /** The store's orders beyond one per idempotency key (a unique index makes it 0). */
        doubled: stored.rows - stored.byKey.size,
        /** Orders in the database that no shopper had acknowledged (each retried until it was). */
        unacknowledged: numbers.length - acknowledged.length,
        stored: stored.byKey.size,
      },
      caddy: {
        /** Requests Caddy answered with an error of its own (its log's http.log.error lines). */
        errors: proxyErrors.length,
        /**
         * Of those, requests that never reached an instance (the connection was refused): Caddy
         * should have sent them to another, so none of them was in flight on the killed one.
         */
        refusedNotRetried: proxyErrors.filter((error) => /dial tcp|connection refused/.test(error.msg))
          .length,
      },
      panel: {
        announced: new Set(announced).size,
        missing: numbers.filter((number) => !announced.includes(number)),
        announcedTwice: announced.length - new Set(announced).size,
        connections: panel.connections,
        reconnected: panel.connections > panelConnectionsBefore,
      },
      connections: {
        peak: peak.peak,
        samples: peak.samples,
        sampledSeconds: Math.round(peak.seconds),
        /** Each instance's direct connections (its /readyz), and PgBouncer's server connections. */
        perInstance: budgets[0]!.instance,
        budget: budgets.reduce((sum, budget) => sum + budget.instance, 0) + city.poolSize,
        poolSize: city.poolSize,
        poolerClients: budgets.reduce((sum, budget) => sum + (budget.pooler?.clients ?? 0), 0),
        maxClients: city.maxClients,
        instancePool: budgets[0]!.pool,
        maxConnections: peak.max,
        reserved: peak.reserved,
      },
    };
  } finally {
    panel.close();
  }
}

export type BurstReport = Awaited<ReturnType<typeof runCityBurst>>;

/** The three properties the run must keep, each with what was seen. */
export function burstChecks(report: BurstReport) {
  const { orders, pages, panel, connections } = report;
  return [
    {
      ok: orders.lost.length === 0 && orders.doubled === 0,
      what: `0 acknowledged orders lost or doubled (${orders.acknowledged} acknowledged, ${orders.stored} in the database, ${orders.lost.length} lost, ${orders.doubled} doubled)`,
    },
    {
      ok: panel.missing.length === 0 && panel.announcedTwice === 0,
      what: `the owner's panel announced every order once (${panel.announced} of ${orders.stored}, ${panel.announcedTwice} twice; ${panel.connections} connections${report.killed.heldPanelStream ? ", its instance was the one killed" : ""})`,
    },
    {
      ok:
        pages.otherFailures === 0 &&
        orders.otherFailures.length === 0 &&
        report.caddy.refusedNotRetried === 0,
      what:
        `no 5xx beyond the requests in flight on the killed instance (page: ${pages.inFlightFailures} in flight, ` +
        `${pages.otherFailures} other; orders: ${orders.inFlightFailures} in flight, ${orders.otherFailures.length} other; ` +
        `${report.caddy.refusedNotRetried} refused by the dead instance and not sent to another)`,
    },
    {
      ok: connections.peak <= connections.budget,
      what: `PostgreSQL connections ≤ budget (peak ${connections.peak}, budget ${connections.budget})`,
    },
  ];
}

/** The requests Caddy failed itself, from its JSON log: one http.log.error line each. */
function caddyErrors(log: string) {
  return log.split("\n").flatMap((line) => {
    if (!line.includes('"http.log.error"')) return [];
    try {
      const entry = JSON.parse(line) as { msg: string; status?: number };
      return [{ msg: entry.msg, status: entry.status ?? 0 }];
    } catch {
      return [];
    }
  });
}

async function storedOrders(directUrl: string, storeId: string) {
  const client = createClient({ connectionString: directUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ idempotency_key: string; number: string }>(
      "select idempotency_key, id as number from orders where store_id = $1",
      [storeId],
    );
    return { byKey: new Map(rows.map((row) => [row.idempotency_key, row.number])), rows: rows.length };
  } finally {
    await client.end();
  }
}

function countBy(values: number[]) {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
