/** The Resumen tab: the periods an owner can look at and the shape of what it shows. */

export const DASHBOARD_PERIODS = [
  { id: "hoy", label: "Hoy", days: 1 },
  { id: "7dias", label: "Últimos 7 días", days: 7 },
  { id: "30dias", label: "Últimos 30 días", days: 30 },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]["id"];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "7dias";

/** `?periodo=` → a known period; anything else is the last 7 days. */
export function parseDashboardPeriod(value: string | null): DashboardPeriod {
  return DASHBOARD_PERIODS.find((period) => period.id === value)?.id ?? DEFAULT_DASHBOARD_PERIOD;
}

export function periodDays(period: DashboardPeriod): number {
  return DASHBOARD_PERIODS.find((candidate) => candidate.id === period)!.days;
}

export type TopProduct = { productId: string; name: string; unit: string; units: number; amount: number };
/** An option of a choice group ("Extras: Queso"), by the units of the lines that picked it. */
export type TopChoice = { group: string; name: string; units: number };

export type DashboardFigures = {
  period: DashboardPeriod;
  /** Local dates (YYYY-MM-DD, Mexico City) the period covers, oldest first. */
  from: string;
  to: string;
  /** Completed orders' totals. */
  sales: number;
  /** Propinas: the completed orders' tips, apart from `sales` (app/domain/orders/tips.ts). */
  tips: number;
  completedOrders: number;
  /** Every order placed in the period, whatever its status. */
  placedOrders: number;
  byStatus: { pending: number; completed: number; cancelled: number };
  /** sales ÷ completed orders; null with none. */
  averageTicket: number | null;
  storeViews: number;
  /** Orders placed ÷ store page views, as a percentage; null without views. */
  conversion: number | null;
  /** One point per local day of the period, days without sales at zero. */
  dailySales: { date: string; sales: number; orders: number }[];
  /** 24 counts of orders placed, by the local hour of day. */
  ordersByHour: number[];
  /** 7 counts, Monday first. */
  ordersByWeekday: number[];
  delivery: { pickup: number; delivery: number };
  /** Orders paid by card through Mercado Pago, and every other order not cancelled. */
  payments: { card: number; other: number };
  topByUnits: TopProduct[];
  topByAmount: TopProduct[];
  /** The options picked most, over every product's choice groups (by the group's and option's names). */
  topChoices: TopChoice[];
  /** Per code and per offer: orders that used it (not cancelled), what it took off, their totals. */
  promotions: PromotionFigure[];
};

export type PromotionFigure = {
  kind: "code" | "offer";
  name: string;
  uses: number;
  discount: number;
  revenue: number;
};

export const WEEKDAY_LABELS = ["Lun", "Mar", "Mié", "Jue", "Vie", "Sáb", "Dom"] as const;
export const WEEKDAY_NAMES = [
  "lunes",
  "martes",
  "miércoles",
  "jueves",
  "viernes",
  "sábado",
  "domingo",
] as const;

/** The index of the largest count (the earliest on a tie); null when every count is zero. */
export function peakIndex(counts: readonly number[]): number | null {
  let best: number | null = null;
  counts.forEach((count, index) => {
    if (count > 0 && (best === null || count > counts[best]!)) best = index;
  });
  return best;
}

/** "13:00 a 14:00" for hour 13. */
export function hourRange(hour: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(hour)}:00 a ${pad((hour + 1) % 24)}:00`;
}

/** Orders ÷ views as a percentage with one decimal; null without views. */
export function conversionRate(orders: number, views: number): number | null {
  if (views <= 0) return null;
  return Math.round((orders / views) * 1000) / 10;
}

/** Sales ÷ orders rounded to cents; null with no orders. */
export function averageTicket(sales: number, orders: number): number | null {
  if (orders <= 0) return null;
  return Math.round((sales / orders) * 100) / 100;
}

/** "24 nov" for "2026-11-24": short day labels for a chart's axis. */
export function shortDayLabel(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("es-MX", { day: "numeric", month: "short", timeZone: "UTC" })
    .format(new Date(Date.UTC(year!, month! - 1, day!)))
    .replace(".", "");
}
