/**
 * Which push endpoints the server will send to. A browser's subscription names a URL on its
 * vendor's Web Push service, and the server later posts to it: anything else an owner registers
 * would make the server request an address of the owner's choosing (an internal port, a cloud's
 * metadata service). So only the services browsers use are accepted, by name and on port 443,
 * plus the hosts the operator lists in PUSH_SERVICE_HOSTS (a self-hosted service, the tests' own).
 * An address written as numbers is never accepted: the check at send time is on names.
 */
import { z } from "~/lib/zod";

export type PushServiceHost = {
  /** A host name, lower case. */
  host: string;
  /** Whether the names under `host` match (`*.notify.windows.com`) instead of `host` itself. */
  subdomains: boolean;
  port: number;
  /** Listed by the operator (PUSH_SERVICE_HOSTS): trusted wherever its name points. */
  listed: boolean;
};

const HTTPS_PORT = 443;

/**
 * What a browser sends of its subscription, as the owner's device form and the shopper's
 * "Avísame" both read it. Any URL: which ones the server will send to is `acceptPushEndpoint`.
 */
export const PUSH_SUBSCRIPTION_FIELDS = {
  endpoint: z.url().max(2000),
  p256dh: z.string().min(20).max(200),
  auth: z.string().min(8).max(100),
};

/**
 * The Web Push services of Chrome and Edge's FCM, Firefox (updates.push.services.mozilla.com,
 * under its domain), Safari and Windows.
 */
export const WEB_PUSH_SERVICES: readonly PushServiceHost[] = [
  { host: "fcm.googleapis.com", subdomains: false, port: HTTPS_PORT, listed: false },
  { host: "push.services.mozilla.com", subdomains: true, port: HTTPS_PORT, listed: false },
  { host: "push.apple.com", subdomains: true, port: HTTPS_PORT, listed: false },
  { host: "notify.windows.com", subdomains: true, port: HTTPS_PORT, listed: false },
];

/**
 * Letters, digits and hyphens between dots, with at least one letter: a name, never an address
 * written as numbers (an IPv4 address has no letter; IPv6 has colons and brackets).
 */
const HOST_NAME = /^(?=.*[a-z])[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function isHostName(host: string): boolean {
  return host.length <= 253 && HOST_NAME.test(host);
}

/**
 * PUSH_SERVICE_HOSTS: comma-separated `host`, `host:port`, `*.domain` or `*.domain:port` (port 443
 * when none is given). Returns the hosts, or the entry that is not one.
 */
export function parsePushServiceHosts(value: string): { hosts: PushServiceHost[] } | { invalid: string } {
  const hosts: PushServiceHost[] = [];
  for (const raw of value.split(",")) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    const match = /^(\*\.)?([^:*]+)(?::(\d{1,5}))?$/.exec(entry);
    const port = match?.[3] === undefined ? HTTPS_PORT : Number(match[3]);
    if (!match || !isHostName(match[2]!) || port < 1 || port > 65535) return { invalid: raw.trim() };
    hosts.push({ host: match[2]!, subdomains: match[1] !== undefined, port, listed: true });
  }
  return { hosts };
}

export type AcceptedEndpoint = { host: string; port: number; listed: boolean };

/**
 * The endpoint's host and port when it is on an accepted push service: https, no user name or
 * password, a host name (not an IP address) matching a service, and that service's port. Null
 * for anything else.
 */
export function acceptPushEndpoint(
  endpoint: string,
  listed: readonly PushServiceHost[] = [],
): AcceptedEndpoint | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return null;
  // The URL parser writes every form of an IPv4 address as four numbers and IPv6 in brackets.
  const host = url.hostname;
  if (!isHostName(host)) return null;
  const port = url.port === "" ? HTTPS_PORT : Number(url.port);
  const service = [...WEB_PUSH_SERVICES, ...listed].find(
    (candidate) =>
      candidate.port === port &&
      (candidate.subdomains ? host.endsWith(`.${candidate.host}`) : host === candidate.host),
  );
  return service ? { host, port, listed: service.listed } : null;
}
