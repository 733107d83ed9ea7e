import { describe, expect, it } from "vitest";
import { CAPABILITIES, can, isMemberRole, type Capability, type StoreRole } from "./team-roles";

/** The whole matrix, written out: a change to any cell fails here. */
const EXPECTED: Record<StoreRole, Capability[]> = {
  owner: [...CAPABILITIES],
  encargado: ["orders", "products", "categories", "hours", "pause", "alarm"],
  cajero: ["orders", "alarm"],
};

describe("role → capability matrix", () => {
  for (const role of ["owner", "encargado", "cajero"] as const) {
    for (const capability of CAPABILITIES) {
      const allowed = EXPECTED[role].includes(capability);
      it(`${role} ${allowed ? "may" : "may not"} use ${capability}`, () => {
        expect(can(role, capability)).toBe(allowed);
      });
    }
  }
  it("keeps plan, domain, payments, members, export and closing the store the owner's alone", () => {
    for (const capability of ["plan", "domain", "payments", "members", "export", "close"] as const) {
      expect(can("encargado", capability)).toBe(false);
      expect(can("cajero", capability)).toBe(false);
    }
  });
  it("knows only encargado and cajero as a member's role", () => {
    expect(isMemberRole("encargado")).toBe(true);
    expect(isMemberRole("cajero")).toBe(true);
    expect(isMemberRole("owner")).toBe(false);
    expect(isMemberRole("")).toBe(false);
    expect(isMemberRole(undefined)).toBe(false);
  });
});
