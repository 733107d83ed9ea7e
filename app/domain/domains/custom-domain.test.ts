import { describe, expect, it } from "vitest";
import { entryFor } from "~/lib/entry-points";
import {
  CUSTOM_DOMAIN_ACTION,
  customOrigin,
  dnsRecords,
  isIpAddress,
  DOMAIN_MESSAGES,
  DOMAIN_STATUS_LABELS,
  DomainActionSchema,
  hasCustomDomain,
  isDomainActive,
  problemText,
  VERIFICATION_LABEL,
  verifiedMessage,
} from "./custom-domain";

describe("dnsRecords", () => {
  it("asks a subdomain for a CNAME to the platform and the TXT token", () => {
    expect(
      dnsRecords({
        host: "pedidos.espiga.mx",
        token: "tianguis-abc",
        platformHost: "tianguis.mx",
        apex: false,
        platformAddresses: ["203.0.113.10"],
      }),
    ).toEqual([
      { type: "CNAME", name: "pedidos.espiga.mx", value: "tianguis.mx" },
      { type: "TXT", name: `${VERIFICATION_LABEL}.pedidos.espiga.mx`, value: "tianguis-abc" },
    ]);
  });

  it("asks an apex for the platform's A and AAAA addresses instead, or names them when unknown", () => {
    const records = (platformAddresses: string[]) =>
      dnsRecords({
        host: "espiga.mx",
        token: "t",
        platformHost: "tianguis.mx",
        apex: true,
        platformAddresses,
      });
    expect(records(["203.0.113.10", "2001:db8::10"]).slice(0, 2)).toEqual([
      { type: "A", name: "espiga.mx", value: "203.0.113.10" },
      { type: "AAAA", name: "espiga.mx", value: "2001:db8::10" },
    ]);
    expect(records([])[0]).toEqual({ type: "A", name: "espiga.mx", value: "las direcciones de tianguis.mx" });
  });
});

describe("plans and state", () => {
  it("is a Negocio feature that Pro includes", () => {
    expect(hasCustomDomain("starter")).toBe(false);
    expect(hasCustomDomain("basic")).toBe(true);
    expect(hasCustomDomain("premier")).toBe(true);
  });

  it("serves only when verified and on such a plan", () => {
    expect(isDomainActive("verified", "basic")).toBe(true);
    expect(isDomainActive("verified", "starter")).toBe(false);
    expect(isDomainActive("failing", "premier")).toBe(false);
    expect(isDomainActive("pending", "premier")).toBe(false);
  });
});

describe("customOrigin", () => {
  it("takes the platform's scheme and port", () => {
    expect(customOrigin("pedidos.espiga.mx", "https://tianguis.mx")).toBe("https://pedidos.espiga.mx");
    expect(customOrigin("pedidos.espiga.mx", "http://localhost:3000")).toBe("http://pedidos.espiga.mx:3000");
  });
});

describe("a platform reached by its IP address (PUBLIC_ORIGIN=http://203.0.113.5)", () => {
  it("asks for an A (or AAAA) record to that address, never a CNAME to an IP", () => {
    const records = (platformHost: string, apex: boolean) =>
      dnsRecords({ host: "pedidos.espiga.mx", token: "t", platformHost, apex, platformAddresses: [] })[0];
    expect(records("203.0.113.5", false)).toEqual({
      type: "A",
      name: "pedidos.espiga.mx",
      value: "203.0.113.5",
    });
    expect(records("203.0.113.5", true)).toEqual({
      type: "A",
      name: "pedidos.espiga.mx",
      value: "203.0.113.5",
    });
    expect(records("[2001:db8::5]", false)).toEqual({
      type: "AAAA",
      name: "pedidos.espiga.mx",
      value: "2001:db8::5",
    });
    expect(isIpAddress("tianguis.mx")).toBe(false);
    const context = { host: "pedidos.espiga.mx", token: "t", platformHost: "203.0.113.5", apex: false };
    expect(problemText("pointing-missing", context)).toBe(
      "Falta el registro A de pedidos.espiga.mx hacia 203.0.113.5.",
    );
    expect(problemText("pointing-elsewhere", context)).toContain("Cambia su registro A/AAAA.");
  });
});

