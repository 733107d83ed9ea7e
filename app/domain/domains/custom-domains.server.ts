/**
 * Stores' own domains (docs/decisions/018): the owner saves a host name, creates the
 * DNS records the panel shows, and "Verificar" checks them; a verified domain is re-checked
 * daily. Which store a verified host serves, and whether Caddy may certify it, is read here too.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Database, Executor } from "~/db/client.server";
import { authUser, customDomains, storeOwners, stores, storeSettings } from "~/db/schema";
import { enqueue } from "~/domain/jobs/jobs.server";
import { domainFailingMail } from "~/domain/mail/mail-text";
import { queueMail } from "~/domain/mail/mail.server";
import { storeHomeUrl } from "~/domain/stores/store-links";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { resolveLicence } from "~/domain/stores/licence";
import type { LicenceType } from "~/domain/stores/licence-types";
import { AppError, uniqueViolation } from "~/lib/errors";
import type { Logger } from "~/lib/logger.server";
import {
  customOrigin,
  dnsRecords,
  DOMAIN_MESSAGES,
  hasCustomDomain,
  isDomainActive,
  problemText,
  type DomainProblem,
} from "./custom-domain";
import { addressesOf, checkDomainRecords, DnsUnreachable, type DnsResolver } from "./dns-check.server";
import { displayHostName, isApex, normaliseRequestHost, parseHostName } from "./host-name.server";
import { inTransaction } from "~/db/after-commit.server";
import { defineJob, NO_PAYLOAD } from "~/domain/jobs/define-job.server";
import type { ReadDatabase } from "~/db/read-database.server";

export type CustomDomain = typeof customDomains.$inferSelect;
/** The hosts that route to a store and hold their name against other stores. */
const LIVE_STATUSES = ["verified", "failing"] as const;

export async function findStoreDomain(db: Executor, storeId: string): Promise<CustomDomain | null> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.storeId, storeId));
  return row ?? null;
}

function requirePlan(tier: LicenceType) {
  if (!hasCustomDomain(tier)) throw new AppError("FORBIDDEN", DOMAIN_MESSAGES.planRequired);
}

/** A per-store token for the TXT record: unguessable, and plain enough to copy by hand. */
function newToken() {
  return `tianguis-${randomBytes(15).toString("hex")}`;
}

/**
 * Saves the host name the owner typed. A new name starts pending (the old one, if any, stops
 * serving at once); the same name again changes nothing. A name another store has verified (and
 * that still passes its checks) is refused; the store keeps its token whatever name it saves, so records already made stay good.
 */
export async function saveCustomDomain(
  db: Executor,
  store: { id: string; tier: LicenceType },
  input: string,
  platformHost: string,
): Promise<CustomDomain> {
  requirePlan(store.tier);
  const parsed = parseHostName(input, platformHost);
  if (!parsed.ok) throw new AppError("VALIDATION", parsed.message, { field: "host" });
  const { host } = parsed;
  const [takenBy] = await db
    .select({ storeId: customDomains.storeId })
    .from(customDomains)
    .where(
      and(
        eq(customDomains.host, host),
        eq(customDomains.status, "verified"),
        ne(customDomains.storeId, store.id),
      ),
    );
  if (takenBy) throw new AppError("ALREADY_EXISTS", DOMAIN_MESSAGES.taken, { field: "host" });
  const current = await findStoreDomain(db, store.id);
  if (current?.host === host) return current;
  const fresh = {
    host,
    status: "pending" as const,
    problems: [],
    verifiedAt: null,
    checkedAt: null,
    failingSince: null,
  };
  const [row] = await db
    .insert(customDomains)
    .values({ storeId: store.id, token: current?.token ?? newToken(), ...fresh })
    .onConflictDoUpdate({ target: customDomains.storeId, set: fresh })
    .returning();
  return row!;
}

export async function removeCustomDomain(db: Executor, storeId: string) {
  await db.delete(customDomains).where(eq(customDomains.storeId, storeId));
}

export type VerifyContext = { resolver: DnsResolver; publicOrigin: string };

/**
 * "Verificar": looks the records up and either makes the domain live or says what is missing
 * (a 422 whose `problems` the panel lists). A DNS that cannot be asked is a 503 that changes
 * nothing. Two stores verifying one name at once: the unique index lets exactly one win.
 */
