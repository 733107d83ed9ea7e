import type { LicenceType } from "~/domain/stores/licence-types";
import { PLAN_LABELS } from "~/domain/stores/licence";

const styles: Record<LicenceType, string> = {
  starter: "bg-stone-100 text-stone-800 ring-stone-300",
  basic: "bg-brand-50 text-brand-800 ring-brand-300",
  premier: "bg-stone-800 text-amber-100 ring-stone-800",
};

/**
 * The plan's name in a pill, with "(prueba)" during a trial. `compact` leaves "(prueba)" out
 * below the small breakpoint, where the panel's header shares the badge's line with the e-mail.
 */
export function PlanBadge({
  tier,
  trial,
  compact = false,
}: {
  tier: LicenceType;
  trial?: boolean;
  compact?: boolean;
}) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${styles[tier]}`}
    >
      {PLAN_LABELS[tier]}
      {trial ? <span className={`ml-1 font-medium ${compact ? "max-sm:hidden" : ""}`}>(prueba)</span> : null}
    </span>
  );
}