describe("problemText", () => {
  const context = { host: "espiga.mx", token: "tianguis-abc", platformHost: "tianguis.mx" };
  it("names the record to create or fix", () => {
    expect(problemText("txt-missing", { ...context, apex: true })).toBe(
      "Falta el registro TXT _tianguis.espiga.mx con el valor tianguis-abc.",
    );
    expect(problemText("txt-wrong", { ...context, apex: true })).toContain("su valor no es tianguis-abc");
    expect(problemText("pointing-missing", { ...context, apex: true })).toContain("registros A o AAAA");
    expect(problemText("pointing-missing", { ...context, apex: false })).toBe(
      "Falta el registro CNAME de espiga.mx hacia tianguis.mx.",
    );
    expect(problemText("pointing-elsewhere", { ...context, apex: false })).toContain(
      "Cambia su registro CNAME",
    );
  });
});

describe("what the owner reads", () => {
  const context = { host: "espiga.mx", token: "tianguis-abc", platformHost: "tianguis.mx" };

  it("names an apex's A/AAAA records when they point elsewhere", () => {
    expect(problemText("pointing-elsewhere", { ...context, apex: true })).toBe(
      "espiga.mx apunta a otro servidor, no a tianguis.mx. Cambia su registro A/AAAA.",
    );
  });

  it("says where the store is seen once verified", () => {
    expect(verifiedMessage("https://pedidos.espiga.mx")).toBe(
      "¡Listo! Verificamos tu dominio: tu tienda ya se ve en https://pedidos.espiga.mx",
    );
  });

  it("labels each status in Spanish", () => {
    expect(DOMAIN_STATUS_LABELS).toEqual({
      pending: "Pendiente de verificar",
      verified: "Activo",
      failing: "Con fallas",
      lapsed: "En pausa (plan Emprendedor)",
    });
  });
});

describe("DomainActionSchema", () => {
  it("takes the panel's three actions", () => {
    expect(DomainActionSchema.parse({ intent: "save", host: "pedidos.espiga.mx" })).toEqual({
      intent: "save",
      host: "pedidos.espiga.mx",
    });
    expect(DomainActionSchema.parse({ intent: "verify" })).toEqual({ intent: "verify" });
    expect(DomainActionSchema.parse({ intent: "remove" })).toEqual({ intent: "remove" });
  });

  it("refuses a host past 300 characters with the form's message, and an unknown action", () => {
    expect(DomainActionSchema.safeParse({ intent: "save", host: "a".repeat(300) }).success).toBe(true);
    const long = DomainActionSchema.safeParse({ intent: "save", host: "a".repeat(301) });
    expect(long.success ? null : long.error.issues.map((issue) => issue.message)).toEqual([
      DOMAIN_MESSAGES.invalid,
    ]);
    expect(DomainActionSchema.safeParse({ intent: "save" }).success).toBe(false);
    expect(DomainActionSchema.safeParse({ intent: "borrar-todo" }).success).toBe(false);
  });
});

describe("a platform reached by its IPv6 address, or by a name that starts with numbers", () => {
  it("asks for the AAAA record to the bare IPv6 address", () => {
    const context = { host: "pedidos.espiga.mx", token: "t", platformHost: "[2001:db8::5]", apex: false };
    expect(problemText("pointing-missing", context)).toBe(
      "Falta el registro AAAA de pedidos.espiga.mx hacia 2001:db8::5.",
    );
  });

  it("a name that begins with an address (203.0.113.5.nip.io) is a name: the CNAME points at it", () => {
    expect(isIpAddress("203.0.113.5")).toBe(true);
    expect(isIpAddress("203.0.113.5.nip.io")).toBe(false);
    const records = dnsRecords({
      host: "pedidos.espiga.mx",
      token: "t",
      platformHost: "203.0.113.5.nip.io",
      apex: false,
      platformAddresses: [],
    });
    expect(records[0]).toEqual({ type: "CNAME", name: "pedidos.espiga.mx", value: "203.0.113.5.nip.io" });
  });
});

describe("the panel's address", () => {
  it("posts to /i/admin/custom-domain, a route the app serves", () => {
    expect(CUSTOM_DOMAIN_ACTION).toBe("/i/admin/custom-domain");
    expect(entryFor(CUSTOM_DOMAIN_ACTION, "POST")?.name).toBe("admin-custom-domain");
  });
});
