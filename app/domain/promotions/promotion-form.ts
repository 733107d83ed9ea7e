/**
 * The owner's forms for a discount code and an automatic offer (docs/decisions/036): one parser,
 * run by the panel for instant feedback and by the server to enforce it, with the Spanish message
 * beside each field. Dates and hours are the store's wall clock.
 */
import {
  addDays,
  dateKey,
  isDate,
  isTime,
  localParts,
  minutesOf,
  zonedTime,
} from "~/domain/stores/opening-hours";
import { normalizeCode, type CodeKind, type OfferKind } from "./promotions";

export const PROMOTION_FORM_MESSAGES = {
  code: "Escribe un código de 3 a 20 letras o números, sin espacios.",
  codeTaken: "Ya tienes un código con ese nombre.",
  kind: "Elige si descuenta un porcentaje o una cantidad.",
  percent: "Escribe un porcentaje entre 1 y 100.",
  amount: "Escribe una cantidad mayor que cero, con hasta 2 decimales.",
  minSubtotal: "Escribe un mínimo de compra de cero o más, con hasta 2 decimales.",
  date: "Elige una fecha válida.",
  endBeforeStart: "La fecha final debe ser igual o posterior a la inicial.",
  maxUses: "Escribe un número entero de usos, de 1 a 100,000, o déjalo vacío.",
  name: "Escribe un nombre de 1 a 60 letras para la oferta.",
  bundle: "Elige un N×M válido: pagas menos de las que llevas, por ejemplo 2×1 o 3×2 (hasta 10).",
  bundleProducts: "Elige al menos un producto para el N×M.",
  bundlePieces: "El N×M es solo para productos por pieza: no aplica a productos por kilo o litro.",
  time: "Escribe las horas como 07:00 y la final después de la inicial, o deja ambas vacías.",
  weekdays: "Elige días de la semana válidos.",
  unknownProduct: "Uno de los productos elegidos ya no existe.",
  saved: "Promoción guardada.",
  paused: "Promoción pausada.",
  resumed: "Promoción activa de nuevo.",
  deleted: "Promoción eliminada.",
  failed: "No se pudo guardar la promoción. Intenta de nuevo.",
  notFound: "No encontramos esa promoción.",
} as const;

type Fields = Record<string, string | string[] | undefined>;
const one = (fields: Fields, name: string) => {
  const value = fields[name];
  return (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")).trim();
};
const many = (fields: Fields, name: string) => {
  const value = fields[name];
  return (Array.isArray(value) ? value : value ? [value] : []).map((item) => item.trim()).filter(Boolean);
};
const MONEY = /^\d{1,8}(\.\d{1,2})?$/;
const CODE = /^[A-Z0-9]{3,20}$/;

export type CodeInput = {
  code: string;
  kind: CodeKind;
  value: number;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  oncePerPhone: boolean;
  productIds: string[];
  categories: string[];
};

export type OfferInput = {
  name: string;
  kind: OfferKind;
  buy: number;
  pay: number;
  percent: number;
  productIds: string[];
  categories: string[];
  weekdays: number[];
  startMinute: number | null;
  endMinute: number | null;
};

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** A code's form; its dates are whole days of the store's time zone, the end day included. */
export function parseCodeForm(fields: Fields, timeZone: string): Parsed<CodeInput> {
  const errors: Record<string, string> = {};
  const code = normalizeCode(one(fields, "code"));
  if (!CODE.test(code)) errors.code = PROMOTION_FORM_MESSAGES.code;
  const kind = one(fields, "kind");
  if (kind !== "percent" && kind !== "amount") errors.kind = PROMOTION_FORM_MESSAGES.kind;
  const rawValue = one(fields, "value");
  const value = Number(rawValue);
  if (kind === "percent" && !(MONEY.test(rawValue) && value >= 1 && value <= 100))
    errors.value = PROMOTION_FORM_MESSAGES.percent;
  if (kind === "amount" && !(MONEY.test(rawValue) && value > 0))
    errors.value = PROMOTION_FORM_MESSAGES.amount;
  const rawMinimum = one(fields, "minSubtotal") || "0";
  if (!MONEY.test(rawMinimum)) errors.minSubtotal = PROMOTION_FORM_MESSAGES.minSubtotal;
  const startDay = one(fields, "startsOn");
  const endDay = one(fields, "endsOn");
  if (startDay !== "" && !isDate(startDay)) errors.startsOn = PROMOTION_FORM_MESSAGES.date;
  if (endDay !== "" && !isDate(endDay)) errors.endsOn = PROMOTION_FORM_MESSAGES.date;
  else if (startDay !== "" && endDay !== "" && isDate(startDay) && endDay < startDay)
    errors.endsOn = PROMOTION_FORM_MESSAGES.endBeforeStart;
  const rawUses = one(fields, "maxUses");
  const maxUses = rawUses === "" ? null : Number(rawUses);
  if (maxUses !== null && !(/^\d{1,6}$/.test(rawUses) && maxUses >= 1 && maxUses <= 100_000))
    errors.maxUses = PROMOTION_FORM_MESSAGES.maxUses;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      code,
      kind: kind as CodeKind,
      value,
      minSubtotal: Number(rawMinimum),
      startsAt: startDay ? zonedTime(startDay, 0, timeZone) : null,
      endsAt: endDay ? zonedTime(addDays(endDay, 1), 0, timeZone) : null,
      maxUses,
      oncePerPhone: one(fields, "oncePerPhone") === "on",
      productIds: many(fields, "productIds"),
      categories: many(fields, "categories"),
    },
  };
}

