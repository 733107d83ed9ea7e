/**
 * Retention: each window deletes the rows past it and keeps those inside it (the clock is
 * passed in, never waited for); page views rolled up give the Resumen the same figures as the raw
 * events did, before and after the raw events go; one run a day across two instances.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { connectDatabase } from "~/db/client.server";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import {
  analyticsEvents,
  authSession,
  authVerification,
  jobs,
  orderChanges,
  pageViewDays,
  rateLimitHits,
  restockRequests,
  storeActivity,
  storeClaims,
  storeInvitations,
} from "~/db/schema";
import { rollUpPageViews } from "~/domain/analytics/page-view-days.server";
import { startJobWorker } from "~/domain/jobs/jobs.server";
import {
  RETENTION,
  RETENTION_JOB,
  retentionJob,
  runRetention,
  scheduleRetention,
} from "~/domain/retention/retention.server";
import { loadDashboard } from "~/domain/stores/dashboard.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";

const { db, url } = await createTestDatabase();
/** Roll-ups move one mark for the whole database: the tests that follow it closely have their own. */
const rollups = await createTestDatabase();
const unrolled = await createTestDatabase();
const late = await createTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
/** Thursday 26 November 2026, 12:00 in Mexico City. */
const NOW = new Date("2026-11-26T18:00:00Z");
/** A moment `days` before NOW, give or take an hour: just past a window, or just inside it. */
const ago = (days: number, side: "past" | "inside") =>
  new Date(NOW.getTime() - days * DAY + (side === "past" ? -1 : 1) * 60 * 60 * 1000);

