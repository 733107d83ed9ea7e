/**
 * Orders outside opening hours: the owner refuses them or accepts them for later.
 * Scheduled orders pick a slot inside the opening hours, at least the lead time ahead and at most
 * seven days out. Pure: the storefront lists the slots and the server checks the chosen one.
 */
import {
  addDays,
  dateKey,
  dayWords,
  formatLocalTime,
  hasHours,
  isOpenAt,
  localParts,
  nextOpening,
  periodsAround,
  WEEKDAY_NAMES,
  type OpeningHours,
} from "~/domain/stores/opening-hours";

export type OutsideHours = "refuse" | "schedule";
export type ScheduleRules = {
  outsideHours: OutsideHours;
  slotMinutes: number;
  leadMinutes: number;
  /** Orders per slot; null for no limit. */
  slotCapacity: number | null;
};
export const DEFAULT_SCHEDULE: ScheduleRules = {
  outsideHours: "refuse",
  slotMinutes: 30,
  leadMinutes: 60,
  slotCapacity: null,
};
export const MAX_DAYS_AHEAD = 7;
export const SLOT_MINUTES = [15, 30, 60, 120] as const;

export const SCHEDULE_MESSAGES = {
  paused: "La tienda no está recibiendo pedidos en este momento.",
  closed: (next: string | null) =>
    next ? `La tienda está cerrada. Abre ${next}.` : "La tienda está cerrada por ahora.",
  slotRequired: "Elige el día y la hora para tu pedido.",
  slotInvalid: "Ese horario ya no está disponible. Elige otro.",
  slotFull: "Ese horario ya está lleno. Elige otro.",
} as const;

export type Slot = { start: Date; end: Date };

/** The slots a shopper may pick from `now`: inside opening periods, after the lead time, within 7 days. */
export function listSlots(hours: OpeningHours, rules: ScheduleRules, now: Date, timeZone: string): Slot[] {
  if (!hasHours(hours)) return [];
  const earliest = now.getTime() + rules.leadMinutes * 60_000;
  const latest = now.getTime() + MAX_DAYS_AHEAD * 86_400_000;
  const step = rules.slotMinutes * 60_000;
  const slots: Slot[] = [];
  for (const period of periodsAround(hours, now, timeZone, MAX_DAYS_AHEAD)) {
    for (let start = period.start.getTime(); start + step <= period.end.getTime(); start += step) {
      if (start >= earliest && start <= latest)
        slots.push({ start: new Date(start), end: new Date(start + step) });
    }
  }
  return slots;
}

/** Whether `start` is one of the slots offered now (what the server checks of a shopper's choice). */
export function isOfferedSlot(
  hours: OpeningHours,
  rules: ScheduleRules,
  now: Date,
  timeZone: string,
  start: Date,
) {
  return listSlots(hours, rules, now, timeZone).some((slot) => slot.start.getTime() === start.getTime());
}

const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/**
 * A day of slots as the shopper picks it, by the store's clock: "Hoy, viernes 28",
 * "Mañana, sábado 29", "Domingo 30", and the month's name once the day is in another month
 * ("Lunes 1 de diciembre").
 */
export function slotDayLabel(at: Date, now: Date, timeZone: string): string {
  const day = localParts(at, timeZone);
  const current = localParts(now, timeZone);
  const key = dateKey(day);
  const today = dateKey(current);
  const weekday = WEEKDAY_NAMES[new Date(`${key}T12:00:00Z`).getUTCDay()]!;
  const otherMonth = day.month !== current.month || day.year !== current.year;
  const date = `${weekday} ${day.day}${otherMonth ? ` de ${MONTH_NAMES[day.month - 1]}` : ""}`;
  if (key === today) return `Hoy, ${date}`;
  if (key === addDays(today, 1)) return `Mañana, ${date}`;
  return date.charAt(0).toUpperCase() + date.slice(1);
}

/** One slot in the day's list: its start (what the order sends) and "9:00 a 9:30". */
export type SlotChoice = { start: string; label: string };
/** A local day and its slots, in order. */
export type SlotDay = { date: string; label: string; slots: SlotChoice[] };

/**
 * The slots grouped by the store's local day of their start, in order: the checkout shows a day
 * picker (at most eight days: today and the seven after) and then that day's times, instead of one
 * list of a week of slots.
 */
export function slotsByDay(slots: Slot[], now: Date, timeZone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const date = dateKey(localParts(slot.start, timeZone));
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, label: slotDayLabel(slot.start, now, timeZone), slots: [] };
      days.push(day);
    }
    day.slots.push({
      start: slot.start.toISOString(),
      label: `${formatLocalTime(slot.start, timeZone)} a ${formatLocalTime(slot.end, timeZone)}`,
    });
  }
  return days;
}

export type OrderTiming =
  { kind: "now" } | { kind: "scheduled"; slot: Slot } | { kind: "refused"; message: string };

/**
 * When an order placed at `now` is due, or why it is refused: a paused store refuses; an open
 * store takes it now (or at a slot the shopper picked); a closed store takes it only at a slot,
 * when it schedules, and otherwise says when it opens.
 */
export function orderTiming(input: {
  hours: OpeningHours | null;
  rules: ScheduleRules;
  paused: boolean;
  timeZone: string;
  now: Date;
  requestedSlot: Date | null;
}): OrderTiming {
  const { hours, rules, now, timeZone, requestedSlot } = input;
  if (input.paused) return { kind: "refused", message: SCHEDULE_MESSAGES.paused };
  if (!hasHours(hours)) return { kind: "now" };
  if (requestedSlot) {
    if (rules.outsideHours !== "schedule" || !isOfferedSlot(hours, rules, now, timeZone, requestedSlot))
      return { kind: "refused", message: SCHEDULE_MESSAGES.slotInvalid };
    return {
      kind: "scheduled",
      slot: { start: requestedSlot, end: new Date(requestedSlot.getTime() + rules.slotMinutes * 60_000) },
    };
  }
  if (isOpenAt(hours, now, timeZone)) return { kind: "now" };
  if (rules.outsideHours === "schedule") return { kind: "refused", message: SCHEDULE_MESSAGES.slotRequired };
  const next = nextOpening(hours, now, timeZone);
  return {
    kind: "refused",
    message: SCHEDULE_MESSAGES.closed(
      next ? `${dayWords(next, now, timeZone)} a las ${formatLocalTime(next, timeZone)}` : null,
    ),
  };
}