export async function verifyCustomDomain(
  db: Database,
  store: { id: string; tier: LicenceType },
  { resolver, publicOrigin }: VerifyContext,
  now = new Date(),
): Promise<{ address: string }> {
  requirePlan(store.tier);
  const domain = await findStoreDomain(db, store.id);
  if (!domain) throw new AppError("VALIDATION", DOMAIN_MESSAGES.noDomain, { field: "host" });
  await enforce(db, [{ name: "domainCheckPerStore", subject: store.id }], DOMAIN_MESSAGES.tooMany);
  const problems = await check(resolver, domain, publicOrigin);
  if (problems === null) throw new AppError("SERVICE_UNAVAILABLE", DOMAIN_MESSAGES.unreachable);
  if (problems.length > 0) {
    await recordFailure(db, domain, problems, now);
    throw new AppError("UNPROCESSABLE", DOMAIN_MESSAGES.notYet, { details: { problems } });
  }
  await markVerified(db, domain, now);
  return { address: customOrigin(domain.host, publicOrigin) };
}

/** The problems the DNS shows, or null when it could not be asked. */
async function check(
  resolver: DnsResolver,
  domain: CustomDomain,
  publicOrigin: string,
): Promise<DomainProblem[] | null> {
  try {
    const { problems } = await checkDomainRecords(resolver, {
      host: domain.host,
      token: domain.token,
      platformHost: new URL(publicOrigin).hostname,
    });
    return problems;
  } catch (error) {
    if (error instanceof DnsUnreachable) return null;
    throw error;
  }
}

/**
 * A pending domain keeps waiting with the list of what is missing; a live one becomes failing
 * (it stops serving and Caddy stops certifying it) from the first failed check on.
 */
async function recordFailure(db: Executor, domain: CustomDomain, problems: DomainProblem[], now: Date) {
  const live = domain.status !== "pending";
  await db
    .update(customDomains)
    .set({
      problems,
      checkedAt: now,
      ...(live ? { status: "failing" as const, failingSince: domain.failingSince ?? now } : {}),
    })
    .where(and(eq(customDomains.storeId, domain.storeId), eq(customDomains.host, domain.host)));
}

/**
 * Makes the domain live. A store whose copy of the name was failing lost it to whoever proved
 * control since (its row goes back to pending); one that holds it verified keeps it: taken.
 */
async function markVerified(db: Database, domain: CustomDomain, now: Date) {
  try {
    await inTransaction(db, async (tx) => {
      await tx
        .update(customDomains)
        .set({ status: "pending", failingSince: null })
        .where(
          and(
            eq(customDomains.host, domain.host),
            eq(customDomains.status, "failing"),
            ne(customDomains.storeId, domain.storeId),
          ),
        );
      const updated = await tx
        .update(customDomains)
        .set({
          status: "verified",
          problems: [],
          checkedAt: now,
          failingSince: null,
          verifiedAt: domain.verifiedAt ?? now,
        })
        .where(and(eq(customDomains.storeId, domain.storeId), eq(customDomains.host, domain.host)))
        .returning({ storeId: customDomains.storeId });
      // The owner changed or removed the name while we looked it up: nothing to verify.
      if (updated.length === 0) throw new AppError("NOT_FOUND", DOMAIN_MESSAGES.noDomain, { field: "host" });
    });
  } catch (error) {
    if (uniqueViolation(error) === "custom_domains_live_host_idx") {
      throw new AppError("ALREADY_EXISTS", DOMAIN_MESSAGES.taken, { field: "host" });
    }
    throw error;
  }
}

/**
 * The daily re-check of every live domain: a passing one stays (or becomes again) verified, a
 * failing one is marked and the panel tells its owner; a DNS that cannot be asked changes nothing.
 */
export async function recheckLiveDomains(
  db: Database,
  context: VerifyContext,
  logger?: Logger,
  now = new Date(),
): Promise<{ verified: number; failing: number; unreachable: number }> {
  const live = await db
    .select()
    .from(customDomains)
    .where(inArray(customDomains.status, [...LIVE_STATUSES]))
    .orderBy(asc(customDomains.host));
  const totals = { verified: 0, failing: 0, unreachable: 0 };
  for (const domain of live) {
    const problems = await check(context.resolver, domain, context.publicOrigin);
    if (problems === null) {
      totals.unreachable++;
      logger?.warn("custom domain not checked: DNS unreachable", { host: domain.host });
    } else if (problems.length > 0) {
      totals.failing++;
      if (domain.status !== "verified") await recordFailure(db, domain, problems, now);
      else {
        // It stops serving now: the owner hears of it by e-mail too, queued with the change.
        await inTransaction(db, async (tx) => {
          await recordFailure(tx, domain, problems, now);
          await tellOwnerDomainFails(tx, domain, problems, context.publicOrigin);
        });
        logger?.warn("custom domain failing", { host: domain.host, storeId: domain.storeId, problems });
      }
    } else {
      totals.verified++;
      await markVerified(db, domain, now).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    }
  }
  return totals;
}

