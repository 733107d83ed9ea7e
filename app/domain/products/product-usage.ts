/** The products tab's counter: enabled products against the plan's limit. */
export type UsageLevel = "normal" | "warning" | "full";

/** Blue under 90 %, yellow from 90 % to 99 %, red at 100 % (or over, after a downgrade). */
export function usageLevel(enabled: number, limit: number): UsageLevel {
  if (limit <= 0 || enabled >= limit) return "full";
  return enabled * 10 >= limit * 9 ? "warning" : "normal";
}

/** The bar's width, 0–100. */
export function usagePercent(enabled: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((enabled / limit) * 100));
}
