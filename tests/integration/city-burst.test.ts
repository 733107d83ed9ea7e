/**
 * Several instances behind Caddy, one killed in a burst (docs/deploy.md, "Several instances"):
 * three built servers (one worker each) share PgBouncer in transaction mode in front of the test's
 * database and reach PostgreSQL itself for their LISTEN connections; Caddy runs the documented
 * Caddyfile in front of them. For a few seconds, through Caddy, visitors open the store's page,
 * shoppers place orders (each retried with its key until acknowledged) and the owner's live panel
 * is open; the instance holding the panel's stream is killed with SIGKILL halfway. Then: every
 * acknowledged order is in the database once under its number, the panel announced each order
 * once after reconnecting to another instance, the only 5xx answers were for requests in flight on
 * the killed instance, and PostgreSQL never held more connections than the budget.
 * `npm run bench -- city-burst` runs the same at a city's scale (tests/support/city-burst.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runCityBurst, seedStore, startCity } from "../support/city-burst";
import { createTestDatabaseUrl } from "../support/database";

// No pool of the test's own on the database: every connection it has is the city's.
const directUrl = await createTestDatabaseUrl();

describe("three instances behind Caddy, one killed during a burst", () => {
  it(
    "loses no acknowledged order, the panel sees each, only requests in flight on the dead instance fail, connections stay within the budget",
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "tianguis-city-"));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      // Small pools: four test files share CI's PostgreSQL 15 and its 100 connections.
      const city = await startCity({ directUrl, dir, instances: 3, poolSize: 4, dbPoolMax: 4 });
      onTestFinished(() => city.stop());
      const shop = await seedStore(directUrl, 4);
      // Caddy's question before a certificate goes through its local site to an instance.
      const ask = await fetch(`${city.askUrl}/i/caddy/ask?domain=nadie-${Date.now()}.example`);
      expect([ask.status, await ask.text()]).toEqual([404, "unknown domain"]);

      const report = await runCityBurst(city, shop, directUrl, {
        seconds: 6,
        burstConnections: 10,
        orderClients: 10,
        killAfterMs: 3_000,
      });
      const { orders, pages, panel, connections, killed } = report;

      // Nothing acknowledged lost or doubled, and nothing stored that no shopper was told about.
      expect(orders.acknowledged).toBeGreaterThan(10);
      expect(orders.lost).toEqual([]);
      expect(orders.doubled).toBe(0);
      expect(orders.unacknowledged).toBe(0);

      // The panel's stream was on the killed instance, came back through Caddy, and missed nothing.
      expect(killed.heldPanelStream).toBe(true);
      expect(panel.reconnected).toBe(true);
      expect(panel.missing).toEqual([]);
      expect(panel.announcedTwice).toBe(0);

      // Caddy sent every request it could to a live instance: a 5xx only for what the dead one held.
      expect(orders.otherFailures).toEqual([]);
      expect(report.caddy.refusedNotRetried).toBe(0);
      expect(pages.firstOtherFailures).toEqual([]);
      expect(pages.byStatus[200]).toBeGreaterThan(0);
      expect(orders.inFlightFailures + pages.inFlightFailures).toBeLessThanOrEqual(10 + 10);

      // 3 × 2 direct connections and PgBouncer's 4, whatever the 3 × 4 pool clients asked for.
      expect(connections.budget).toBe(3 * 2 + 4);
      expect(connections.poolerClients).toBe(3 * 4);
      expect(connections.peak).toBeGreaterThan(0);
      expect(connections.peak).toBeLessThanOrEqual(connections.budget);

      console.info(
        `[figures] 3 instances behind Caddy, one killed: page ${pages.perSecond.toFixed(0)} req/s (p99 ${pages.p99} ms), ` +
          `${orders.acknowledged} orders (${orders.inFlightFailures} answers 502 in flight on the killed instance, retried), ` +
          `panel ${panel.announced} announced over ${panel.connections} connections, ` +
          `PostgreSQL connections peak ${connections.peak} of ${connections.budget} (${connections.samples} samples in ${connections.sampledSeconds} s)`,
      );
    },
  );
});
