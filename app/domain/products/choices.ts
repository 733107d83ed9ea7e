/**
 * Choice groups (docs/decisions/031): a product's sizes ("Tamaño": Chico $30 / Grande $45, one
 * required pick whose price replaces the product's) and add-ons ("Extras": Queso +$10, between a
 * minimum and a maximum of picks, each adding its price). Pure and without zod: the storefront
 * prices a line with the same rule the server enforces when it prices the order from the database.
 */
import { formatMoney, toCents } from "~/domain/money/money";

/** "size" sets the line's price (exactly one pick); "extras" adds to it (min..max picks). */
export type ChoiceKind = "size" | "extras";
export type ChoiceOption = { id: string; name: string; price: number };
export type ChoiceGroup = {
  id: string;
  name: string;
  kind: ChoiceKind;
  min: number;
  max: number;
  options: ChoiceOption[];
};

/** What an order line keeps of its choices: names and prices as they were when it was placed. */
export type ChosenGroup = { group: string; kind: ChoiceKind; options: { name: string; price: number }[] };

export const CHOICE_LIMITS = {
  groups: 5,
  options: 20,
  groupName: 40,
  optionName: 60,
  /** Ids are made by the product form: short, letters and digits. */
  id: 16,
} as const;

export const CHOICE_ID_PATTERN = /^[A-Za-z0-9]{1,16}$/;

const optionsWord = (count: number) => (count === 1 ? "1 opción" : `${count} opciones`);

/** Every sentence a shopper or an owner reads about choices. */
export const CHOICE_MESSAGES = {
  required: (group: string) => `Elige una opción de «${group}».`,
  tooFew: (group: string, min: number) => `Elige al menos ${optionsWord(min)} de «${group}».`,
  tooMany: (group: string, max: number) => `Elige hasta ${optionsWord(max)} de «${group}».`,
  duplicate: "Elegiste la misma opción dos veces.",
  unknown: "Una de las opciones elegidas ya no está disponible.",
  /** The product form. */
  groupName: `Escribe el nombre del grupo (hasta ${CHOICE_LIMITS.groupName} caracteres).`,
  optionName: `Escribe el nombre de la opción (hasta ${CHOICE_LIMITS.optionName} caracteres).`,
  optionPrice: "El precio debe ser un número desde 0, con hasta dos decimales.",
  tooManyGroups: `Un producto puede tener hasta ${CHOICE_LIMITS.groups} grupos de opciones.`,
  tooManyOptions: `Un grupo puede tener hasta ${CHOICE_LIMITS.options} opciones.`,
  noOptions: "Agrega al menos una opción al grupo.",
  oneSizeGroup: "Solo un grupo puede fijar el precio del producto.",
  sameName: "Ya hay otro con ese nombre.",
  range: "El mínimo no puede ser mayor que el máximo, ni el máximo mayor que las opciones del grupo.",
  invalid: "No pudimos leer los grupos de opciones. Revísalos e intenta de nuevo.",
} as const;

/** A line's choices, or the reason they are refused (a sentence of CHOICE_MESSAGES). */
export type ChoiceResult =
  { ok: true; price: number; chosen: ChosenGroup[] } | { ok: false; message: string; unknown?: boolean };

/**
 * Prices one unit of a product with the option ids a shopper picked: the size's price (or the
 * product's, without a size group) plus each add-on's. Refused: an id the product does not have
 * (removed, or another product's), the same id twice, a group without its required pick, or a
 * group with fewer or more picks than it allows. A product without groups takes no ids.
 */
