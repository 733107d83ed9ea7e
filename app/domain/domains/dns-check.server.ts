/**
 * What the DNS says about an owner's domain: whether `_tianguis.<host>` holds the
 * store's token, and whether the name points at the platform — by a CNAME to its host, or by
 * addresses that are all the platform's. Look-ups go through Node's resolver, at the servers of
 * `DNS_SERVERS` when set (the tests run their own), never through the operating system's cache.
 */
import { Resolver } from "node:dns/promises";
import { bareIp, isIpAddress, VERIFICATION_LABEL, type DomainProblem } from "./custom-domain";
import { normaliseRequestHost } from "./host-name.server";

export type DnsResolver = Pick<Resolver, "resolveTxt" | "resolveCname" | "resolve4" | "resolve6">;

/** A resolver at the given servers (`1.1.1.1`, `127.0.0.1:5300`, `[::1]:53`), or the system's. */
export function createDnsResolver(servers: string[] = []): DnsResolver {
  const resolver = new Resolver({ timeout: 2_500, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

/** Answers that mean "there is no such record", as opposed to "the DNS could not be asked". */
const ABSENT = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

/** The DNS could not be asked (a time-out, a refusal, a server failure): nothing is concluded. */
export class DnsUnreachable extends Error {}

async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (ABSENT.has(code)) return [];
    throw new DnsUnreachable(`DNS look-up failed: ${code || String(error)}`);
  }
}

export type DomainCheck = { problems: DomainProblem[] };

/**
 * Checks both records. Throws `DnsUnreachable` when an answer could not be had, so a resolver's
 * hiccup never reads as "your record is missing".
 */
export async function checkDomainRecords(
  resolver: DnsResolver,
  input: { host: string; token: string; platformHost: string },
): Promise<DomainCheck> {
  const platformHost = normaliseRequestHost(input.platformHost);
  const [txt, pointing] = await Promise.all([
    lookup(() => resolver.resolveTxt(`${VERIFICATION_LABEL}.${input.host}`)),
    pointsAt(resolver, input.host, platformHost),
  ]);
  const problems: DomainProblem[] = [];
  const values = txt.map((chunks) => chunks.join("").trim());
  if (values.length === 0) problems.push("txt-missing");
  else if (!values.includes(input.token)) problems.push("txt-wrong");
  if (pointing !== "ok") problems.push(pointing === "missing" ? "pointing-missing" : "pointing-elsewhere");
  return { problems };
}

async function pointsAt(
  resolver: DnsResolver,
  host: string,
  platformHost: string,
): Promise<"ok" | "missing" | "elsewhere"> {
  const cnames = (await lookup(() => resolver.resolveCname(host))).map(normaliseRequestHost);
  if (cnames.includes(platformHost)) return "ok";
  const [own, platform] = await Promise.all([
    addressesOf(resolver, host),
    isIpAddress(platformHost) ? [bareIp(platformHost)] : addressesOf(resolver, platformHost),
  ]);
  if (own.length === 0) return cnames.length > 0 ? "elsewhere" : "missing";
  return own.every((address) => platform.includes(address)) ? "ok" : "elsewhere";
}

/** A name's IPv4 and IPv6 addresses (a CNAME is followed by the recursive server). */
export async function addressesOf(resolver: DnsResolver, host: string): Promise<string[]> {
  const [v4, v6] = await Promise.all([
    lookup(() => resolver.resolve4(host)),
    lookup(() => resolver.resolve6(host)),
  ]);
  return [...v4, ...v6];
}
