/**
 * A store's opening hours: per weekday zero or more ranges ("08:00"–"14:00"; a close
 * at or before the open runs past midnight), plus dated exceptions that replace a day's ranges
 * (none = closed that day). All times are the store's wall-clock time in its zone, Daylight Saving
 * Time included. Pure: the storefront, the admin panel and the server share it.
 */

export type TimeRange = { open: string; close: string };
/** Index 0 is Sunday, as `Date.getDay()`. */
export type WeeklyHours = TimeRange[][];
export type HoursException = { date: string; ranges: TimeRange[] };
export type OpeningHours = { weekly: WeeklyHours; exceptions: HoursException[] };

export const DEFAULT_TIME_ZONE = "America/Mexico_City";
export const WEEKDAY_NAMES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
export const EMPTY_HOURS: OpeningHours = { weekly: [[], [], [], [], [], [], []], exceptions: [] };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const HOURS_MESSAGES = {
  time: "Escribe la hora como 08:00.",
  sameTime: "La hora de cierre debe ser distinta de la de apertura.",
  date: "Elige una fecha válida.",
  tooMany: "Puedes tener como máximo 4 horarios por día.",
} as const;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

export function isDate(value: string): boolean {
  return DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

export function minutesOf(time: string): number {
  const [, hours, minutes] = TIME.exec(time)!;
  return Number(hours) * 60 + Number(minutes);
}

/** No hours configured: the store takes orders at any time, as before. */
export function hasHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return !!hours && (hours.weekly.some((day) => day.length > 0) || hours.exceptions.length > 0);
}