/**
 * A stored code's dates as its form wrote them, in the store's time zone: the first day and the
 * last day it is valid ("" for none). The stored end is the instant it stops, the midnight after
 * the last day, so the last day is that of the instant just before it.
 */
export function codeDays(
  code: { startsAt: Date | string | null; endsAt: Date | string | null },
  timeZone: string,
): { startsOn: string; endsOn: string } {
  const dayOf = (at: Date) => dateKey(localParts(at, timeZone));
  return {
    startsOn: code.startsAt ? dayOf(new Date(code.startsAt)) : "",
    endsOn: code.endsAt ? dayOf(new Date(new Date(code.endsAt).getTime() - 1)) : "",
  };
}

/** "20/11/2026" for the local date "2026-11-20". */
const dayText = (date: string) => date.split("-").reverse().join("/");

/**
 * When a code is valid, as the Promociones list says it, with the days the owner typed:
 * "válido del 01/11/2026 al 20/11/2026", "válido hasta el 20/11/2026", "válido desde el …", or "".
 */
export function codeValidity(
  code: { startsAt: Date | string | null; endsAt: Date | string | null },
  timeZone: string,
): string {
  const { startsOn, endsOn } = codeDays(code, timeZone);
  if (startsOn && endsOn) return `válido del ${dayText(startsOn)} al ${dayText(endsOn)}`;
  if (endsOn) return `válido hasta el ${dayText(endsOn)}`;
  if (startsOn) return `válido desde el ${dayText(startsOn)}`;
  return "";
}

/** An offer's form: an N×M on products, or a percentage on products or categories, on weekdays and hours. */
export function parseOfferForm(fields: Fields): Parsed<OfferInput> {
  const errors: Record<string, string> = {};
  const name = one(fields, "name");
  if (name.length < 1 || name.length > 60) errors.name = PROMOTION_FORM_MESSAGES.name;
  const kind = one(fields, "kind");
  if (kind !== "bundle" && kind !== "percent") errors.kind = PROMOTION_FORM_MESSAGES.kind;
  const productIds = many(fields, "productIds");
  const categories = kind === "bundle" ? [] : many(fields, "categories");
  const buy = Number(one(fields, "buy"));
  const pay = Number(one(fields, "pay"));
  if (kind === "bundle") {
    if (!(Number.isInteger(buy) && Number.isInteger(pay) && pay >= 1 && buy > pay && buy <= 10))
      errors.buy = PROMOTION_FORM_MESSAGES.bundle;
    if (productIds.length === 0) errors.productIds = PROMOTION_FORM_MESSAGES.bundleProducts;
  }
  const rawPercent = one(fields, "percent");
  const percent = Number(rawPercent);
  if (kind === "percent" && !(MONEY.test(rawPercent) && percent >= 1 && percent <= 100))
    errors.percent = PROMOTION_FORM_MESSAGES.percent;
  const weekdays = many(fields, "weekdays").map(Number);
  if (weekdays.some((day) => !Number.isInteger(day) || day < 0 || day > 6))
    errors.weekdays = PROMOTION_FORM_MESSAGES.weekdays;
  const start = one(fields, "startTime");
  const end = one(fields, "endTime");
  const timed = start !== "" || end !== "";
  if (timed && !(isTime(start) && isTime(end) && minutesOf(end) > minutesOf(start)))
    errors.startTime = PROMOTION_FORM_MESSAGES.time;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      name,
      kind: kind as OfferKind,
      buy: kind === "bundle" ? buy : 0,
      pay: kind === "bundle" ? pay : 0,
      percent: kind === "percent" ? percent : 0,
      productIds,
      categories,
      weekdays: [...new Set(weekdays)].sort(),
      startMinute: timed ? minutesOf(start) : null,
      endMinute: timed ? minutesOf(end) : null,
    },
  };
}