describe("retention windows", () => {
  it("deletes every kind of row past its window and keeps the rows inside it", async () => {
    const store = await createStore(db, {});
    const owner = await createOwner(db);
    const product = await createProduct(db, store.id, { stock: 0 });
    const sides = ["past", "inside"] as const;
    for (const side of sides) {
      await db.insert(jobs).values([
        { kind: "push.send", key: `done-${side}`, doneAt: ago(RETENTION.doneJobs, side) },
        {
          kind: "push.send",
          key: `failed-${side}`,
          doneAt: ago(RETENTION.failedJobs, side),
          lastError: "410",
        },
      ]);
      await db.insert(orderChanges).values({
        storeId: store.id,
        orderId: `TG-${side}`,
        type: "order.created",
        createdAt: ago(RETENTION.orderChanges, side),
      });
      await db.insert(analyticsEvents).values({
        name: "search_products",
        storeId: store.id,
        createdAt: ago(RETENTION.analyticsEvents, side),
      });
      const expiry = ago(RETENTION.expiredTokens, side);
      await db
        .insert(authSession)
        .values({ id: `s-${side}`, token: `t-${side}`, userId: owner.id, expiresAt: expiry });
      await db
        .insert(authVerification)
        .values({ id: `v-${side}`, identifier: `reset-${side}`, value: "x", expiresAt: expiry });
      await db.insert(storeClaims).values({
        tokenHash: `claim-${side}`,
        storeId: store.id,
        expiresAt: ago(RETENTION.expiredClaims, side),
      });
      await db.insert(rateLimitHits).values({ key: `login:${side}`, at: ago(RETENTION.rateLimitHits, side) });
      await db.insert(restockRequests).values({
        storeId: store.id,
        productId: product.id,
        address: `${side}@example.com`,
        token: `restock-${side}`,
        origin: "http://localhost:3000",
        createdAt: ago(RETENTION.restockRequests, side),
      });
      await db.insert(storeActivity).values({
        storeId: store.id,
        actorName: "Ana",
        kind: "paused",
        subject: side,
        createdAt: ago(RETENTION.storeActivity, side),
      });
      // An invitation ends when it is used, revoked or expires: each is kept a month past its end.
      const ended = ago(RETENTION.closedInvitations, side);
      const sentAt = new Date(ended.getTime() - 3 * DAY);
      const invitation = { storeId: store.id, role: "cajero" as const, createdAt: sentAt };
      await db.insert(storeInvitations).values([
        { ...invitation, tokenHash: `expired-${side}`, email: `expired-${side}@x.mx`, expiresAt: ended },
        {
          ...invitation,
          tokenHash: `used-${side}`,
          email: `used-${side}@x.mx`,
          expiresAt: new Date(ended.getTime() + 4 * DAY),
          acceptedAt: ended,
        },
        {
          ...invitation,
          tokenHash: `revoked-${side}`,
          email: `revoked-${side}@x.mx`,
          expiresAt: new Date(ended.getTime() + 4 * DAY),
          revokedAt: ended,
        },
      ]);
    }
    // An invitation sent long ago and still pending (sent again since) stays, whatever its age.
    await db.insert(storeInvitations).values({
      storeId: store.id,
      role: "cajero",
      tokenHash: "pending",
      email: "pending@x.mx",
      createdAt: ago(365, "past"),
      expiresAt: new Date(NOW.getTime() + DAY),
    });
    // A job done a year ago but still running is not "done": it has no done_at, and stays.
    await db.insert(jobs).values({ kind: "push.send", key: "due", runAt: ago(365, "past") });
    const mail = await mkdtemp(path.join(os.tmpdir(), "tianguis-mail-"));
    onTestFinished(() => rm(mail, { recursive: true, force: true }));
    for (const side of sides) {
      const file = path.join(mail, `${side}.eml`);
      await writeFile(file, "Subject: hola\n\n");
      const at = ago(RETENTION.mailFiles, side);
      await utimes(file, at, at);
    }

    const { deleted } = await runRetention(db, { now: NOW, mailDirectory: mail });
    expect(deleted).toEqual({
      jobs: 2,
      order_changes: 1,
      analytics_events: 1,
      auth_session: 1,
      auth_verification: 1,
      store_claims: 1,
      rate_limit_hits: 1,
      restock_requests: 1,
      store_activity: 1,
      store_invitations: 3,
      mail_files: 1,
    });
    expect(await db.select({ subject: storeActivity.subject }).from(storeActivity)).toEqual([
      { subject: "inside" },
    ]);
    expect(
      (await db.select({ key: storeInvitations.tokenHash }).from(storeInvitations)).map((r) => r.key).sort(),
    ).toEqual(["expired-inside", "pending", "revoked-inside", "used-inside"]);
    expect(await db.select({ token: restockRequests.token }).from(restockRequests)).toEqual([
      { token: "restock-inside" },
    ]);
    const keys = async (query: Promise<{ key: string | null }[]>) =>
      (await query).map((row) => row.key).sort();
    expect(await keys(db.select({ key: jobs.key }).from(jobs))).toEqual([
      "done-inside",
      "due",
      "failed-inside",
    ]);
    expect(
      (await db.select().from(orderChanges).where(eq(orderChanges.storeId, store.id))).map((r) => r.orderId),
    ).toEqual(["TG-inside"]);
    expect(await db.select({ id: authSession.id }).from(authSession)).toEqual([{ id: "s-inside" }]);
    expect(await db.select({ id: authVerification.id }).from(authVerification)).toEqual([{ id: "v-inside" }]);
    expect(await db.select({ key: storeClaims.tokenHash }).from(storeClaims)).toEqual([
      { key: "claim-inside" },
    ]);
    expect(await db.select({ key: rateLimitHits.key }).from(rateLimitHits)).toEqual([
      { key: "login:inside" },
    ]);
    expect(await readdir(mail)).toEqual(["inside.eml"]);

    // A second run finds nothing more to delete.
    expect(Object.values((await runRetention(db, { now: NOW, mailDirectory: mail })).deleted)).toEqual(
      Array(11).fill(0),
    );
  });

  it("deletes in batches past the batch size, and rolls page views up before their raw events go", async () => {
    const store = await createStore(db, {});
    await db.execute(sql`
      insert into order_changes (store_id, order_id, type, created_at)
      select ${store.id}, 'TG-' || n, 'order.created', ${ago(30, "past").toISOString()}::timestamptz
      from generate_series(1, 12001) n`);
    const { deleted } = await runRetention(db, { now: NOW });
    expect(deleted.order_changes).toBe(12001);

    // Page views past the raw window that were never rolled up: rolled up first, then deleted.
    const shop = await createStore(unrolled.db, {});
    await unrolled.db
      .insert(analyticsEvents)
      .values(
        [0, 1, 2].map(() => ({ name: "view_store_page", storeId: shop.id, createdAt: ago(200, "past") })),
      );
    const run = await runRetention(unrolled.db, { now: NOW });
    expect(run).toMatchObject({ rolledUpDays: 1, deleted: { analytics_events: 3 } });
    expect(await unrolled.db.select().from(pageViewDays)).toEqual([
      { storeId: shop.id, day: "2026-05-10", views: 3 },
    ]);
  });
});

