/**
 * The host name an owner types for their store: a real DNS name in its ASCII form, not
 * an address, not one of ours. Server-only because the IDN conversion is Node's own
 * (`domainToASCII`, the WHATWG URL algorithm browsers use too), not a copy of it.
 */
import { isIP } from "node:net";
import { domainToASCII, domainToUnicode } from "node:url";
import { parse } from "tldts";
import { DOMAIN_MESSAGES } from "./custom-domain";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_LENGTH = 253;

export type HostNameResult =
  | { ok: true; host: string; apex: boolean }
  | { ok: false; message: (typeof DOMAIN_MESSAGES)[keyof typeof DOMAIN_MESSAGES] };

/**
 * Reads what the owner typed: case and a trailing dot do not matter, a pasted `https://…/` is
 * forgiven, Unicode names become punycode (`panadería.mx` → `xn--panadera-i2a.mx`). Refuses IP
 * addresses, names without a registrable domain (`com.mx`), ports, paths, wildcards and
 * underscores, and the platform's own domain with everything under it.
 */
export function parseHostName(input: string, platformHost: string): HostNameResult {
  let text = input.trim().toLowerCase();
  if (text === "") return { ok: false, message: DOMAIN_MESSAGES.required };
  text = text.replace(/^https?:\/\//, "").replace(/\/$/, "");
  if (isIP(text.replace(/^\[|\]$/g, "")) !== 0 || isIpv4Like(text.replace(/\.$/, ""))) {
    return { ok: false, message: DOMAIN_MESSAGES.ipAddress };
  }
  if (/[/:?#@\s*_\\]/.test(text)) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  const ascii = domainToASCII(text).replace(/\.$/, "");
  if (ascii === "" || ascii.length > MAX_LENGTH) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  // Full-width digits (１.２.３.４) become an address only once converted.
  if (isIpv4Like(ascii)) return { ok: false, message: DOMAIN_MESSAGES.ipAddress };
  const labels = ascii.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return { ok: false, message: DOMAIN_MESSAGES.invalid };
  }
  const parsed = parse(ascii, { allowPrivateDomains: false });
  // A top-level label is never all digits.
  if (parsed.isIp || /^\d+$/.test(labels.at(-1)!)) return { ok: false, message: DOMAIN_MESSAGES.ipAddress };
  if (!parsed.domain) return { ok: false, message: DOMAIN_MESSAGES.invalid };
  if (isOurs(ascii, platformHost)) return { ok: false, message: DOMAIN_MESSAGES.ours };
  return { ok: true, host: ascii, apex: parsed.domain === ascii };
}

/** Whether a (valid, ASCII) host is the apex of its registrable domain: no CNAME possible there. */
export function isApex(host: string): boolean {
  return parse(host, { allowPrivateDomains: false }).domain === host;
}

/** The name as the owner reads it (`xn--panadera-i2a.mx` → `panadería.mx`). */
export function displayHostName(host: string): string {
  return domainToUnicode(host) || host;
}

/** Normalises the name a proxy or a request names (no IDN conversion: those arrive ASCII). */
export function normaliseRequestHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, "");
}

/** The platform's host, its subdomains, and any name under the same registrable domain. */
function isOurs(host: string, platformHost: string): boolean {
  const platform = normaliseRequestHost(platformHost);
  if (host === platform || host.endsWith(`.${platform}`)) return true;
  const platformDomain = parse(platform, { allowPrivateDomains: false }).domain;
  return Boolean(platformDomain) && (host === platformDomain || host.endsWith(`.${platformDomain}`));
}

/** Dotted digits (`192.168.0.1`, `1.2.3`, `0x7f.1`): what WHATWG would read as an IPv4 address. */
function isIpv4Like(text: string): boolean {
  return /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){0,3}$/i.test(text);
}
