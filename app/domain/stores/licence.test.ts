import { describe, expect, it } from "vitest";
import {
  availableProductLimit,
  hasRoomForOneMore,
  teamSizeLimit,
  daysRemaining,
  hasCustomCategories,
  PLAN_LABELS,
  resolveLicence,
  trialEndsAt,
} from "./licence";

const now = new Date("2026-11-21T12:00:00Z");
const later = new Date("2026-12-01T12:00:00Z");
const earlier = new Date("2026-11-01T12:00:00Z");

describe("resolveLicence: a running trial, else a paid plan until it expires, else Emprendedor", () => {
  it("a trial in the future means basic, on trial", () => {
    expect(
      resolveLicence({ licenceType: "premier", licenceExpires: later, trialExpiration: later }, now),
    ).toEqual({
      tier: "basic",
      trial: true,
      expiresAt: later,
    });
  });

  it("otherwise a licence in the future means the stored type, not on trial", () => {
    expect(
      resolveLicence({ licenceType: "premier", licenceExpires: later, trialExpiration: earlier }, now),
    ).toEqual({
      tier: "premier",
      trial: false,
      expiresAt: later,
    });
    expect(
      resolveLicence({ licenceType: "basic", licenceExpires: later, trialExpiration: null }, now).tier,
    ).toBe("basic");
  });

  it("otherwise starter with no expiry", () => {
    expect(
      resolveLicence({ licenceType: "premier", licenceExpires: earlier, trialExpiration: earlier }, now),
    ).toEqual({ tier: "starter", trial: false, expiresAt: null });
    expect(resolveLicence({ licenceType: null, licenceExpires: null, trialExpiration: null }, now).tier).toBe(
      "starter",
    );
  });

  it("an expiry exactly now has ended", () => {
    expect(
      resolveLicence({ licenceType: "basic", licenceExpires: now, trialExpiration: now }, now).tier,
    ).toBe("starter");
  });

  it("an unknown stored type falls back to starter", () => {
    expect(
      resolveLicence({ licenceType: "gold", licenceExpires: later, trialExpiration: null }, now).tier,
    ).toBe("starter");
  });
});

describe("plan rules", () => {
  it("labels the plans", () => {
    expect(PLAN_LABELS).toEqual({ starter: "Emprendedor", basic: "Negocio", premier: "Pro" });
  });

  it("limits available products per plan, 10 by default", () => {
    expect(availableProductLimit("starter")).toBe(10);
    expect(availableProductLimit("basic")).toBe(50);
    expect(availableProductLimit("premier")).toBe(500);
    expect(availableProductLimit(undefined)).toBe(10);
  });

  it("Negocio and Pro (which includes Negocio) have custom categories; Emprendedor does not", () => {
    expect(hasCustomCategories("basic")).toBe(true);
    expect(hasCustomCategories("starter")).toBe(false);
    expect(hasCustomCategories("premier")).toBe(true);
  });

  it("a trial lasts 30 days", () => {
    expect(trialEndsAt(now).toISOString()).toBe("2026-12-21T12:00:00.000Z");
  });

  it("counts whole days remaining, rounding up", () => {
    expect(daysRemaining(later, now)).toBe(10);
    expect(daysRemaining(new Date(now.getTime() + 60_000), now)).toBe(1);
    expect(daysRemaining(earlier, now)).toBe(0);
    expect(daysRemaining(null, now)).toBeNull();
  });
});

describe("team size", () => {
  it("counts the owner: Emprendedor 1, Negocio 3, Pro 10", () => {
    expect(teamSizeLimit("starter")).toBe(1);
    expect(teamSizeLimit("basic")).toBe(3);
    expect(teamSizeLimit("premier")).toBe(10);
  });
  it("has room for one more only below the limit", () => {
    expect(hasRoomForOneMore("starter", 1)).toBe(false);
    expect(hasRoomForOneMore("basic", 2)).toBe(true);
    expect(hasRoomForOneMore("basic", 3)).toBe(false);
    expect(hasRoomForOneMore("premier", 9)).toBe(true);
    expect(hasRoomForOneMore("premier", 10)).toBe(false);
  });
});
