import type { LicenceType } from "~/domain/stores/licence-types";
import { PLAN_LABELS } from "~/domain/stores/licence";

const styles: Record<LicenceType, string> = {
  starter: "bg-stone-100 text-stone-800 ring-stone-300",
  basic: "bg-brand-50 text-brand-800 ring-brand-300",
  premier: "bg-stone-800 text-amber-100 ring-stone-800",
};

export function PlanBadge({ tier, trial }: { tier: LicenceType; trial?: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ${styles[tier]}`}
    >
      {PLAN_LABELS[tier]}
      {trial ? <span className="ml-1 font-medium">(prueba)</span> : null}
    </span>
  );
}
