/**
 * Mail and the password reset (docs/decisions/017), over real SMTP: the built server sends to an
 * SMTP server started by this test; the reset link in the e-mail works once and only within its
 * hour, every older session ends, and the request's answer is the same whether or not the account
 * exists. A send the SMTP server refuses is retried by the job worker and delivered once. Without
 * SMTP_URL the message is logged with its link and written as an .eml file.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createStore } from "~/db/factories.server";
import { authVerification, jobs } from "~/db/schema";
import { RESET_MESSAGES } from "~/domain/auth/account-forms";
import { storedIdentifier } from "~/domain/auth/verification-tokens.server";
import { enqueue, startJobWorker } from "~/domain/jobs/jobs.server";
import { composeMail } from "~/domain/mail/mail-text";
import { createMailer, MAIL_JOB, mailJob, queueMail } from "~/domain/mail/mail.server";
import { readEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { registry } from "~/lib/metrics.server";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { startServerProcess } from "../support/server-process";
import { linkIn, startSmtpServer } from "../support/smtp";

const { db, url: databaseUrl } = await createTestDatabase();
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const http = useServerProcess(databaseUrl, {
  SMTP_URL: smtp.url,
  MAIL_FROM: "avisos@tianguis.test",
  // Each test asks from its own address (X-Forwarded-For), as shoppers behind a proxy would.
  TRUST_PROXY: "loopback",
});
// The outbox tests run their own workers: on a database no server's worker reads.
const outbox = await createTestDatabase();

async function owner(password = "mi-contrasena-vieja") {
  const store = await createStore(db);
  return createOwner(db, { storeId: store.id, password });
}

function askForReset(email: string, ip = "203.0.113.7") {
  return fetch(`${http.server.url}/i/olvide-contrasena`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { "X-Forwarded-For": ip },
  });
}

function choosePassword(link: string, password: string, confirmation = password) {
  return fetch(link, {
    method: "POST",
    body: new URLSearchParams({ password, confirmation }),
    redirect: "manual",
  });
}

/** The page without what differs on every answer anyway (the CSP nonce). */
const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, "");

