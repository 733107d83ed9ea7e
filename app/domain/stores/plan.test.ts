import { describe, expect, it } from "vitest";
import { canStartTrial, planBadge, trialText } from "./plan";

const now = new Date("2025-06-01T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe("planBadge: the tier as resolveLicence resolves it", () => {
  it("a running trial shows Negocio (prueba), whatever the stored type", () => {
    expect(
      planBadge({ licenceType: "premier", licenceExpires: days(100), trialExpiration: days(3) }, now),
    ).toEqual({
      tier: "basic",
      label: "Negocio",
      trial: true,
    });
  });
  it("a paid licence in force shows its type", () => {
    expect(
      planBadge({ licenceType: "premier", licenceExpires: days(1), trialExpiration: days(-1) }, now),
    ).toMatchObject({
      label: "Pro",
      trial: false,
    });
    expect(
      planBadge({ licenceType: "basic", licenceExpires: days(1), trialExpiration: null }, now).label,
    ).toBe("Negocio");
  });
  it("anything expired or unknown is Emprendedor", () => {
    expect(
      planBadge({ licenceType: "premier", licenceExpires: days(-1), trialExpiration: days(-1) }, now).label,
    ).toBe("Emprendedor");
    expect(
      planBadge({ licenceType: "gold", licenceExpires: days(5), trialExpiration: null }, now).label,
    ).toBe("Emprendedor");
    expect(planBadge({ licenceType: null, licenceExpires: null, trialExpiration: null }, now).label).toBe(
      "Emprendedor",
    );
  });
});

describe("trial", () => {
  it("only a starter store that never had a trial may start one", () => {
    expect(canStartTrial({ licenceType: "starter", licenceExpires: null, trialExpiration: null }, now)).toBe(
      true,
    );
    expect(
      canStartTrial({ licenceType: "starter", licenceExpires: null, trialExpiration: days(-40) }, now),
    ).toBe(false);
    expect(
      canStartTrial({ licenceType: "premier", licenceExpires: days(10), trialExpiration: null }, now),
    ).toBe(false);
  });
  it("states the days remaining and the price, or that the date is not available", () => {
    expect(trialText({ tier: "basic", trial: true, expiresAt: days(12) }, now)).toBe(
      "Estás probando el plan Negocio: te quedan 12 días. Después cuesta $179/mes.",
    );
    expect(
      trialText({ tier: "basic", trial: true, expiresAt: new Date(now.getTime() + 3_600_000) }, now),
    ).toContain("te queda 1 día");
    expect(trialText({ tier: "basic", trial: true, expiresAt: null }, now)).toContain(
      "la fecha de vencimiento no está disponible",
    );
  });
});
