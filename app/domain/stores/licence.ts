import { isLicenceType, type LicenceType } from "./licence-types";

/** Licence tier resolution and plan rules. Pure: the clock is an argument. */

export const TRIAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StoreLicenceFields = {
  licenceType: LicenceType | string | null;
  licenceExpires: Date | null;
  trialExpiration: Date | null;
};

export type Licence = { tier: LicenceType; trial: boolean; expiresAt: Date | null };

export function resolveLicence(store: StoreLicenceFields, now: Date): Licence {
  if (store.trialExpiration && store.trialExpiration.getTime() > now.getTime()) {
    return { tier: "basic", trial: true, expiresAt: store.trialExpiration };
  }
  if (store.licenceExpires && store.licenceExpires.getTime() > now.getTime()) {
    const tier = isLicenceType(store.licenceType) ? store.licenceType : "starter";
    return { tier, trial: false, expiresAt: store.licenceExpires };
  }
  return { tier: "starter", trial: false, expiresAt: null };
}

export const PLAN_LABELS: Record<LicenceType, string> = {
  starter: "Emprendedor",
  basic: "Negocio",
  premier: "Pro",
};

export const AVAILABLE_PRODUCT_LIMITS: Record<LicenceType, number> = { starter: 10, basic: 50, premier: 500 };
export const DEFAULT_AVAILABLE_PRODUCT_LIMIT = 10;

export function availableProductLimit(tier: LicenceType | undefined): number {
  return (tier && AVAILABLE_PRODUCT_LIMITS[tier]) ?? DEFAULT_AVAILABLE_PRODUCT_LIMIT;
}

/** The plans in order: each includes everything of the ones before it (docs/decisions/015). */
const PLAN_RANK: Record<LicenceType, number> = { starter: 0, basic: 1, premier: 2 };

/** Whether a tier has everything `plan` has: Pro includes Negocio, which includes Emprendedor. */
export function includesPlan(tier: LicenceType, plan: LicenceType): boolean {
  return PLAN_RANK[tier] >= PLAN_RANK[plan];
}

/**
 * Custom categories, storefront category chips and the product category selector: a Negocio
 * feature, so Pro has it too (docs/decisions/015).
 */
export function hasCustomCategories(tier: LicenceType): boolean {
  return includesPlan(tier, "basic");
}

export function trialEndsAt(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Whole days left, rounded up, so that "ends later today" still reads as 1 day. */
export function daysRemaining(expiresAt: Date | null, now: Date): number | null {
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** People behind the counter a plan allows, the owner counted (docs/decisions/033). */
export const TEAM_SIZE_LIMITS: Record<LicenceType, number> = { starter: 1, basic: 3, premier: 10 };

export function teamSizeLimit(tier: LicenceType): number {
  return TEAM_SIZE_LIMITS[tier];
}

/** Whether one more person fits: `people` counts the owner, the members and the pending invitations. */
export function hasRoomForOneMore(tier: LicenceType, people: number): boolean {
  return people < teamSizeLimit(tier);
}