export function priceChoices(
  product: { price: number; choiceGroups?: readonly ChoiceGroup[] | null },
  optionIds: readonly string[],
): ChoiceResult {
  const groups = product.choiceGroups ?? [];
  if (groups.length === 0 && optionIds.length === 0) return { ok: true, price: product.price, chosen: [] };
  if (new Set(optionIds).size !== optionIds.length) return { ok: false, message: CHOICE_MESSAGES.duplicate };
  const picked = new Set(optionIds);
  let found = 0;
  let base = toCents(product.price);
  let extras = 0;
  const chosen: ChosenGroup[] = [];
  for (const group of groups) {
    const options = group.options.filter((option) => picked.has(option.id));
    found += options.length;
    const refusal = pickRefusal(group, options.length);
    if (refusal) return { ok: false, message: refusal };
    const sum = options.reduce((total, option) => total + toCents(option.price), 0);
    if (group.kind === "size") base = sum;
    else extras += sum;
    if (options.length > 0)
      chosen.push({
        group: group.name,
        kind: group.kind,
        options: options.map(({ name, price }) => ({ name, price })),
      });
  }
  if (found !== picked.size) return { ok: false, message: CHOICE_MESSAGES.unknown, unknown: true };
  return { ok: true, price: (base + extras) / 100, chosen };
}

/** Why a group's number of picks is refused, or null when it is right. */
export function pickRefusal(group: Pick<ChoiceGroup, "name" | "kind" | "min" | "max">, count: number) {
  const [min, max] = group.kind === "size" ? [1, 1] : [group.min, group.max];
  if (count < min)
    return min === 1 && max === 1
      ? CHOICE_MESSAGES.required(group.name)
      : CHOICE_MESSAGES.tooFew(group.name, min);
  if (count > max) return CHOICE_MESSAGES.tooMany(group.name, max);
  return null;
}

/** The choices as people read them: "Tamaño: Grande · Extras: Queso, Aguacate". */
export function formatChoices(chosen: readonly ChosenGroup[] | null | undefined): string {
  return (chosen ?? [])
    .filter((group) => group.options.length > 0)
    .map((group) => `${group.group}: ${group.options.map((option) => option.name).join(", ")}`)
    .join(" · ");
}

/**
 * The choices one to a line, as the kitchen reads them: "Tamaño: Grande", "Extras: Queso",
 * "Extras: Aguacate" (each option its own line, named with its group).
 */
export function choiceLines(chosen: readonly ChosenGroup[] | null | undefined): string[] {
  return (chosen ?? []).flatMap((group) => group.options.map((option) => `${group.group}: ${option.name}`));
}

/**
 * A product's groups with their prices, for a spreadsheet: "Tamaño: 3 piezas $45.00, 5 piezas
 * $70.00 | Extras (0 a 2): Queso +$10.00".
 */
export function describeGroups(groups: readonly ChoiceGroup[]): string {
  return groups
    .map((group) => {
      const range = group.kind === "size" ? "" : ` (${group.min} a ${group.max})`;
      const sign = group.kind === "size" ? "" : "+";
      const options = group.options.map((option) => `${option.name} ${sign}${formatMoney(option.price)}`);
      return `${group.name}${range}: ${options.join(", ")}`;
    })
    .join(" | ");
}

/** The picks a cart line is keyed by: each id once, in one order, whatever order they were picked in. */
export function choiceKey(optionIds: readonly string[]): string[] {
  return [...new Set(optionIds)].sort();
}

/** Whether two lists of picks are the same choice. */
export function sameChoices(a: readonly string[], b: readonly string[]): boolean {
  const left = choiceKey(a);
  const right = choiceKey(b);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * The first option of each size group, no add-ons: the picks of the demo's seeded orders. The store
 * page picks nothing for the shopper: a size is always the shopper's explicit choice.
 */
export function firstSizePicks(groups: readonly ChoiceGroup[]): string[] {
  return groups.flatMap((group) => {
    const first = group.kind === "size" ? group.options[0] : undefined;
    return first ? [first.id] : [];
  });
}

/** The price a product is listed at: its size group's cheapest option, else its own price. */
export function listedPrice(product: { price: number; choiceGroups?: readonly ChoiceGroup[] | null }) {
  const size = (product.choiceGroups ?? []).find((group) => group.kind === "size");
  if (!size || size.options.length === 0) return product.price;
  return Math.min(...size.options.map((option) => option.price));
}
