/**
 * A store's own domain (docs/decisions/018): its states, the DNS records the owner
 * creates, and every sentence the panel shows about it. Pure: the panel renders these in the
 * browser and the server answers with the same words.
 */
import { includesPlan } from "~/domain/stores/licence";
import type { LicenceType } from "~/domain/stores/licence-types";
import { BASIC_PLAN_PRICE } from "~/domain/stores/plan";
import { z } from "~/lib/zod";

export const DOMAIN_STATUSES = ["pending", "verified", "failing"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** What a check can find wrong: the ownership record, or where the name points. */
export const DOMAIN_PROBLEMS = [
  "txt-missing",
  "txt-wrong",
  "pointing-missing",
  "pointing-elsewhere",
] as const;
export type DomainProblem = (typeof DOMAIN_PROBLEMS)[number];

/** The TXT record's name is this label in front of the domain. */
export const VERIFICATION_LABEL = "_tianguis";

/** Own domains are a Negocio feature ("Tu propio dominio"), so Pro has them too (docs/decisions/015). */
export function hasCustomDomain(tier: LicenceType): boolean {
  return includesPlan(tier, "basic");
}

/** Whether a host is an IPv4 or IPv6 address literal (`203.0.113.5`, `[2001:db8::1]`), not a name. */
export function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":");
}

/** An address literal without the brackets a URL puts around IPv6. */
export function bareIp(host: string): string {
  return host.replace(/^\[(.*)\]$/, "$1");
}

export type DnsRecord = { type: "CNAME" | "A" | "AAAA" | "TXT"; name: string; value: string };

/**
 * The records the owner creates at their DNS provider: the name pointed at the platform (a CNAME
 * for a subdomain; A/AAAA for an apex, which cannot carry a CNAME) and the TXT that proves it is
 * theirs. `platformAddresses` are the platform host's current addresses, when known.
 */
export function dnsRecords(input: {
  host: string;
  token: string;
  platformHost: string;
  apex: boolean;
  platformAddresses: string[];
}): DnsRecord[] {
  // A platform reached by its IP address has no name a CNAME could point at: A/AAAA to it.
  const ip = isIpAddress(input.platformHost);
  const addresses = ip ? [bareIp(input.platformHost)] : input.platformAddresses;
  const pointing: DnsRecord[] =
    input.apex || ip
      ? addresses.length > 0
        ? addresses.map((address) => ({
            type: address.includes(":") ? ("AAAA" as const) : ("A" as const),
            name: input.host,
            value: address,
          }))
        : [{ type: "A", name: input.host, value: `las direcciones de ${input.platformHost}` }]
      : [{ type: "CNAME", name: input.host, value: input.platformHost }];
  return [...pointing, { type: "TXT", name: `${VERIFICATION_LABEL}.${input.host}`, value: input.token }];
}

export const DOMAIN_MESSAGES = {
  saved: "Dominio guardado. Crea los registros DNS de abajo y luego presiona «Verificar».",
  removed: "Quitamos tu dominio. Tu tienda sigue en su dirección de Tianguis.",
  failed: "No se pudo guardar el dominio. Intenta de nuevo.",
  verifyFailed: "No se pudo verificar el dominio. Intenta de nuevo.",
  required: "Escribe el dominio de tu tienda, por ejemplo pedidos.tunegocio.mx.",
  invalid: "Este no es un dominio válido. Escríbelo como pedidos.tunegocio.mx, sin https:// ni diagonales.",
  ipAddress: "Escribe un nombre de dominio, no una dirección IP.",
  ours: "Ese dominio es de Tianguis. Escribe el dominio de tu negocio.",
  taken: "Este dominio ya lo usa otra tienda de Tianguis.",
  planRequired: `Tu propio dominio está incluido en los planes Negocio y Pro (desde ${BASIC_PLAN_PRICE}).`,
  noDomain: "Primero guarda el dominio de tu tienda.",
  unreachable: "No pudimos consultar el DNS de tu dominio en este momento. Intenta de nuevo en unos minutos.",
  notYet: "Todavía falta algo en el DNS de tu dominio:",
  propagation: "Los cambios de DNS pueden tardar desde unos minutos hasta unas horas en verse.",
  tooMany: "Ya verificaste muchas veces seguidas. Espera unos minutos e intenta de nuevo.",
} as const;

export function verifiedMessage(address: string): string {
  return `¡Listo! Verificamos tu dominio: tu tienda ya se ve en ${address}`;
}

/** One sentence per problem, naming the record to create or fix. */
export function problemText(
  problem: DomainProblem,
  context: { host: string; token: string; platformHost: string; apex: boolean },
): string {
  const txtName = `${VERIFICATION_LABEL}.${context.host}`;
  switch (problem) {
    case "txt-missing":
      return `Falta el registro TXT ${txtName} con el valor ${context.token}.`;
    case "txt-wrong":
      return `El registro TXT ${txtName} existe, pero su valor no es ${context.token}.`;
    case "pointing-missing":
      if (isIpAddress(context.platformHost)) {
        const ip = bareIp(context.platformHost);
        return `Falta el registro ${ip.includes(":") ? "AAAA" : "A"} de ${context.host} hacia ${ip}.`;
      }
      return context.apex
        ? `${context.host} todavía no tiene registros A o AAAA con las direcciones de ${context.platformHost}.`
        : `Falta el registro CNAME de ${context.host} hacia ${context.platformHost}.`;
    case "pointing-elsewhere":
      return `${context.host} apunta a otro servidor, no a ${bareIp(context.platformHost)}. Cambia su registro ${context.apex || isIpAddress(context.platformHost) ? "A/AAAA" : "CNAME"}.`;
  }
}

/** The status as the owner and the operator read it. */
export const DOMAIN_STATUS_LABELS: Record<DomainStatus | "lapsed", string> = {
  pending: "Pendiente de verificar",
  verified: "Activo",
  failing: "Con fallas",
  lapsed: "En pausa (plan Emprendedor)",
};

/** Whether a domain serves its store now: verified, and the store's plan includes it. */
export function isDomainActive(status: DomainStatus, tier: LicenceType): boolean {
  return status === "verified" && hasCustomDomain(tier);
}

/**
 * The address a store's own domain is served at. Behind one proxy the domains share the
 * platform's scheme and port (`https:` in production, the proxy's port in tests).
 */
export function customOrigin(host: string, publicOrigin: string): string {
  const platform = new URL(publicOrigin);
  return `${platform.protocol}//${host}${platform.port ? `:${platform.port}` : ""}`;
}

/** The panel's three actions on `/i/admin/custom-domain`; the host name itself is parsed by the server. */
export const DomainActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), host: z.string().max(300, DOMAIN_MESSAGES.invalid) }),
  z.object({ intent: z.literal("verify") }),
  z.object({ intent: z.literal("remove") }),
]);
export type DomainAction = z.infer<typeof DomainActionSchema>;

export const CUSTOM_DOMAIN_ACTION = "/i/admin/custom-domain";
