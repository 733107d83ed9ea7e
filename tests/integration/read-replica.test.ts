/**
 * Read replicas for the public reads (docs/decisions/047), on a primary and a streaming replica of
 * PostgreSQL 15 of this file's own (tests/support/replica.ts), with the built server as a process
 * (DATABASE_URL the primary, DATABASE_REPLICA_URL the replica): pages rendered while the replica's
 * replay is paused still show an owner's rename at once, and the replica serves again once it has
 * caught up; the sitemap and Resumen wait for the replica to have what the primary had; a stopped
 * replica leaves every page answering from the primary; the replica's pool refuses writes; in one
 * process, a replica past the lag bound is skipped and a read that loses it runs again on the
 * primary; /readyz names the roles and the lag; a failover is seen, counted and empties the kept pages.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectDatabase, type Database, type DatabaseConnection } from "~/db/client.server";
import { createCity, createOwner, createProduct, createStore } from "~/db/factories.server";
import { readSql } from "~/db/read-database.server";
import { connectReplica, createReadRouting } from "~/db/replica.server";
import { createLogger } from "~/lib/logger.server";
import { replicaFallbacks } from "~/lib/metrics.server";
import { cities, products } from "~/db/schema";
import { describeOnOwnCluster } from "../support/database";
import { signIn } from "../support/http-server";
import { clearOfMinuteTurn, getPage } from "../support/kept-pages";
import { startReplicaPair, type ReplicaPair } from "../support/replica";
import { startServerProcess, type ServerProcess } from "../support/server-process";

type Ready = {
  ready: boolean;
  database: boolean;
  primary: { role: string; timeline: number | null };
  replica: { role: string; state: string; lagSeconds: number | null; maxLagSeconds: number } | null;
};

describeOnOwnCluster("read replicas for the public reads", () => {
  let pair: ReplicaPair;
  let primary: DatabaseConnection;
  let db: Database;
  let server: ServerProcess;
  let dataDir: string;
  let shop: { storeId: string; productId: string; cityId: string };
  let cookie: string;

  beforeAll(async () => {
    pair = await startReplicaPair();
    primary = connectDatabase(pair.primaryUrl, { max: 4 });
    db = primary.db;
    const city = await createCity(db, { name: "Villa Réplica" });
    const store = await createStore(db, { cityId: city.id, categoryId: "sweets" });
    const product = await createProduct(db, store.id, {
      name: "Concha de vainilla",
      price: 14,
      imageKey: `product-images/${store.id}/concha.webp`,
    });
    const owner = await createOwner(db, { storeId: store.id });
    shop = { storeId: store.id, productId: product.id, cityId: city.id };
    await pair.caughtUp();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-replica-http-"));
    server = await startServerProcess({
      env: {
        DATABASE_URL: pair.primaryUrl,
        DATABASE_REPLICA_URL: pair.replicaUrl,
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        LOG_LEVEL: "warn",
      },
    });
    cookie = await signIn(server.url, owner.email, owner.password);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await primary?.close();
    await pair?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** This process's own count of reads sent back, by reason. */
  const fallbacks = async (reason: string) =>
    (await replicaFallbacks.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;

  const ready = async () => (await (await fetch(`${server.url}/readyz`)).json()) as Ready;

  /** The instance's counter, by its labels (0 when it has not counted yet). */
  async function counter(name: string, labels = "") {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const line = text.split("\n").find((each) => each.startsWith(`${name}${labels} `));
    return line ? Number(line.split(" ")[1]) : 0;
  }
  const servedByReplica = () => counter("tianguis_db_replica_reads_total");
  const sentBack = (reason: string) => counter("tianguis_db_replica_fallbacks_total", `{reason="${reason}"}`);

  /** A city search (asked once per term in this file: the page cache renders it, so its reads are routed). */
  const search = (term: string) => `/c/${shop.cityId}?q=${encodeURIComponent(term)}`;
  /** A search no one asked before, of a term nothing matches. */
  const unseenSearch = () => search(`zq${Math.random().toString(36).slice(2, 8)}`);

  async function rename(name: string) {
    const response = await fetch(`${server.url}/i/admin/products`, {
      method: "POST",
      headers: { cookie, Accept: "application/json" },
      body: new URLSearchParams({
        intent: "update",
        productId: shop.productId,
        name,
        description: "Recién horneada",
        price: "14",
        unit: "pieza",
      }),
      redirect: "manual",
    });
    expect(response.status, await response.clone().text()).toBeLessThan(400);
  }

  it("/readyz names the role of each database and the replica's lag", async () => {
    await expect.poll(async () => (await ready()).replica?.state).toBe("in-use");
    const answer = await ready();
    expect(answer).toMatchObject({
      ready: true,
      database: true,
      primary: { role: "primary", timeline: 1 },
      replica: { role: "replica", state: "in-use", maxLagSeconds: 5 },
    });
    expect(answer.replica!.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(answer.replica!.lagSeconds).toBeLessThanOrEqual(5);
  });

  it(
    "with the replica's replay paused, an owner's rename shows at once on the city and store pages; once it catches up, it serves again",
    { timeout: 60_000 },
    async () => {
      // Public pages are read on the replica while it is current (the server's own start wrote too).
      await pair.caughtUp();
      const before = await servedByReplica();
      const city = await getPage(server.url, `/c/${shop.cityId}`);
      expect(city.status).toBe(200);
      expect(city.html).toContain("Concha de vainilla");
      expect((await getPage(server.url, `/${shop.storeId}`)).html).toContain("Concha de vainilla");
      expect(await servedByReplica()).toBeGreaterThanOrEqual(before + 2);

      await pair.pauseReplay();
      const behind = await sentBack("behind");
      await rename("Concha de nata");
      // The replica still has the old name: a page read there would show it.
      expect(await pair.onReplica(`select name from products where id = '${shop.productId}'`)).toEqual([
        { name: "Concha de vainilla" },
      ]);
      const served = await servedByReplica();
      for (const path of [`/${shop.storeId}`, `/c/${shop.cityId}`, search("nata")]) {
        const page = await getPage(server.url, path);
        expect(page.status, path).toBe(200);
        expect(page.html, path).toContain("Concha de nata");
        expect(page.html, path).not.toContain("Concha de vainilla");
      }
      expect(await servedByReplica()).toBe(served);
      expect(await sentBack("behind")).toBeGreaterThan(behind);

      await pair.resumeReplay();
      await pair.caughtUp();
      // Reads go back to the replica by themselves: a search never asked before is read there.
      const resumed = await servedByReplica();
      await expect
        .poll(async () => {
          expect((await getPage(server.url, unseenSearch())).status).toBe(200);
          return (await servedByReplica()) > resumed;
        })
        .toBe(true);
      expect((await getPage(server.url, search("concha de nata"))).html).toContain("Concha de nata");
      expect((await ready()).replica).toMatchObject({ state: "in-use" });
    },
  );

  it("the sitemap and the owner's Resumen read the replica once it has what the primary had", async () => {
    await pair.pauseReplay();
    try {
      const product = await createProduct(db, shop.storeId, { name: "Oreja" });
      const sitemap = await fetch(`${server.url}/sitemap.xml`);
      expect(sitemap.status).toBe(200);
      expect(await sitemap.text()).toContain(`/${shop.storeId}/p/${product.id}`);
    } finally {
      await pair.resumeReplay();
    }
    await pair.caughtUp();
    // The pause may have had the server find the replica lagging; it asks it again once its next
    // check finds it well, and a Resumen asked at the moment of a background write reads the primary
    // ("behind"): each try asks for the Resumen again.
    await expect.poll(async () => (await ready()).replica?.state, { timeout: 15_000 }).toBe("in-use");
    const served = await servedByReplica();
    await expect
      .poll(
        async () => {
          const resumen = await fetch(`${server.url}/i/admin?tab=resumen`, { headers: { cookie } });
          expect(resumen.status).toBe(200);
          expect(await resumen.text()).toContain("Resumen");
          return servedByReplica();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(served);
  });

  it("the replica's pool refuses writes, even where a cast lets one through", async () => {
    // Pointed at the primary, which would take the write: the connection's own setting refuses it.
    const replica = connectReplica(pair.primaryUrl, { max: 1 });
    try {
      const write = readSql`insert into cities (id, name, state) values ('escrita', 'Escrita', 'Nunca')`;
      await expect(replica.db.execute(write)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: "25006" }),
      });
      expect((replica.db as unknown as Database).insert).toBeUndefined();
      expect(await db.select().from(cities).where(eq(cities.id, "escrita"))).toEqual([]);
    } finally {
      await replica.close();
    }
  });

  it(
    "in one process: a replica past the lag bound is not asked until it catches up, and a read that loses its replica connection runs again on the primary",
    { timeout: 60_000 },
    async () => {
      const logger = createLogger("silent");
      const routing = createReadRouting({
        primary,
        replica: connectReplica(pair.replicaUrl, { max: 2 }),
        maxLagSeconds: 0.5,
        logger,
      });
      const where = async () =>
        routing.page({ scopes: [`store:${shop.storeId}`] }, async (reads) => {
          const {
            rows: [row],
          } = await reads.execute<{ recovery: boolean }>(readSql`select pg_is_in_recovery() as recovery`);
          return row!.recovery ? "replica" : "primary";
        });
      try {
        await routing.check();
        expect(routing.status().replica).toMatchObject({ state: "in-use" });
        expect(await where()).toBe("replica");

        await pair.pauseReplay();
        try {
          // The primary writes on (a WAL switch is one): the replica falls further behind each second.
          await expect
            .poll(async () => {
              await primary.pool.query("select pg_switch_wal()");
              await routing.check();
              return routing.status().replica;
            })
            .toMatchObject({ state: "lagging" });
          expect(routing.status().replica!.lagSeconds).toBeGreaterThan(0.5);
          const lagging = await fallbacks("lagging");
          expect(await where()).toBe("primary");
          expect(await fallbacks("lagging")).toBe(lagging + 1);
        } finally {
          await pair.resumeReplay();
        }
        await pair.caughtUp();
        await routing.check();
        expect(routing.status().replica).toMatchObject({ state: "in-use", lagSeconds: 0 });

        // The replica's connection ends under the read: it runs again on the primary.
        const failed = await fallbacks("failed");
        let attempts = 0;
        const answered = await routing.page({ scopes: [`store:${shop.storeId}`] }, async (reads) => {
          attempts += 1;
          const {
            rows: [row],
          } = await reads.execute<{ recovery: boolean }>(readSql`select pg_is_in_recovery() as recovery`);
          if (row!.recovery) await reads.execute(readSql`select pg_terminate_backend(pg_backend_pid())`);
          return "primary";
        });
        expect({ answered, attempts }).toEqual({ answered: "primary", attempts: 2 });
        expect(await fallbacks("failed")).toBe(failed + 1);
        expect(routing.status().replica).toMatchObject({ state: "down" });
      } finally {
        await routing.close();
      }
    },
  );

  it(
    "the replica stopped: pages still answer from the primary, /readyz says so and stays ready, reads sent back are counted",
    { timeout: 60_000 },
    async () => {
      await pair.stopReplica();
      try {
        await expect.poll(async () => (await ready()).replica?.state).toBe("down");
        const down = await sentBack("down");
        await db.update(products).set({ name: "Concha de chocolate" }).where(eq(products.id, shop.productId));
        for (const path of [`/${shop.storeId}`, search("chocolate")]) {
          const page = await getPage(server.url, path);
          expect(page.status, path).toBe(200);
          expect(page.html, path).toContain("Concha de chocolate");
        }
        expect(await sentBack("down")).toBeGreaterThanOrEqual(down + 2);
        const answer = await ready();
        expect(answer).toMatchObject({ ready: true, primary: { role: "primary" } });
        // What went wrong (the replica's address, the error) is for the log only.
        expect(answer.replica).toEqual({
          role: "replica",
          state: "down",
          lagSeconds: null,
          maxLagSeconds: 5,
        });
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      } finally {
        await pair.startReplica();
      }
      // Back by itself once a check finds it well.
      await expect.poll(async () => (await ready()).replica?.state, { timeout: 15_000 }).toBe("in-use");
    },
  );

  it(
    "a failover is seen: the primary's URL reaching a server in recovery, then a new timeline; /readyz says which and the kept pages are forgotten",
    { timeout: 90_000 },
    async () => {
      await pair.caughtUp();
      // A kept store page, rendered where the minute it lasts to leaves time for the failover.
      await clearOfMinuteTurn(15_000);
      await getPage(server.url, `/${shop.storeId}`);
      expect((await getPage(server.url, `/${shop.storeId}`)).cache).toBe("HIT");
      const inRecovery = await counter("tianguis_db_failovers_total", '{seen="primary-in-recovery"}');
      const newTimeline = await counter("tianguis_db_failovers_total", '{seen="new-timeline"}');

      // The replica takes the primary's address while still a replica, then is promoted.
      await pair.moveReplicaToPrimaryAddress();
      await expect.poll(async () => (await ready()).primary.role, { timeout: 20_000 }).toBe("replica");
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      expect(await counter("tianguis_db_failovers_total", '{seen="primary-in-recovery"}')).toBe(
        inRecovery + 1,
      );

      await pair.promoteReplica();
      await expect
        .poll(async () => (await ready()).primary, { timeout: 20_000 })
        .toEqual({
          role: "primary",
          timeline: 2,
        });
      expect(await counter("tianguis_db_failovers_total", '{seen="new-timeline"}')).toBe(newTimeline + 1);
      // The page kept under the old primary's versions is rendered again.
      await expect
        .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 20_000 })
        .toBe(200);
      const page = await getPage(server.url, `/${shop.storeId}`);
      expect(page.status).toBe(200);
      expect(page.cache).toBe("MISS");
    },
  );
});
