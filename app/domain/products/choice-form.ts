/**
 * The product form's choice groups, as the dialog edits them and the action receives them (one
 * JSON field, `choiceGroups`): checked here, in the browser for messages next to each field and
 * again by the server, which stores only what passes.
 */
import {
  CHOICE_ID_PATTERN,
  CHOICE_LIMITS,
  CHOICE_MESSAGES,
  type ChoiceGroup,
  type ChoiceKind,
} from "./choices";
import { isStockAmount, STOCK_AMOUNT_MESSAGES } from "./stock";

/**
 * An option as the dialog edits it; a size option may carry its own stock ("" sells without
 * limit) and the stock the dialog showed (`stockWas`), so a save keeps what orders took meanwhile.
 */
export type ChoiceOptionDraft = {
  id: string;
  name: string;
  price: string;
  stock?: string;
  stockWas?: string;
};

/** A size option's stock as the form sets it (docs/decisions/034). */
export type OptionStockInput = { id: string; stock: number | null; edited: boolean };
export type ChoiceGroupDraft = {
  id: string;
  name: string;
  kind: ChoiceKind;
  min: string;
  max: string;
  options: ChoiceOptionDraft[];
};

/**
 * Messages keyed by where they are shown: "groups" for the whole list, "<g>.name", "<g>.range" and
 * "<g>.options" for a group, "<g>.<o>.name" and "<g>.<o>.price" for an option (indexes from 0).
 */
export type ChoiceFormErrors = Record<string, string>;
export type ChoiceFormResult =
  | { ok: true; groups: ChoiceGroup[]; optionStock: OptionStockInput[] }
  | { ok: false; errors: ChoiceFormErrors };

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;
const WHOLE_PATTERN = /^\d{1,2}$/;
const MAX_CHOICE_PRICE = 1_000_000;

/** A new id for a group or an option: the cart and orders refer to options by it. */
export function newChoiceId(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, "0");
}

/** The stored groups as the dialog edits them, each size option with the stock it has left. */
export function toDrafts(
  groups: readonly ChoiceGroup[],
  optionStock: Readonly<Record<string, number>> | null = null,
): ChoiceGroupDraft[] {
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    kind: group.kind,
    min: String(group.min),
    max: String(group.max),
    options: group.options.map((option) => {
      const stock = optionStock?.[option.id];
      const shown = stock === undefined ? "" : String(stock);
      return {
        id: option.id,
        name: option.name,
        price: option.price.toFixed(2),
        ...(group.kind === "size" ? { stock: shown, stockWas: shown } : {}),
      };
    }),
  }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;

/** The JSON field as sent: "" or absent is no groups; anything unreadable is refused as a whole. */
export function parseChoiceGroupsField(value: string | undefined, unit: string = "pieza"): ChoiceFormResult {
  if (value === undefined || value.trim() === "") return { ok: true, groups: [], optionStock: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return { ok: false, errors: { groups: CHOICE_MESSAGES.invalid } };
  }
  return checkChoiceGroups(raw, unit);
}

/**
 * The groups, trimmed and checked: names non-empty, within their length and unique in their list;
 * prices from 0 with two decimals at most; at most one size group (exactly one pick); add-ons
 * with 0 ≤ minimum ≤ maximum ≤ options and a maximum of at least 1; every id well formed and
 * used once in the product. A size option's stock is empty (no limit) or an amount in the
 * product's unit (whole pieces, or up to 3 decimals); an add-on carries none.
 */
export function checkChoiceGroups(raw: unknown, unit: string = "pieza"): ChoiceFormResult {
  if (!Array.isArray(raw)) return { ok: false, errors: { groups: CHOICE_MESSAGES.invalid } };
  if (raw.length > CHOICE_LIMITS.groups)
    return { ok: false, errors: { groups: CHOICE_MESSAGES.tooManyGroups } };
  const errors: ChoiceFormErrors = {};
  const ids = new Set<string>();
  const groups: ChoiceGroup[] = [];
  const groupNames = new Set<string>();
  const optionStock: OptionStockInput[] = [];
  for (const [g, input] of raw.entries()) {
    const group = checkGroup(input, `${g}`, errors, ids);
    if (!group) continue;
    optionStock.push(...checkOptionStock(input, group, `${g}`, errors, unit));
    if (group.name && groupNames.has(group.name.toLocaleLowerCase("es-MX")))
      errors[`${g}.name`] ??= CHOICE_MESSAGES.sameName;
    groupNames.add(group.name.toLocaleLowerCase("es-MX"));
    groups.push(group);
  }
  if (groups.filter((group) => group.kind === "size").length > 1)
    errors.groups ??= CHOICE_MESSAGES.oneSizeGroup;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, groups, optionStock };
}