describe("password reset by e-mail", () => {
  it("sends the link over SMTP; it works once, ends every old session, and the new password signs in", async () => {
    const { email } = await owner();
    const oldSession = await signIn(http.server.url, email, "mi-contrasena-vieja");
    expect(
      (await fetch(`${http.server.url}/i/admin`, { headers: { cookie: oldSession }, redirect: "manual" }))
        .status,
    ).toBe(200);

    const answer = await askForReset(email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(RESET_MESSAGES.sent);

    const mail = await smtp.waitFor(email, /contraseña/);
    expect(mail.from).toBe("avisos@tianguis.test");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Restablece tu contraseña de Tianguis");
    const link = linkIn(mail, "/i/restablecer/");
    expect(link.startsWith(`${http.server.url}/i/restablecer/`)).toBe(true);
    expect(mail.html).toContain(link);
    // No tracking: the only links are ours.
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([link]);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain("Elige una nueva contraseña");

    // The same rules as sign-up, the common-passwords list included; nothing is used up.
    const common = await choosePassword(link, "qwerty123");
    expect(common.status).toBe(400);
    expect(await common.text()).toContain("de las más usadas");

    const done = await choosePassword(link, "una-contrasena-nueva");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/i/login?aviso=contrasena");

    // The session opened with the old password is refused.
    const refused = await fetch(`${http.server.url}/i/admin`, {
      headers: { cookie: oldSession },
      redirect: "manual",
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/i/login");
    await signIn(http.server.url, email, "una-contrasena-nueva");

    // Once only.
    const again = await choosePassword(link, "otra-contrasena-mas");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(RESET_MESSAGES.invalidLink);
    expect(await (await fetch(link)).text()).toContain(RESET_MESSAGES.invalidLink);
  });

  it("lasts one hour: an expired link is refused", async () => {
    const { email } = await owner();
    await askForReset(email, "203.0.113.8");
    const link = linkIn(await smtp.waitFor(email), "/i/restablecer/");
    const token = link.split("/").pop()!;
    // Kept hashed, as better-auth keeps it: the database holds no working link.
    expect(
      await db.$count(authVerification, eq(authVerification.identifier, `reset-password:${token}`)),
    ).toBe(0);
    const where = eq(authVerification.identifier, storedIdentifier(`reset-password:${token}`));
    const [row] = await db.select().from(authVerification).where(where);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    // As if the hour had passed.
    await db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    expect(await (await fetch(link)).text()).toContain(RESET_MESSAGES.invalidLink);
    const late = await choosePassword(link, "una-contrasena-tardia");
    expect(late.status).toBe(400);
    await signIn(http.server.url, email, "mi-contrasena-vieja");
  });

  it("answers the same status and page whether or not the account exists, and mails only the account", async () => {
    const { email } = await owner();
    const unknown = `nadie-${Date.now()}@example.com`;
    const [known, stranger] = await Promise.all([
      askForReset(email, "203.0.113.9"),
      askForReset(unknown, "203.0.113.9"),
    ]);
    expect(stranger.status).toBe(known.status);
    expect(comparable(await stranger.text())).toBe(comparable(await known.text()));
    await smtp.waitFor(email);
    // Both requests were handled by the worker; only the account got an e-mail.
    await expect
      .poll(async () =>
        (await db.select().from(jobs).where(eq(jobs.kind, "auth.password-reset"))).every((job) => job.doneAt),
      )
      .toBe(true);
    expect(smtp.to(unknown)).toEqual([]);
  });

  it("limits requests per address (429) and e-mails per address silently", async () => {
    const { email } = await owner();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await askForReset(email, "203.0.113.10")).status);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(() => smtp.to(email).length).toBe(3);
    const flood = [];
    for (let i = 0; i < 6; i++)
      flood.push((await askForReset(`otro-${i}@example.com`, "203.0.113.10")).status);
    expect(flood.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(flood[5]).toBe(429);
  });
});

describe("the mail outbox", () => {
  const logger = createLogger("silent");
  const env = readEnv({ SMTP_URL: smtp.url, MAIL_FROM: "avisos@tianguis.test", DEMO_DATA: "false" });

  it("retries a send the SMTP server refused, and delivers it once", async () => {
    const before = await registry.getSingleMetricAsString("tianguis_mail_deliveries_total");
    const worker = startJobWorker({
      db: outbox.db,
      logger,
      pollMs: 60_000,
      handlers: { [MAIL_JOB]: mailJob({ mailer: createMailer(env, logger), logger }).handler },
    });
    try {
      // The worker's own first pass at start must be over, so that the refusal below is met by
      // the batch this test runs.
      await worker.runOnce();
      const to = `reintento-${Date.now()}@example.com`;
      await outbox.db.transaction((tx) =>
        queueMail(tx, composeMail({ to, subject: "Prueba de reintento", paragraphs: ["Hola"] })),
      );
      smtp.refuseNext(1);
      const attemptsBefore = smtp.attempts();
      await worker.runOnce();
      const [failed] = await outbox.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.attempts, 1)));
      expect(failed?.doneAt).toBeNull();
      expect(failed?.lastError).toMatch(/451/);
      expect(smtp.to(to)).toEqual([]);
      // Tried again after e-mail's first delay (30 s): here, as if it had passed.
      expect(failed!.runAt.getTime() - Date.now()).toBeGreaterThan(20_000);
      await becomeDue(failed!.id);
      await worker.runOnce();
      expect(smtp.to(to)).toHaveLength(1);
      expect(smtp.attempts() - attemptsBefore).toBe(2);
      const [sent] = await outbox.db.select().from(jobs).where(eq(jobs.id, failed!.id));
      expect(sent?.doneAt).not.toBeNull();
      expect(sent?.attempts).toBe(2);
      const after = await registry.getSingleMetricAsString("tianguis_mail_deliveries_total");
      expect(count(after, "failed") - count(before, "failed")).toBe(1);
      expect(count(after, "sent") - count(before, "sent")).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it("through a long SMTP outage keeps a message for days, at most an hour between attempts, where other kinds give up after 12", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = readEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "avisos@tianguis.test" });
    const OTHER_KIND = "test.always-fails";
    const worker = startJobWorker({
      db: outbox.db,
      logger,
      pollMs: 60_000,
      handlers: {
        [MAIL_JOB]: mailJob({ mailer: createMailer(down, logger), logger }).handler,
        [OTHER_KIND]: async () => {
          throw new Error("sin servicio");
        },
      },
    });
    try {
      await worker.runOnce();
      const to = `apagon-${Date.now()}@example.com`;
      await outbox.db.transaction(async (tx) => {
        await queueMail(tx, composeMail({ to, subject: "Durante el apagón", paragraphs: ["Hola"] }));
        await enqueue(tx, OTHER_KIND, { to });
      });
      const mine = sql`${jobs.payload}->>'to' = ${to}`;
      const find = async (kind: string) =>
        (
          await outbox.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, kind), mine))
        )[0]!;

      let waited = 0;
      let longest = 0;
      for (let attempt = 1; attempt <= 1_000; attempt++) {
        await worker.runOnce();
        const mail = await find(MAIL_JOB);
        const other = await find(OTHER_KIND);
        expect(mail.attempts).toBe(attempt);
        expect(mail.lastError).toMatch(/e-mail not sent/);
        // The kind without a policy of its own keeps the former one: given up after 12 attempts.
        expect(other.doneAt === null, `other kind after ${attempt} attempts`).toBe(attempt < 12);
        if (mail.doneAt) break;
        const delay = mail.runAt.getTime() - Date.now();
        expect(delay, `delay after attempt ${attempt}`).toBeLessThanOrEqual(60 * 60_000);
        waited += delay;
        longest = Math.max(longest, delay);
        // As if the delay had passed.
        await becomeDue(mail.id);
        if (!other.doneAt) await becomeDue(other.id);
      }
      const mail = await find(MAIL_JOB);
      expect(mail.attempts).toBeGreaterThan(12);
      expect(waited).toBeGreaterThanOrEqual(3 * 24 * 60 * 60_000);
      expect(longest).toBeGreaterThan(59 * 60_000);
      // Given up at last, the message is kept with its error, never deleted.
      expect(mail.doneAt).not.toBeNull();
      expect((mail.payload as { to: string }).to).toBe(to);
      expect(smtp.to(to)).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it("without SMTP_URL logs the message with its link and writes it to DATA_DIR/mail, and says so at start", async () => {
    const store = await createStore(outbox.db);
    const { email } = await createOwner(outbox.db, { storeId: store.id });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "tianguis-mail-"));
    const server = await startServerProcess({
      env: { DATABASE_URL: outbox.url, DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "info" },
    });
    try {
      expect(server.output()).toContain("no SMTP_URL configured");
      expect(server.output()).toContain(path.join(dataDir, "mail"));
      // Which public address links and custom domains are made from, said once the server answers.
      expect(server.output()).toMatch(
        /"msg":"Tianguis listo en [^"]+".*"publicOrigin":"http:\/\/localhost:\d+"/,
      );
      await fetch(`${server.url}/i/olvide-contrasena`, {
        method: "POST",
        body: new URLSearchParams({ email }),
      });
      const mailDir = path.join(dataDir, "mail");
      await expect
        .poll(async () => (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith(".eml")))
        .toHaveLength(1);
      const [file] = (await readdir(mailDir)).filter((f) => f.endsWith(".eml"));
      const eml = await readFile(path.join(mailDir, file!), "utf8");
      expect(eml).toContain(`To: ${email}`);
      expect(eml).toMatch(/Subject: .*Restablece/);
      await expect.poll(() => server.output()).toMatch(/e-mail written.*\/i\/restablecer\/[\w-]+/);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** Moves a job's next attempt to now: the time its back-off asked for has passed. */
async function becomeDue(id: number) {
  await outbox.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, id));
}

function count(metrics: string, outcome: string): number {
  const line = metrics
    .split("\n")
    .find((l) => l.includes(`transport="smtp"`) && l.includes(`outcome="${outcome}"`));
  return line ? Number(line.split(" ").pop()) : 0;
}
