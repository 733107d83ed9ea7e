/**
 * Verifying a store's own domain against a real DNS server (tests/support/dns-server.ts)
 * through Node's resolver, on a real database: success with the TXT token and the CNAME or
 * A records, failure without them, with a wrong token, for a name another store holds (also with
 * 50 stores at once), a DNS that cannot be asked, and the daily re-check run by the job worker.
 */
import { eq, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createOwner, createStore } from "~/db/factories.server";
import { customDomains, jobs } from "~/db/schema";
import { DOMAIN_MESSAGES } from "~/domain/domains/custom-domain";
import {
  DOMAIN_RECHECK_JOB,
  domainRecheckJob,
  findStoreDomain,
  mayCertify,
  recheckLiveDomains,
  saveCustomDomain,
  scheduleDomainRecheck,
  verifyCustomDomain,
} from "~/domain/domains/custom-domains.server";
import { createDnsResolver } from "~/domain/domains/dns-check.server";
import { MAIL_JOB } from "~/domain/mail/mail.server";
import { startJobWorker } from "~/domain/jobs/jobs.server";
import { AppError } from "~/lib/errors";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";
import { startDnsServer } from "../support/dns-server";

const { db } = await createTestDatabase();
const dns = await startDnsServer();
afterAll(() => dns.close());

const PUBLIC_ORIGIN = "https://tianguis.example";
const PLATFORM_HOST = "tianguis.example";
const PLATFORM_ADDRESS = "203.0.113.10";
dns.set(PLATFORM_HOST, { A: [PLATFORM_ADDRESS] });
const context = { resolver: createDnsResolver([dns.address]), publicOrigin: PUBLIC_ORIGIN };
const logger = createLogger("silent");
const suffix = () => Math.random().toString(36).slice(2, 8);
const inAYear = () => new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);

async function negocioStore() {
  const store = await createStore(db, { licenceType: "basic", licenceExpires: inAYear() });
  return { id: store.id, tier: "basic" as const };
}