/** The stock typed for each option of a size group; a message at "<g>.<o>.stock" for one refused. */
function checkOptionStock(
  input: unknown,
  group: ChoiceGroup,
  at: string,
  errors: ChoiceFormErrors,
  unit: string,
): OptionStockInput[] {
  const drafts = isRecord(input) && Array.isArray(input.options) ? input.options : [];
  const counted: OptionStockInput[] = [];
  for (const [o, option] of group.options.entries()) {
    const draft = isRecord(drafts[o]) ? drafts[o] : {};
    const stock = (textOf(draft.stock) ?? "").trim().replace(",", ".");
    if (stock === "") continue;
    const measured = unit !== "pieza";
    if (group.kind !== "size" || !isStockAmount(stock, measured ? "kg" : "pieza")) {
      errors[`${at}.${o}.stock`] = STOCK_AMOUNT_MESSAGES[measured ? "measure" : "whole"];
      continue;
    }
    const was = textOf(draft.stockWas);
    const edited = was === null || Number(was.trim() || NaN) !== Number(stock);
    counted.push({ id: option.id, stock: Number(stock), edited });
  }
  return counted;
}

function checkGroup(
  input: unknown,
  at: string,
  errors: ChoiceFormErrors,
  ids: Set<string>,
): ChoiceGroup | null {
  if (!isRecord(input) || !Array.isArray(input.options)) {
    errors.groups ??= CHOICE_MESSAGES.invalid;
    return null;
  }
  const id = textOf(input.id) ?? "";
  if (!CHOICE_ID_PATTERN.test(id) || ids.has(id)) errors.groups ??= CHOICE_MESSAGES.invalid;
  ids.add(id);
  const kind: ChoiceKind | null = input.kind === "size" || input.kind === "extras" ? input.kind : null;
  if (!kind) errors.groups ??= CHOICE_MESSAGES.invalid;
  const name = (textOf(input.name) ?? "").trim();
  if (name === "" || name.length > CHOICE_LIMITS.groupName) errors[`${at}.name`] = CHOICE_MESSAGES.groupName;
  if (input.options.length === 0) errors[`${at}.options`] = CHOICE_MESSAGES.noOptions;
  else if (input.options.length > CHOICE_LIMITS.options)
    errors[`${at}.options`] = CHOICE_MESSAGES.tooManyOptions;
  const options = input.options
    .slice(0, CHOICE_LIMITS.options)
    .map((option, o) => checkOption(option, `${at}.${o}`, errors, ids));
  const names = new Set<string>();
  for (const [o, option] of options.entries()) {
    const key = option.name.toLocaleLowerCase("es-MX");
    if (option.name && names.has(key)) errors[`${at}.${o}.name`] ??= CHOICE_MESSAGES.sameName;
    names.add(key);
  }
  let [min, max] = [1, 1];
  if (kind === "extras") {
    const [minText, maxText] = [(textOf(input.min) ?? "").trim(), (textOf(input.max) ?? "").trim()];
    [min, max] = [Number(minText), Number(maxText)];
    const whole = WHOLE_PATTERN.test(minText) && WHOLE_PATTERN.test(maxText);
    if (!whole || max < 1 || min > max || (options.length > 0 && max > options.length))
      errors[`${at}.range`] = CHOICE_MESSAGES.range;
  }
  return { id, name, kind: kind ?? "extras", min, max, options };
}

function checkOption(input: unknown, at: string, errors: ChoiceFormErrors, ids: Set<string>) {
  const option = isRecord(input) ? input : {};
  const id = textOf(option.id) ?? "";
  if (!CHOICE_ID_PATTERN.test(id) || ids.has(id)) errors.groups ??= CHOICE_MESSAGES.invalid;
  ids.add(id);
  const name = (textOf(option.name) ?? "").trim();
  if (name === "" || name.length > CHOICE_LIMITS.optionName)
    errors[`${at}.name`] = CHOICE_MESSAGES.optionName;
  const price = (textOf(option.price) ?? "").trim().replace(",", ".");
  if (!MONEY_PATTERN.test(price) || Number(price) >= MAX_CHOICE_PRICE)
    errors[`${at}.price`] = CHOICE_MESSAGES.optionPrice;
  return { id, name, price: Number(price) };
}