// ── Time zones ─────────────────────────────────────────────────────────────────────────────

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in a zone, read from the zone's rules. */
function localPartsByIntl(at: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const HOUR_MS = 3_600_000;
/**
 * A zone's offset for each UTC hour already read, or null for an hour in which it changes. Zones
 * change their offset on the hour or the half hour: an hour with the same offset at both ends
 * keeps it throughout. Bounded: emptied when full.
 */
const hourOffsets = new Map<string, number | null>();
const HOUR_OFFSETS_MAX = 20_000;

function offsetOfHour(hour: number, timeZone: string): number | null {
  const key = `${timeZone} ${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const atStart = offsetByIntl(start, timeZone);
    offset = atStart === offsetByIntl(start + HOUR_MS - 60_000, timeZone) ? atStart : null;
    if (hourOffsets.size >= HOUR_OFFSETS_MAX) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return offset;
}

/**
 * Empties the offsets read so far. For tests: a cache kept between two runs of the same test
 * (mutation testing reruns them in one process) would answer from offsets the first run read.
 */
export function forgetZoneOffsets() {
  hourOffsets.clear();
}

/** How far the zone's wall clock is ahead of UTC at a whole-minute instant, read from its rules. */
function offsetByIntl(instant: number, timeZone: string): number {
  const local = localPartsByIntl(new Date(instant), timeZone);
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute) - instant;
}

/**
 * The wall-clock date and time of an instant in a zone (to the minute). A storefront labels
 * every slot of the coming days with it: the zone's offset is read once per hour and the
 * rest is arithmetic, which is what the zone's rules would say.
 */
export function localParts(at: Date, timeZone: string): LocalParts {
  const instant = at.getTime();
  const offset = offsetOfHour(Math.floor(instant / HOUR_MS), timeZone);
  if (offset === null) return localPartsByIntl(at, timeZone);
  // The offset is whole minutes: the seconds stay below the minute they are in.
  const wall = new Date(instant + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** "2026-12-25" for a local date. */
export function dateKey(parts: Pick<LocalParts, "year" | "month" | "day">): string {
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds (to the minute). */
function offsetAt(instant: number, timeZone: string): number {
  const local = localParts(new Date(instant), timeZone);
  const shown = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return shown - (instant - (((instant % 60_000) + 60_000) % 60_000));
}

const DAY_MS = 86_400_000;

/**
 * The instant at which a zone's wall clock shows this date and minute of the day. A time the
 * clock shows twice (the autumn change) is its first occurrence; a time it skips (the spring
 * change: 02:30 where 02:00 jumps to 03:00) is read with the offset from before the jump, so it
 * falls as far after the jump as it was meant to be after 02:00 (03:30), never an hour early.
 */
export function zonedTime(date: string, minuteOfDay: number, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  // A zone changes its offset at most once around a given day: the offsets a day before and a
  // day after are the only candidates.
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shows = (instant: number) => instant + offsetAt(instant, timeZone) === wall;
  const candidates = [before, after].filter(shows).sort((a, b) => a - b);
  return new Date(candidates[0] ?? before);
}

/** The local date `days` after `date` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return next.toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

// ── Open or closed ─────────────────────────────────────────────────────────────────────────

/** The ranges that apply on a local date: its exception if it has one, else its weekday's. */
export function rangesOn(hours: OpeningHours, date: string): TimeRange[] {
  const exception = hours.exceptions.find((entry) => entry.date === date);
  return exception ? exception.ranges : (hours.weekly[weekdayOf(date)] ?? []);
}

export type OpenPeriod = { start: Date; end: Date };

/** The opening periods that start on a local date, as instants (a past-midnight close ends the next day). */
export function periodsOn(hours: OpeningHours, date: string, timeZone: string): OpenPeriod[] {
  return rangesOn(hours, date)
    .filter((range) => isTime(range.open) && isTime(range.close) && range.open !== range.close)
    .map((range) => {
      const open = minutesOf(range.open);
      const close = minutesOf(range.close);
      const endDate = close <= open ? addDays(date, 1) : date;
      return { start: zonedTime(date, open, timeZone), end: zonedTime(endDate, close, timeZone) };
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Periods that may matter from `at` on: those of yesterday (past midnight) to `days` ahead. */
export function periodsAround(hours: OpeningHours, at: Date, timeZone: string, days = 8): OpenPeriod[] {
  const today = dateKey(localParts(at, timeZone));
  const periods: OpenPeriod[] = [];
  for (let offset = -1; offset <= days; offset++)
    periods.push(...periodsOn(hours, addDays(today, offset), timeZone));
  return periods;
}

export function openPeriodAt(hours: OpeningHours, at: Date, timeZone: string): OpenPeriod | null {
  return (
    periodsAround(hours, at, timeZone, 0).find((period) => period.start <= at && at < period.end) ?? null
  );
}

export function isOpenAt(hours: OpeningHours | null | undefined, at: Date, timeZone: string): boolean {
  if (!hasHours(hours)) return true;
  return openPeriodAt(hours, at, timeZone) !== null;
}

/** The next instant the store opens after `at`, within a week and a day; null if never. */
export function nextOpening(hours: OpeningHours, at: Date, timeZone: string): Date | null {
  return periodsAround(hours, at, timeZone).find((period) => period.start > at)?.start ?? null;
}

/** "8:00", "21:30": the store's local time, as shoppers in Mexico write it. */
export function formatLocalTime(at: Date, timeZone: string): string {
  const { hour, minute } = localParts(at, timeZone);
  return `${hour}:${String(minute).padStart(2, "0")}`;
}

/** "hoy", "mañana", or "el lunes", seen from `now` in the store's zone. */
export function dayWords(at: Date, now: Date, timeZone: string): string {
  const today = dateKey(localParts(now, timeZone));
  const that = dateKey(localParts(at, timeZone));
  if (that === today) return "hoy";
  if (that === addDays(today, 1)) return "mañana";
  return `el ${WEEKDAY_NAMES[weekdayOf(that)]}`;
}

/**
 * What the storefront header and the city strip say: "Abierto ahora · cierra a las 21:00" or
 * "Cerrado · abre mañana a las 8:00". Null when the store has no hours (nothing to say).
 */
export function openStatus(
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
): { open: boolean; text: string } | null {
  if (!hasHours(hours)) return null;
  const period = openPeriodAt(hours, now, timeZone);
  if (period) {
    return { open: true, text: `Abierto ahora · cierra a las ${formatLocalTime(period.end, timeZone)}` };
  }
  const next = nextOpening(hours, now, timeZone);
  if (!next) return { open: false, text: "Cerrado" };
  const when = dayWords(next, now, timeZone);
  return { open: false, text: `Cerrado · abre ${when} a las ${formatLocalTime(next, timeZone)}` };
}