async function tellOwnerDomainFails(
  tx: Executor,
  domain: CustomDomain,
  problems: DomainProblem[],
  publicOrigin: string,
) {
  const owners = await tx
    .select({ email: authUser.email, storeName: storeSettings.displayName })
    .from(storeOwners)
    .innerJoin(authUser, eq(authUser.id, storeOwners.userId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, storeOwners.storeId))
    .where(eq(storeOwners.storeId, domain.storeId));
  const platformHost = new URL(publicOrigin).hostname;
  const context = { host: domain.host, token: domain.token, platformHost, apex: isApex(domain.host) };
  for (const owner of owners) {
    await queueMail(
      tx,
      domainFailingMail(
        owner.email,
        {
          storeName: owner.storeName || domain.storeId,
          host: displayHostName(domain.host),
          problems: problems.map((problem) => problemText(problem, context)),
        },
        `${publicOrigin}/i/admin?tab=configuracion`,
      ),
    );
  }
}

export const DOMAIN_RECHECK_JOB = "domains.recheck";
export const DOMAIN_RECHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Checking, once a day, that the live domains still point here. */
export function domainRecheckJob(deps: { db: Database; logger: Logger } & VerifyContext) {
  return defineJob({
    kind: DOMAIN_RECHECK_JOB,
    payload: NO_PAYLOAD,
    run: recheckDomains(deps),
    schedule: scheduleDomainRecheck,
  });
}

/** The re-check as a daily job, like the featured rotation: one a day, whichever instance queues it. */
function recheckDomains(deps: { db: Database; logger: Logger } & VerifyContext) {
  return async () => {
    const totals = await recheckLiveDomains(deps.db, deps, deps.logger);
    deps.logger.info("custom domains re-checked", totals);
    await scheduleDomainRecheck(deps.db, new Date(Date.now() + DOMAIN_RECHECK_INTERVAL_MS));
  };
}

/** Queues the re-check for the day of `at` (once per day, whoever asks). */
export async function scheduleDomainRecheck(db: Database, at = new Date()) {
  await enqueue(
    db,
    DOMAIN_RECHECK_JOB,
    {},
    { key: `domains-recheck:${at.toISOString().slice(0, 10)}`, runAt: at },
  );
}

/** What a request's host needs to know: its store, and what the store's plan is now. */
export type HostSite = {
  host: string;
  storeId: string;
  storeName: string;
  status: CustomDomain["status"];
  licence: { licenceType: LicenceType; licenceExpires: Date | null; trialExpiration: Date | null };
};

/** The store a live host belongs to (one primary-key-sized index look-up), or null. */
export async function findSiteByHost(db: Executor, host: string): Promise<HostSite | null> {
  const [row] = await db
    .select({
      host: customDomains.host,
      storeId: customDomains.storeId,
      storeName: storeSettings.displayName,
      status: customDomains.status,
      licenceType: stores.licenceType,
      licenceExpires: stores.licenceExpires,
      trialExpiration: stores.trialExpiration,
    })
    .from(customDomains)
    .innerJoin(stores, eq(stores.id, customDomains.storeId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, customDomains.storeId))
    .where(
      and(
        eq(customDomains.host, normaliseRequestHost(host)),
        inArray(customDomains.status, [...LIVE_STATUSES]),
      ),
    );
  if (!row) return null;
  const { licenceType, licenceExpires, trialExpiration, ...site } = row;
  return { ...site, licence: { licenceType, licenceExpires, trialExpiration } };
}

/** Whether a site serves its store now (verified, on a plan that includes it). */
export function isSiteActive(site: HostSite, now = new Date()): boolean {
  return isDomainActive(site.status, resolveLicence(site.licence, now).tier);
}