describe("page views rolled up", () => {
  it("give the Resumen the same figures as the raw events, also once the raw events are gone", async () => {
    const own = rollups.db;
    const store = await createStore(own, {});
    const other = await createStore(own, {});
    const view = (storeId: string, at: string, count: number) =>
      own.insert(analyticsEvents).values(
        Array.from({ length: count }, () => ({
          name: "view_store_page",
          storeId,
          createdAt: new Date(at),
        })),
      );
    // Today 00:30 local, yesterday 23:59 local (already today in UTC), 6 and 29 days ago, 40 days ago.
    await view(store.id, "2026-11-26T06:30:00Z", 4);
    await view(store.id, "2026-11-26T05:59:00Z", 2);
    await view(store.id, "2026-11-20T18:00:00Z", 5);
    await view(store.id, "2026-10-28T18:00:00Z", 7);
    await view(store.id, "2026-10-17T18:00:00Z", 11);
    await view(other.id, "2026-11-25T18:00:00Z", 100);
    const periods = ["hoy", "7dias", "30dias"] as const;
    const figures = async () =>
      Promise.all(
        periods.map(async (period) => (await loadDashboard(own, store.id, period, NOW)).storeViews),
      );
    const raw = await figures();
    expect(raw).toEqual([4, 11, 18]);

    // Rolled up through yesterday: today still counts from the raw events.
    expect(await rollUpPageViews(own, NOW)).toBe(5);
    expect(await figures()).toEqual(raw);

    // A hundred days on, the raw events are gone and the days alone give the same figures.
    await runRetention(own, { now: new Date(NOW.getTime() + 100 * DAY) });
    expect(await own.select().from(analyticsEvents)).toEqual([]);
    expect(await figures()).toEqual(raw);
    expect(
      (await own.select().from(pageViewDays).where(eq(pageViewDays.storeId, store.id))).sort((a, b) =>
        a.day.localeCompare(b.day),
      ),
    ).toEqual([
      { storeId: store.id, day: "2026-10-17", views: 11 },
      { storeId: store.id, day: "2026-10-28", views: 7 },
      { storeId: store.id, day: "2026-11-20", views: 5 },
      { storeId: store.id, day: "2026-11-25", views: 2 },
      { storeId: store.id, day: "2026-11-26", views: 4 },
    ]);
  });
});

describe("a day just over", () => {
  it("is rolled up an hour after midnight, so a view committed late still counts", async () => {
    const store = await createStore(late.db, {});
    // Wednesday 25 November, 23:59 in Mexico City.
    await late.db
      .insert(analyticsEvents)
      .values({ name: "view_store_page", storeId: store.id, createdAt: new Date("2026-11-26T05:59:00Z") });
    // 00:30 on Thursday: the 25th is not rolled up yet.
    expect(await rollUpPageViews(late.db, new Date("2026-11-26T06:30:00Z"))).toBe(0);
    // 01:30: it is.
    expect(await rollUpPageViews(late.db, new Date("2026-11-26T07:30:00Z"))).toBe(1);
    expect(await late.db.select().from(pageViewDays)).toEqual([
      { storeId: store.id, day: "2026-11-25", views: 1 },
    ]);
  });
});

describe("one run a day", () => {
  it("runs once across two instances, and two runs at once roll up no day twice", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    const instances = [connectDatabase(url, { max: 2 }), connectDatabase(url, { max: 2 })];
    onTestFinished(() => Promise.all(instances.map((instance) => instance.close())).then(() => {}));
    // Jobs queued by the tests above are set aside: only the retention run is counted.
    await db
      .update(jobs)
      .set({ doneAt: new Date() })
      .where(sql`${jobs.doneAt} is null`);
    const workers = instances.map(({ db: instanceDb }) =>
      startJobWorker({
        db: instanceDb,
        logger,
        pollMs: 60_000,
        handlers: { [RETENTION_JOB]: retentionJob(instanceDb, { logger }).handler },
      }),
    );
    try {
      await Promise.all(workers.map((worker) => worker.runOnce()));
      await Promise.all(instances.map(({ db: instanceDb }) => scheduleRetention(instanceDb)));
      const ran = await Promise.all(workers.map((worker) => worker.runOnce()));
      expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(lines.filter((line) => line.includes("retention: old rows deleted"))).toHaveLength(1);
      // The run queued tomorrow's, once.
      const queued = await db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, RETENTION_JOB));
      expect(queued.map((row) => row.key).sort()).toEqual([
        `retention:${new Date().toISOString().slice(0, 10)}`,
        `retention:${new Date(Date.now() + DAY).toISOString().slice(0, 10)}`,
      ]);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }

    const store = await createStore(unrolled.db, {});
    await unrolled.db.insert(analyticsEvents).values(
      Array.from({ length: 3 }, () => ({
        name: "view_store_page",
        storeId: store.id,
        createdAt: new Date(NOW.getTime() + 2 * DAY),
      })),
    );
    const later = new Date(NOW.getTime() + 5 * DAY);
    const twice = [connectDatabase(unrolled.url, { max: 2 }), connectDatabase(unrolled.url, { max: 2 })];
    onTestFinished(() => Promise.all(twice.map((instance) => instance.close())).then(() => {}));
    expect(
      (await Promise.all(twice.map(({ db: instanceDb }) => rollUpPageViews(instanceDb, later)))).sort(),
    ).toEqual([0, 1]);
    expect(
      await unrolled.db
        .select({ views: pageViewDays.views })
        .from(pageViewDays)
        .where(eq(pageViewDays.storeId, store.id)),
    ).toEqual([{ views: 3 }]);
  });
});
