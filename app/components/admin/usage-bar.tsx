import { usageLevel, usagePercent } from "~/domain/products/product-usage";

/** The counter's colours (blue under 90 %, yellow to 99 %, red at 100 %): the one blue the panel keeps. */
const barColors = { normal: "bg-blue-600", warning: "bg-yellow-400", full: "bg-red-600" } as const;

/** Enabled products against the plan's limit. */
export function UsageBar({ enabled, limit }: { enabled: number; limit: number }) {
  const level = usageLevel(enabled, limit);
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <p className="text-sm font-medium text-stone-800" id="usage-label">
        Productos habilitados: <span className="font-bold">{enabled}</span> de {limit}
      </p>
      <div
        role="progressbar"
        aria-labelledby="usage-label"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(enabled, limit)}
        data-level={level}
        className="mt-2 h-3 overflow-hidden rounded-full bg-stone-200"
      >
        <div className={`h-full ${barColors[level]}`} style={{ width: `${usagePercent(enabled, limit)}%` }} />
      </div>
    </div>
  );
}