/** Caddy's `ask`: may it obtain a certificate for this name? Only for active domains. */
export async function mayCertify(db: Executor, host: string, now = new Date()): Promise<boolean> {
  const site = await findSiteByHost(db, host);
  return site !== null && isSiteActive(site, now);
}

/** The store's own domain when it serves the store now: where its platform address redirects. */
export async function activeDomainOf(
  db: ReadDatabase,
  storeId: string,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ host: customDomains.host, status: customDomains.status, store: stores })
    .from(customDomains)
    .innerJoin(stores, eq(stores.id, customDomains.storeId))
    .where(eq(customDomains.storeId, storeId));
  return row && isDomainActive(row.status, resolveLicence(row.store, now).tier) ? row.host : null;
}

/** The address a store shares (QR, poster): its own domain while that serves it, else the platform's. */
export async function publicStoreAddress(
  db: Executor,
  publicOrigin: string,
  storeId: string,
): Promise<string> {
  const host = await activeDomainOf(db, storeId);
  return host
    ? storeHomeUrl({ origin: customOrigin(host, publicOrigin), ownDomain: true }, storeId)
    : storeHomeUrl({ origin: publicOrigin, ownDomain: false }, storeId);
}

/** Every store's domain, for the operator: name, store, status and the store's plan now. */
export async function listCustomDomains(db: Executor, now = new Date()) {
  const rows = await db
    .select({ domain: customDomains, store: stores, displayName: storeSettings.displayName })
    .from(customDomains)
    .innerJoin(stores, eq(stores.id, customDomains.storeId))
    .innerJoin(storeSettings, eq(storeSettings.storeId, customDomains.storeId))
    .orderBy(asc(customDomains.host), asc(customDomains.storeId));
  return rows.map(({ domain, store, displayName }) => {
    const tier = resolveLicence(store, now).tier;
    return {
      host: domain.host,
      storeId: domain.storeId,
      storeName: displayName || domain.storeId,
      status: domain.status,
      lapsed: domain.status === "verified" && !hasCustomDomain(tier),
      problems: domain.problems,
      checkedAt: domain.checkedAt,
      verifiedAt: domain.verifiedAt,
      failingSince: domain.failingSince,
    };
  });
}

/** The platform host's addresses, for an apex's A/AAAA records: looked up at most every 10 minutes. */
const platformAddressCache = new Map<string, { at: number; addresses: string[] }>();
const PLATFORM_ADDRESS_TTL_MS = 10 * 60 * 1000;

async function platformAddresses(resolver: DnsResolver, platformHost: string): Promise<string[]> {
  const cached = platformAddressCache.get(platformHost);
  if (cached && Date.now() - cached.at < PLATFORM_ADDRESS_TTL_MS) return cached.addresses;
  const addresses = await addressesOf(resolver, platformHost).catch(() => []);
  platformAddressCache.set(platformHost, { at: Date.now(), addresses });
  return addresses;
}

/**
 * Configuración → "Dominio propio": whether the plan includes it, and the store's domain with
 * its state, the records to create and its address. `withRecords: false` skips the DNS look-up
 * an apex's records need (tabs that only show the banner).
 */
export async function loadDomainPanel(
  db: Executor,
  store: { id: string; tier: LicenceType },
  { resolver, publicOrigin }: VerifyContext,
  { withRecords = true }: { withRecords?: boolean } = {},
) {
  const platformHost = new URL(publicOrigin).hostname;
  const domain = await findStoreDomain(db, store.id);
  const available = hasCustomDomain(store.tier);
  if (!domain) return { available, platformHost, domain: null };
  const apex = isApex(domain.host);
  const addresses = withRecords && apex ? await platformAddresses(resolver, platformHost) : [];
  return {
    available,
    platformHost,
    domain: {
      host: domain.host,
      displayHost: displayHostName(domain.host),
      apex,
      token: domain.token,
      status: domain.status,
      active: isDomainActive(domain.status, store.tier),
      problems: domain.problems,
      checkedAt: domain.checkedAt?.toISOString() ?? null,
      failingSince: domain.failingSince?.toISOString() ?? null,
      address: customOrigin(domain.host, publicOrigin),
      records: withRecords
        ? dnsRecords({
            host: domain.host,
            token: domain.token,
            platformHost,
            apex,
            platformAddresses: addresses,
          })
        : [],
    },
  };
}

export type DomainPanel = Awaited<ReturnType<typeof loadDomainPanel>>;
