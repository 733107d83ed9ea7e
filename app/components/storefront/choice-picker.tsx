import { formatMoney } from "~/domain/money/money";
import { pickRefusal, type ChoiceGroup } from "~/domain/products/choices";
import { STOCK_WORDS, type StockBadge } from "~/domain/products/stock";

/**
 * A product's choice groups on its card: a size is a set of radio buttons (one pick, its price),
 * add-ons are checkboxes (their added price), each group a labelled fieldset. A pick past a
 * group's maximum is not taken and the group says why, as it does for a group short of its
 * minimum when "Agregar" is pressed (firstShortGroup).
 */
export function ChoicePicker({
  idPrefix,
  groups,
  picks,
  onPicks,
  problem,
  optionStock = {},
}: {
  idPrefix: string;
  groups: readonly ChoiceGroup[];
  picks: readonly string[];
  onPicks: (picks: string[], problem: ChoiceProblem | null) => void;
  /** The message of one group, shown under its options. */
  problem: ChoiceProblem | null;
  /** A size option's "Agotado" (it cannot be chosen) or "Quedan N", by option id. */
  optionStock?: Readonly<Record<string, StockBadge>>;
}) {
  return (
    <div className="space-y-3">
      {groups.map((group) => {
        const chosen = group.options.filter((option) => picks.includes(option.id)).length;
        const hint =
          group.kind === "size"
            ? "Elige 1"
            : group.min > 0
              ? `Elige de ${group.min} a ${group.max}`
              : `Opcional, hasta ${group.max}`;
        const problemId = `${idPrefix}-${group.id}-problem`;
        const message = problem?.group === group.id ? problem.message : null;
        return (
          <fieldset
            key={group.id}
            className="rounded-lg border border-current/30 px-3 pt-1 pb-2"
            aria-describedby={message ? problemId : undefined}
          >
            <legend className="px-1 text-sm font-semibold">
              {group.name} <span className="font-normal">({hint})</span>
            </legend>
            <ul className="space-y-1">
              {group.options.map((option) => {
                const id = `${idPrefix}-${option.id}`;
                const checked = picks.includes(option.id);
                const badge = group.kind === "size" ? optionStock[option.id] : undefined;
                const badgeId = `${id}-stock`;
                const price =
                  group.kind === "size" ? formatMoney(option.price) : `+${formatMoney(option.price)}`;
                return (
                  <li key={option.id}>
                    <label
                      htmlFor={id}
                      className={`flex min-h-11 items-center gap-2 text-base ${badge?.soldOut ? "opacity-70" : "cursor-pointer"}`}
                    >
                      <input
                        id={id}
                        type={group.kind === "size" ? "radio" : "checkbox"}
                        name={`${idPrefix}-${group.id}`}
                        value={option.id}
                        checked={checked}
                        disabled={badge?.soldOut}
                        aria-describedby={badge ? badgeId : undefined}
                        onChange={(event) => {
                          const others = picks.filter((pick) => !group.options.some((o) => o.id === pick));
                          const mine = group.options.filter((o) => picks.includes(o.id)).map((o) => o.id);
                          if (group.kind === "size") return onPicks([...others, option.id], null);
                          if (!event.currentTarget.checked)
                            return onPicks([...others, ...mine.filter((pick) => pick !== option.id)], null);
                          if (chosen >= group.max)
                            return onPicks([...picks], {
                              group: group.id,
                              message: pickRefusal(group, chosen + 1)!,
                            });
                          onPicks([...others, ...mine, option.id], null);
                        }}
                        className="size-5 shrink-0 accent-[var(--store-primary)]"
                      />
                      <span className="min-w-0 flex-1 break-words">{option.name}</span>
                      <span className="shrink-0 text-sm font-medium">{price}</span>
                      {badge ? (
                        <span id={badgeId} className="shrink-0 text-sm font-semibold">
                          {badge.soldOut ? STOCK_WORDS.soldOut : badge.left}
                        </span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
            {message ? (
              <p id={problemId} role="alert" className="mt-1 text-sm font-semibold">
                {message}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}

export type ChoiceProblem = { group: string; message: string };

/** The first group short of its minimum, with its message; null when every group is satisfied. */
export function firstShortGroup(
  groups: readonly ChoiceGroup[],
  picks: readonly string[],
): ChoiceProblem | null {
  for (const group of groups) {
    const count = group.options.filter((option) => picks.includes(option.id)).length;
    const message = pickRefusal(group, count);
    if (message) return { group: group.id, message };
  }
  return null;
}
