/**
 * Requests the server makes to an address a user gave it (a push subscription's endpoint, and any
 * such URL later): the name is resolved once, every address it gives must be a public one — never
 * loopback, a private network, link-local (a cloud's metadata service), or any other reserved
 * range — and the connection goes to exactly the addresses that were checked, so a DNS answer
 * that changes between the check and the connection (DNS rebinding) changes nothing.
 */
import { lookup as systemLookup } from "node:dns/promises";
import { Resolver } from "node:dns/promises";
import net, { type LookupFunction } from "node:net";

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** IPv4 ranges that are not the public internet (RFC 6890 and its updates). */
const RESERVED_IPV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
/** Within IPv6's global unicast range (2000::/3), the parts that are not public hosts either. */
const RESERVED_IPV6: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside
];

const reserved = new net.BlockList();
for (const [address, prefix] of RESERVED_IPV4) reserved.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of RESERVED_IPV6) reserved.addSubnet(address, prefix, "ipv6");
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/**
 * Whether an address is on the public internet. IPv6 must be global unicast (which leaves out
 * loopback, link-local, unique-local, multicast and IPv4 written inside IPv6).
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !reserved.check(address, "ipv4");
  if (family === 6) return globalUnicast.check(address, "ipv6") && !reserved.check(address, "ipv6");
  return false;
}

/** A refusal to connect: the name points where the server must not go. Not worth retrying. */
export class OutboundRefused extends Error {}

export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/**
 * Resolves names the way the server's other look-ups do: at DNS_SERVERS when they are set (the
 * tests run their own), otherwise through the system (its hosts file included).
 */
export function createHostResolver(dnsServers: readonly string[] = []): HostResolver {
  if (dnsServers.length === 0) {
    return async (host) =>
      (await systemLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
        address,
        family: family === 6 ? 6 : 4,
      }));
  }
  const resolver = new Resolver({ timeout: 2_500, tries: 2 });
  resolver.setServers([...dnsServers]);
  const absent = (error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "ENODATA" || code === "ENOTFOUND") return [];
    throw error;
  };
  return async (host) => {
    const [v4, v6] = await Promise.all([
      resolver.resolve4(host).catch(absent),
      resolver.resolve6(host).catch(absent),
    ]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
}

/**
 * The addresses to connect to for `host`: all of them public, or a refusal. `anyAddress` is for
 * hosts the operator named in the configuration, which may live on a private network.
 */
export async function checkedAddresses(
  resolve: HostResolver,
  host: string,
  { anyAddress = false }: { anyAddress?: boolean } = {},
): Promise<ResolvedAddress[]> {
  if (net.isIP(host)) throw new OutboundRefused("an address written as numbers is not accepted");
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!anyAddress && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new OutboundRefused(`${host} resolves to an address that is not public`);
  }
  return addresses;
}

/**
 * A `lookup` for `net.connect` and `https.request` that answers with the addresses already
 * checked, so the connection never asks the DNS again.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
    const done = callback as (error: Error | null, address: unknown, family?: number) => void;
    if (usable.length === 0) {
      const error = Object.assign(new Error("no checked address of that family"), { code: "ENOTFOUND" });
      return done(error, options.all ? [] : "");
    }
    if (options.all) return done(null, usable);
    done(null, usable[0]!.address, usable[0]!.family);
  };
}
