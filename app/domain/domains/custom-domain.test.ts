import { describe, expect, it } from "vitest";
import {
  customOrigin,
  dnsRecords,
  hasCustomDomain,
  isDomainActive,
  problemText,
  VERIFICATION_LABEL,
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
