/**
 * A job that has run while its database stops taking writes (a switchover's demoted primary, then
 * the new primary): its outcome is written once writes are back, so it is neither run again after
 * its lease nor left undone.
 */
import { eq, sql } from "drizzle-orm";
import { expect, it, onTestFinished } from "vitest";
import { connectDatabase, createClient } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { startJobWorker } from "~/domain/jobs/jobs.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";

const { db, url } = await createTestDatabase();
const WORKER = "job-outcome-worker";

it("a job whose database turned read-only as it ran is recorded done once writes are back, run once", async () => {
  // A session of its own, opened while the database takes writes: it can change the database back.
  const admin = createClient(url);
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>("select current_database() as name");
  const database = `"${rows[0]!.name}"`;
  const writes = (on: boolean) =>
    admin.query(
      on
        ? `alter database ${database} reset default_transaction_read_only`
        : `alter database ${database} set default_transaction_read_only = on`,
    );
  // The worker's sessions end; its next ones start as the database now says.
  const dropWorkerSessions = () =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [
      WORKER,
    ]);
  onTestFinished(async () => {
    await writes(true);
    await admin.end();
  });

  const workerUrl = new URL(url);
  workerUrl.searchParams.set("application_name", WORKER);
  const instance = connectDatabase(workerUrl.toString(), { max: 2 });
  const [job] = await db.insert(jobs).values({ kind: "test.once" }).returning({ id: jobs.id });
  let runs = 0;
  let ran = () => {};
  const hasRun = new Promise<void>((resolve) => (ran = resolve));
  const worker = startJobWorker({
    db: instance.db,
    logger: createLogger("silent"),
    pollMs: 60_000,
    handlers: {
      "test.once": async () => {
        runs += 1;
        await writes(false);
        await dropWorkerSessions();
        ran();
      },
    },
  });
  onTestFinished(async () => {
    await worker.stop();
    await instance.close();
  });
  const row = async () => (await db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!;

  await hasRun;
  // While the database takes no writes, the outcome waits.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect((await row()).doneAt).toBeNull();
  await writes(true);
  await dropWorkerSessions();
  await expect.poll(async () => (await row()).doneAt, { timeout: 10_000 }).not.toBeNull();
  expect(await row()).toMatchObject({ attempts: 1, lastError: null });
  expect(runs).toBe(1);
  expect(
    Number(
      (await db.execute<{ n: string }>(sql`select count(*) as n from jobs where kind = 'test.once'`)).rows[0]!
        .n,
    ),
  ).toBe(1);
});

it("a job cut off by the database going away is put off as part of the outage, not warned of, and runs again", async () => {
  const lines: string[] = [];
  const workerUrl = new URL(url);
  workerUrl.searchParams.set("application_name", `${WORKER}-cut`);
  const instance = connectDatabase(workerUrl.toString(), { max: 2 });
  const [job] = await db.insert(jobs).values({ kind: "test.cut" }).returning({ id: jobs.id });
  let runs = 0;
  const worker = startJobWorker({
    db: instance.db,
    logger: createLogger("info", {}, (line) => lines.push(line)),
    pollMs: 200,
    backoffMs: 100,
    handlers: {
      "test.cut": async () => {
        runs += 1;
        // The first run's query is cut off as a switchover cuts a primary's sessions.
        if (runs === 1)
          await Promise.all([
            instance.db.execute(sql`select pg_sleep(5)`),
            db.execute(
              sql`select pg_terminate_backend(pid) from pg_stat_activity
                  where application_name = ${`${WORKER}-cut`} and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
            ),
          ]);
      },
    },
  });
  onTestFinished(async () => {
    await worker.stop();
    await instance.close();
  });
  const row = async () => (await db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!;

  await expect.poll(async () => (await row()).doneAt, { timeout: 10_000 }).not.toBeNull();
  expect(await row()).toMatchObject({ attempts: 2, lastError: null });
  expect(runs).toBe(2);
  const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string; kind?: string });
  expect(logged.filter((line) => line.level === "warn" && line.msg === "job failed, will retry")).toEqual([]);
  expect(logged.filter((line) => line.msg === "job put off while the database is away")).toMatchObject([
    { level: "info", kind: "test.cut" },
  ]);
});