/** The AppError a promise rejects with (fails the test if it resolves or throws anything else). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function storeWithDomain(host: string) {
  const store = await negocioStore();
  const domain = await saveCustomDomain(db, store, host, PLATFORM_HOST);
  return { store, domain };
}

describe("verifying a domain with the DNS", () => {
  it("succeeds with the TXT token and a CNAME to the platform", async () => {
    const host = `pedidos.espiga-${suffix()}.mx`;
    const { store, domain } = await storeWithDomain(host);
    expect(domain).toMatchObject({ host, status: "pending" });
    expect(await mayCertify(db, host)).toBe(false);
    dns.set(host, { CNAME: PLATFORM_HOST });
    dns.set(`_tianguis.${host}`, { TXT: [domain.token] });

    const questionsBefore = dns.questions();
    await expect(verifyCustomDomain(db, store, context)).resolves.toEqual({ address: `https://${host}` });
    expect(dns.questions()).toBeGreaterThan(questionsBefore);
    expect(await findStoreDomain(db, store.id)).toMatchObject({ status: "verified", problems: [] });
    expect(await mayCertify(db, host)).toBe(true);
  });

  it("succeeds for an apex whose A records are the platform's, saved from its Unicode name", async () => {
    const { store, domain } = await storeWithDomain(`Panadería-${suffix()}.MX.`);
    expect(domain.host).toMatch(/^xn--panadera-.*\.mx$/);
    dns.set(domain.host, { A: [PLATFORM_ADDRESS] });
    dns.set(`_tianguis.${domain.host}`, { TXT: [domain.token] });
    await verifyCustomDomain(db, store, context);
    expect(await mayCertify(db, domain.host)).toBe(true);
  });

  it("succeeds for a platform reached by its IP address when the name's A record is that address", async () => {
    const host = `pedidos.por-ip-${suffix()}.mx`;
    const store = await negocioStore();
    const domain = await saveCustomDomain(db, store, host, "198.51.100.7");
    dns.set(`_tianguis.${host}`, { TXT: [domain.token] });
    const byIp = { ...context, publicOrigin: "http://198.51.100.7" };
    const error = await refusal(verifyCustomDomain(db, store, byIp));
    expect(error.details).toEqual({ problems: ["pointing-missing"] });
    dns.set(host, { A: ["198.51.100.7"] });
    await expect(verifyCustomDomain(db, store, byIp)).resolves.toEqual({ address: `http://${host}` });
  });

  it("fails without the TXT record, says so, and changes nothing", async () => {
    const host = `pedidos.sin-txt-${suffix()}.mx`;
    const { store } = await storeWithDomain(host);
    dns.set(host, { CNAME: PLATFORM_HOST });
    const error = await refusal(verifyCustomDomain(db, store, context));
    expect(error.code).toBe("UNPROCESSABLE");
    expect(error.message).toBe(DOMAIN_MESSAGES.notYet);
    expect(error.details).toEqual({ problems: ["txt-missing"] });
    expect(await findStoreDomain(db, store.id)).toMatchObject({
      status: "pending",
      problems: ["txt-missing"],
    });
    expect(await mayCertify(db, host)).toBe(false);
  });

  it("fails with a wrong token, and when the name points elsewhere or nowhere", async () => {
    const host = `pedidos.otro-token-${suffix()}.mx`;
    const { store } = await storeWithDomain(host);
    dns.set(`_tianguis.${host}`, { TXT: ["tianguis-de-otra-tienda"] });
    dns.set(host, { A: ["198.51.100.7"] });
    const elsewhere = await refusal(verifyCustomDomain(db, store, context));
    expect(elsewhere.details).toEqual({ problems: ["txt-wrong", "pointing-elsewhere"] });
    dns.remove(host);
    const nowhere = await refusal(verifyCustomDomain(db, store, context));
    expect(nowhere.details).toEqual({ problems: ["txt-wrong", "pointing-missing"] });
    expect(await mayCertify(db, host)).toBe(false);
  });

  it("refuses a domain another store already verified, at saving and at verifying", async () => {
    const host = `pedidos.compartido-${suffix()}.mx`;
    const first = await storeWithDomain(host);
    // A second store typed the same name before the first verified it: allowed while pending.
    const second = await storeWithDomain(host);
    dns.set(host, { CNAME: PLATFORM_HOST });
    dns.set(`_tianguis.${host}`, { TXT: [first.domain.token, second.domain.token] });
    await verifyCustomDomain(db, first.store, context);

    const taken = await refusal(verifyCustomDomain(db, second.store, context));
    expect(taken.code).toBe("ALREADY_EXISTS");
    expect(taken.message).toBe(DOMAIN_MESSAGES.taken);
    expect(taken.field).toBe("host");
    expect(await findStoreDomain(db, second.store.id)).toMatchObject({ status: "pending" });

    const third = await negocioStore();
    const atSave = await refusal(saveCustomDomain(db, third, host.toUpperCase(), PLATFORM_HOST));
    expect(atSave.message).toBe(DOMAIN_MESSAGES.taken);
    expect(await findStoreDomain(db, third.id)).toBeNull();
  });

  it("lets exactly one of 50 stores verifying one name at once have it", async () => {
    const host = `pedidos.disputado-${suffix()}.mx`;
    const contenders = await Promise.all(Array.from({ length: 50 }, () => storeWithDomain(host)));
    dns.set(host, { CNAME: PLATFORM_HOST });
    dns.set(`_tianguis.${host}`, { TXT: contenders.map(({ domain }) => domain.token) });
    const outcomes = await Promise.allSettled(
      contenders.map(({ store }) => verifyCustomDomain(db, store, context)),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused.map((outcome) => (outcome.reason as AppError).code)).toEqual(
      Array.from({ length: 49 }, () => "ALREADY_EXISTS"),
    );
    const live = await db.select().from(customDomains).where(eq(customDomains.host, host));
    expect(live.filter((row) => row.status === "verified")).toHaveLength(1);
  });

  it("changes nothing when the DNS cannot be asked", async () => {
    const host = `pedidos.dns-caido-${suffix()}.mx`;
    const { store } = await storeWithDomain(host);
    dns.set(`_tianguis.${host}`, { failing: true });
    dns.set(host, { CNAME: PLATFORM_HOST });
    const error = await refusal(verifyCustomDomain(db, store, context));
    expect(error.code).toBe("SERVICE_UNAVAILABLE");
    expect(error.message).toBe(DOMAIN_MESSAGES.unreachable);
    expect(await findStoreDomain(db, store.id)).toMatchObject({ status: "pending", checkedAt: null });
  });

  it("is for Negocio and Pro only", async () => {
    const starter = await createStore(db);
    const error = await refusal(
      saveCustomDomain(db, { id: starter.id, tier: "starter" }, "pedidos.gratis.mx", PLATFORM_HOST),
    );
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toBe(DOMAIN_MESSAGES.planRequired);
    const pro = await createStore(db, { licenceType: "premier", licenceExpires: inAYear() });
    await expect(
      saveCustomDomain(db, { id: pro.id, tier: "premier" }, `pedidos.pro-${suffix()}.mx`, PLATFORM_HOST),
    ).resolves.toMatchObject({ status: "pending" });
  });
});

describe("the daily re-check", () => {
  it("marks a domain whose record went away as failing, tells the owner once, and makes it live again once fixed", async () => {
    const host = `pedidos.revision-${suffix()}.mx`;
    const { store, domain } = await storeWithDomain(host);
    const owner = await createOwner(db, { storeId: store.id });
    const mailsTo = async (to: string) =>
      (await db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB))).filter(
        (job) => (job.payload as { to?: string }).to === to,
      );
    dns.set(host, { CNAME: PLATFORM_HOST });
    dns.set(`_tianguis.${host}`, { TXT: [domain.token] });
    await verifyCustomDomain(db, store, context);

    // The re-check runs as a job of the one job mechanism, queued once per day.
    await db.delete(jobs).where(eq(jobs.kind, DOMAIN_RECHECK_JOB));
    // The worker below takes every due job, of any kind: what earlier steps queued (e-mail) is set
    // aside, so that its count is the re-check's alone, whenever its first look for work ends.
    await db.update(jobs).set({ doneAt: new Date() }).where(isNull(jobs.doneAt));
    const worker = startJobWorker({
      db,
      logger,
      pollMs: 60_000,
      handlers: { [DOMAIN_RECHECK_JOB]: domainRecheckJob({ db, logger, ...context }).handler },
    });
    try {
      // The worker's own first look for work ends before the re-check is queued: on a busy
      // machine it could otherwise take the re-check, and the count below would include the
      // e-mail that the re-check queues, taken in the same run.
      expect(await worker.runOnce()).toBe(0);
      dns.remove(`_tianguis.${host}`);
      await scheduleDomainRecheck(db);
      await scheduleDomainRecheck(db);
      expect(await worker.runOnce()).toBe(1);
      const failing = await findStoreDomain(db, store.id);
      expect(failing).toMatchObject({ status: "failing", problems: ["txt-missing"] });
      expect(failing!.failingSince).toBeInstanceOf(Date);
      expect(await mayCertify(db, host)).toBe(false);
      const [told] = await mailsTo(owner.email);
      expect(told!.payload).toMatchObject({
        subject: `Tu dominio ${host} dejó de funcionar`,
        text: expect.stringContaining(
          `Falta el registro TXT _tianguis.${host} con el valor ${domain.token}.`,
        ),
      });
      // Still failing at the next check: the owner was told already.
      await recheckLiveDomains(db, context, logger);
      expect(await mailsTo(owner.email)).toHaveLength(1);
      // This worker sends no mail: the queued message is set aside so that only the re-check runs.
      await db.update(jobs).set({ doneAt: new Date() }).where(eq(jobs.kind, MAIL_JOB));
      // The next day's run is queued by the job itself.
      const queued = await db.select().from(jobs).where(eq(jobs.kind, DOMAIN_RECHECK_JOB));
      expect(queued.filter((job) => job.doneAt === null)).toHaveLength(1);

      dns.set(`_tianguis.${host}`, { TXT: [domain.token] });
      await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, DOMAIN_RECHECK_JOB));
      expect(await worker.runOnce()).toBe(1);
      expect(await findStoreDomain(db, store.id)).toMatchObject({
        status: "verified",
        problems: [],
        failingSince: null,
      });
      expect(await mayCertify(db, host)).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it("gives a failing name to the store that proves control of it since", async () => {
    const host = `pedidos.vendido-${suffix()}.mx`;
    const before = await storeWithDomain(host);
    dns.set(host, { CNAME: PLATFORM_HOST });
    dns.set(`_tianguis.${host}`, { TXT: [before.domain.token] });
    await verifyCustomDomain(db, before.store, context);
    // While it holds the name, nobody else may even save it.
    await expect(storeWithDomain(host)).rejects.toMatchObject({ code: "ALREADY_EXISTS" });
    // The domain changed hands: its new owner replaced the TXT record, so the check fails.
    dns.remove(`_tianguis.${host}`);
    await refusal(verifyCustomDomain(db, before.store, context));
    expect(await findStoreDomain(db, before.store.id)).toMatchObject({ status: "failing" });
    const after = await storeWithDomain(host);
    dns.set(`_tianguis.${host}`, { TXT: [after.domain.token] });
    await verifyCustomDomain(db, after.store, context);
    expect(await findStoreDomain(db, before.store.id)).toMatchObject({ status: "pending" });
    expect(await findStoreDomain(db, after.store.id)).toMatchObject({ status: "verified" });
  });
});
