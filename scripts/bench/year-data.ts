/**
 * The city-year's data (scripts/bench/year.bench.ts): a year of a 30-city marketplace, at YEAR_SCALE
 * 1 10,000 stores, 1,000,000 products, 3,000,000 orders with their lines and 30,000,000 store page
 * views, one store (`tienda-00001`, in the biggest city) taking 2 % of the orders and views.
 *
 * How it is written: COPY (pg-copy-streams), each table's rows made here by a seeded generator. On
 * this 2-core machine, for 300,000 rows, COPY took 3.8 s for analytics events and 10.7 s for orders,
 * where `insert … select … from generate_series` inside the server took 5.2 s and 13.8 s: the time
 * goes into the indexes and the WAL, not into making rows, so generating in PostgreSQL is not faster,
 * while Node making the rows on one core beside PostgreSQL writing them on the other is a little. The
 * generator is deterministic, so each table is its own pass (and its own time) over the same orders.
 *
 * The state is the one the platform has just before its daily retention run, the previous run a
 * day earlier (app/domain/retention/retention.server.ts): page views rolled up into
 * `page_view_days` up to the mark that run left, raw events of the last 91 days, order changes and
 * done jobs of the last 8 days, rate-limit hits of the last 2 days, sessions that expired since.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import type pg from "pg";
import { ORDER_NUMBER_ALPHABET } from "~/domain/orders/order-number";
import type { PaymentMethod } from "~/domain/orders/payment";
import { newOrderPush } from "~/domain/orders/new-order-notices";
import { limitKey, type LimitHit } from "~/domain/rate-limit/rate-limit.server";

export const TIME_ZONE = "America/Mexico_City";
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const DAYS = 365;
/** Raw events the previous retention run kept: 90 days before it, a day ago. */
const RAW_EVENT_DAYS = 91;
/** Order changes and done jobs it kept: 7 days before it. */
const RECENT_DAYS = 8;
export const PRODUCTS_PER_STORE = 100;
export const BUSIEST_INDEX = 1;
const BUSIEST_SHARE = 0.02;
const FULL = { stores: 10_000, orders: 3_000_000, views: 30_000_000 };

/** Mexico's 30 biggest cities, biggest first (the first 10 come with the migrations). */
export const CITIES: [id: string, name: string, state: string][] = [
  ["ciudad-de-mexico", "Ciudad de México", "Ciudad de México"],
  ["guadalajara", "Guadalajara", "Jalisco"],
  ["monterrey", "Monterrey", "Nuevo León"],
  ["puebla", "Puebla", "Puebla"],
  ["tijuana", "Tijuana", "Baja California"],
  ["toluca", "Toluca", "Estado de México"],
  ["leon", "León", "Guanajuato"],
  ["ciudad-juarez", "Ciudad Juárez", "Chihuahua"],
  ["queretaro", "Querétaro", "Querétaro"],
  ["san-luis-potosi", "San Luis Potosí", "San Luis Potosí"],
  ["merida", "Mérida", "Yucatán"],
  ["mexicali", "Mexicali", "Baja California"],
  ["aguascalientes", "Aguascalientes", "Aguascalientes"],
  ["cuernavaca", "Cuernavaca", "Morelos"],
  ["saltillo", "Saltillo", "Coahuila"],
  ["hermosillo", "Hermosillo", "Sonora"],
  ["culiacan", "Culiacán", "Sinaloa"],
  ["chihuahua", "Chihuahua", "Chihuahua"],
  ["morelia", "Morelia", "Michoacán"],
  ["veracruz", "Veracruz", "Veracruz"],
  ["cancun", "Cancún", "Quintana Roo"],
  ["torreon", "Torreón", "Coahuila"],
  ["villahermosa", "Villahermosa", "Tabasco"],
  ["acapulco", "Acapulco", "Guerrero"],
  ["tuxtla-gutierrez", "Tuxtla Gutiérrez", "Chiapas"],
  ["durango", "Durango", "Durango"],
  ["oaxaca", "Oaxaca", "Oaxaca"],
  ["tepic", "Tepic", "Nayarit"],
  ["pachuca", "Pachuca", "Hidalgo"],
  ["zacatecas", "Zacatecas", "Zacatecas"],
];

// prettier-ignore
export const KINDS = [
  "Pastel", "Pan", "Concha", "Café", "Tacos", "Tamales", "Galletas", "Jabón", "Vela", "Collar",
  "Pulsera", "Salsa", "Mole", "Agua", "Nieve", "Paleta", "Chocolate", "Cajeta", "Dulce", "Taza",
  "Bolsa", "Crema", "Empanada", "Gordita", "Torta", "Pozole", "Flan", "Rebozo", "Canasta", "Miel",
];
// prettier-ignore
export const FLAVOURS = [
  "de chocolate", "de vainilla", "de nuez", "de fresa", "de cajeta", "de guayaba", "artesanal",
  "de olla", "al pastor", "de coco", "de mango", "de elote", "de piloncillo", "de canela",
  "de barro", "bordado", "de tres leches", "de frijol", "tradicional", "casero", "orgánico",
];
const STORE_WORDS = ["Panadería", "Taquería", "Dulcería", "Cafetería", "Artesanías", "Cocina", "Nevería"];
const STORE_NAMES = ["La Espiga", "Don Chuy", "Los Arcos", "Tía Mary", "El Sol", "Luna", "San Marcos"];
const FIRST_NAMES = ["María", "José", "Guadalupe", "Juan", "Ana", "Luis", "Rosa", "Carlos", "Fernanda"];
const LAST_NAMES = ["Hernández", "García", "Martínez", "López", "González", "Pérez", "Rodríguez", "Sánchez"];
const STREETS = ["Madero", "Juárez", "Hidalgo", "Morelos", "Reforma", "Allende", "Zaragoza", "Guerrero"];
const COMMENTS = ["Sin cebolla, por favor", "Paso a las 6", "Tocar el timbre", "Para regalo"];
const CANCEL_REASONS = ["Se nos terminó el producto", "El cliente no contestó", "Cerramos temprano hoy"];
/** Hours of the day orders and views fall in, as often as they appear here. */
// prettier-ignore
const HOURS = [8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 16, 17, 18, 18, 19, 19, 20, 20, 21];
/** Monday first: weekends sell more. Their mean is 1. */
const WEEKDAY_FACTOR = [0.9, 0.9, 0.95, 1.0, 1.1, 1.25, 0.9];
const SEARCH_TERMS = [...KINDS.map((kind) => kind.toLowerCase()), "chocolate", "canela", "xoconostle"];

// ── Seeded randomness: the same seed gives the same rows in every pass ─────────────────────────

function mix(h: number) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function seedOf(...parts: number[]) {
  let h = 0x9e3779b9;
  for (const part of parts) h = mix(h ^ Math.imul(part | 0, 0x27d4eb2d) ^ ((part / 2 ** 32) | 0));
  return h;
}

/** mulberry32: numbers in [0, 1) from one seed. */
class Draws {
  constructor(private state: number) {}
  next() {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number) {
    return Math.floor(this.next() * below);
  }
  pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)]!;
  }
}

const SALT = { store: 1, product: 2, orderCount: 3, order: 4, viewCount: 5, view: 6, search: 7, session: 8 };

// ── The plan and its days ───────────────────────────────────────────────────────────────────

export type YearPlan = { scale: number; stores: number; orders: number; views: number; now: Date };

export function yearPlan(scale: number, now = new Date()): YearPlan {
  const stores = Math.max(CITIES.length, Math.round(FULL.stores * scale));
  return {
    scale,
    stores,
    orders: Math.round(FULL.orders * scale),
    views: Math.round(FULL.views * scale),
    now,
  };
}

type Day = { offset: number; date: string; start: Date; weekday: number };

/** A Mexico City date (YYYY-MM-DD) of an instant. */
export function mexicoDate(at: Date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(at);
}

/** The Mexico City day `offset` days before the plan's today. */
function dayAt(plan: YearPlan, offset: number): Day {
  const [year, month, day] = mexicoDate(plan.now).split("-").map(Number);
  const utc = new Date(Date.UTC(year!, month! - 1, day! - offset));
  const date = utc.toISOString().slice(0, 10);
  // Mexico City has kept UTC−6 all year since October 2022.
  return { offset, date, start: new Date(`${date}T06:00:00Z`), weekday: (utc.getUTCDay() + 6) % 7 };
}

/** The roll-up's mark after yesterday's run: every day up to this one is in page_view_days. */
export function rollupMark(plan: YearPlan) {
  const [year, month, day] = mexicoDate(new Date(plan.now.getTime() - DAY_MS - HOUR_MS))
    .split("-")
    .map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! - 1)).toISOString().slice(0, 10);
}

// ── Stores and products ─────────────────────────────────────────────────────────────────────

export type StoreModel = {
  index: number;
  id: string;
  cityId: string;
  categoryId: string;
  hidden: boolean;
  closedAt: Date | null;
  /** Relative popularity, 1 to 4 (mean 2): how many of the city's orders and views it gets. */
  weight: number;
  /** Whether a generated account owns it (the busiest store's owner is made by the bench). */
  owned: boolean;
  paymentMethods: PaymentMethod[];
  allowDelivery: boolean;
  pushDevice: boolean;
  emailNewOrders: boolean;
  licenceType: "starter" | "basic" | "premier";
  licenceExpires: Date | null;
  createdAt: Date;
  displayName: string;
  logo: boolean;
  phone: string;
};

export const storeIdOf = (index: number) => `tienda-${String(index).padStart(5, "0")}`;

export function storeModels(plan: YearPlan): StoreModel[] {
  const models: StoreModel[] = [];
  for (let index = 1; index <= plan.stores; index++) {
    const r = new Draws(seedOf(index, SALT.store));
    const busiest = index === BUSIEST_INDEX;
    // One store in each city first; then bigger cities have more: the first about 10 %, the last 2 %.
    const city =
      index <= CITIES.length
        ? index - 1
        : Math.min(CITIES.length - 1, Math.floor(CITIES.length * r.next() ** 1.5));
    const category = r.next();
    const closed = !busiest && r.next() < 0.005;
    const tier = r.next();
    const methods = r.next();
    models.push({
      index,
      id: storeIdOf(index),
      cityId: CITIES[city]![0],
      categoryId: busiest
        ? "sweets"
        : category < 0.35
          ? "sweets"
          : category < 0.7
            ? "takeout"
            : category < 0.85
              ? "gifts"
              : "beauty",
      hidden: closed || (!busiest && r.next() < 0.02),
      closedAt: closed ? new Date(plan.now.getTime() - r.next() * 25 * DAY_MS) : null,
      weight: 1 + 3 * r.next() ** 2,
      owned: !busiest && !closed && r.next() >= 0.05,
      paymentMethods: busiest
        ? ["cash", "transfer"]
        : methods < 0.4
          ? []
          : methods < 0.8
            ? ["cash"]
            : ["cash", "transfer"],
      allowDelivery: busiest || r.next() < 0.4,
      pushDevice: busiest || r.next() < 0.6,
      emailNewOrders: r.next() < 0.2,
      licenceType: busiest ? "premier" : tier < 0.8 ? "starter" : tier < 0.92 ? "basic" : "premier",
      licenceExpires:
        busiest || tier >= 0.8 ? new Date(plan.now.getTime() + (30 + r.int(330)) * DAY_MS) : null,
      createdAt: new Date(plan.now.getTime() - (DAYS + r.int(DAYS)) * DAY_MS),
      displayName: busiest
        ? "Panadería La Espiga de Oro"
        : `${r.pick(STORE_WORDS)} ${r.pick(STORE_NAMES)} ${index}`,
      logo: busiest || r.next() < 0.7,
      phone: busiest || r.next() < 0.6 ? `55${String(10_000_000 + r.int(89_999_999))}` : "",
    });
  }
  return models;
}

export type ProductModel = {
  id: string;
  name: string;
  description: string;
  unit: "pieza" | "kg";
  priceCents: number;
  available: boolean;
  image: boolean;
};

/** Product `number` (1 to PRODUCTS_PER_STORE) of a store, the same in every pass. */
export function productOf(store: number, number: number): ProductModel {
  const r = new Draws(seedOf(store, number, SALT.product));
  const kg = number % 12 === 0;
  // Unique in its store: 7 drawn characters and the number.
  const id = seedOf(store, number, 1).toString(36).padStart(7, "0") + number.toString(36).padStart(5, "0");
  const name = `${r.pick(KINDS)} ${r.pick(FLAVOURS)}`;
  return {
    id,
    name,
    description: `${name}, hecho el mismo día. Pedido mínimo ${1 + r.int(4)} piezas.`,
    unit: kg ? "kg" : "pieza",
    priceCents: Math.round(((kg ? 8_000 : 1_200) + r.int(kg ? 30_000 : 38_000)) / 50) * 50,
    available: r.next() >= 0.08,
    image: r.next() >= 0.15,
  };
}

// ── Orders ──────────────────────────────────────────────────────────────────────────────────

type OrderStatus = "pending" | "completed" | "cancelled";

export type OrderModel = {
  store: StoreModel;
  id: string;
  idempotencyKey: string;
  createdAt: Date;
  status: OrderStatus;
  step: "accepted" | "ready" | "on_the_way" | null;
  completedAt: Date | null;
  seenAt: Date | null;
  paidAt: Date | null;
  customerName: string;
  customerPhone: string;
  delivery: boolean;
  address: string;
  comments: string;
  cancelReason: string;
  paymentMethod: PaymentMethod | null;
  cashAmount: number | null;
  feeCents: number;
  totalCents: number;
  erasedAt: Date | null;
  lines: { product: ProductModel; quantity: number }[];
};

/** A store's daily count of orders or views: its share of the year's, by weekday, with noise. */
function dailyCount(plan: YearPlan, store: StoreModel, day: Day, kind: "orders" | "views") {
  if (store.closedAt && day.start >= store.closedAt) return 0;
  const perDay = plan[kind] / DAYS;
  const mean =
    store.index === BUSIEST_INDEX
      ? perDay * BUSIEST_SHARE
      : ((perDay * (1 - BUSIEST_SHARE)) / (plan.stores - 1)) * (store.weight / 2);
  const r = new Draws(seedOf(store.index, day.offset, kind === "orders" ? SALT.orderCount : SALT.viewCount));
  return Math.floor(mean * WEEKDAY_FACTOR[day.weekday]! * (0.5 + r.next()) + r.next());
}

const timeInDay = (day: Day, r: Draws) =>
  new Date(day.start.getTime() + r.pick(HOURS) * HOUR_MS + Math.floor(r.next() * HOUR_MS));

const earliest = (a: Date, b: Date) => (a < b ? a : b);

const ORDER_NUMBER_SYMBOLS = [...ORDER_NUMBER_ALPHABET];

/**
 * An order number as the app makes them (app/domain/orders/order-number.ts): 13 symbols, 8 of them
 * drawn and 5 the day and the order's place in it, so that no two of a store's orders share one
 * (32-bit seeds do collide among the busiest store's 60,000).
 */
function orderNumber(r: Draws, day: Day, n: number) {
  const symbol = (value: number, place: number) =>
    ORDER_NUMBER_SYMBOLS[
      Math.floor(value / ORDER_NUMBER_SYMBOLS.length ** place) % ORDER_NUMBER_SYMBOLS.length
    ];
  let raw = "";
  for (let index = 0; index < 4; index++) raw += r.pick(ORDER_NUMBER_SYMBOLS);
  raw += symbol(day.offset, 1) + symbol(day.offset, 0) + symbol(n, 2) + symbol(n, 1) + symbol(n, 0);
  for (let index = 0; index < 4; index++) raw += r.pick(ORDER_NUMBER_SYMBOLS);
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

function statusOf(plan: YearPlan, day: Day, createdAt: Date, r: Draws): OrderStatus {
  const u = r.next();
  if (day.offset > 0) return u < 0.06 ? "cancelled" : "completed";
  // Today: most of the last three hours' orders are still open, a few older ones too.
  if (plan.now.getTime() - createdAt.getTime() > 3 * HOUR_MS)
    return u < 0.04 ? "cancelled" : u < 0.12 ? "pending" : "completed";
  return u < 0.02 ? "cancelled" : u < 0.25 ? "completed" : "pending";
}

function orderOf(plan: YearPlan, store: StoreModel, day: Day, n: number): OrderModel | null {
  const r = new Draws(seedOf(store.index, day.offset, n, SALT.order));
  const createdAt = timeInDay(day, r);
  if (createdAt > plan.now) return null;
  const id = orderNumber(r, day, n);
  const status = statusOf(plan, day, createdAt, r);
  const delivery = store.allowDelivery && r.next() < 0.35;
  const stepDraw = r.next();
  const step =
    status !== "pending" || stepDraw < 0.35
      ? null
      : stepDraw < 0.75
        ? "accepted"
        : delivery
          ? "on_the_way"
          : "ready";
  const closedAfter = new Date(createdAt.getTime() + (15 + r.int(75)) * 60_000);
  const completedAt = status === "pending" ? null : earliest(closedAfter, plan.now);
  const seen = new Date(createdAt.getTime() + 60_000);
  const seenAt = (status === "pending" && r.next() < 0.2) || seen > plan.now ? null : seen;
  const lineCount = r.pick([1, 1, 2, 2, 2, 3, 3, 4]);
  // Low numbers sell more: a store has its best sellers.
  const first = Math.floor(PRODUCTS_PER_STORE * r.next() ** 2);
  const lines = Array.from({ length: lineCount }, (_, position) => {
    const product = productOf(store.index, 1 + ((first + position * 17) % PRODUCTS_PER_STORE));
    const quantity = product.unit === "kg" ? 0.5 * (1 + r.int(4)) : 1 + Math.floor(3 * r.next() ** 2);
    return { product, quantity };
  });
  const feeCents = delivery ? 3_000 : 0;
  const totalCents =
    Math.round(lines.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0)) + feeCents;
  const paymentMethod = store.paymentMethods.length > 0 ? r.pick(store.paymentMethods) : null;
  const erasedAt = store.closedAt;
  const name = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
  const phone = r.next() < 0.7 ? `33${String(10_000_000 + r.int(89_999_999))}` : "";
  const address = delivery ? `Calle ${r.pick(STREETS)} ${1 + r.int(900)}, Col. Centro` : "";
  const comments = r.next() < 0.15 ? r.pick(COMMENTS) : "";
  return {
    store,
    id,
    idempotencyKey: `${day.offset}-${n}-${seedOf(store.index, day.offset, n, 11).toString(16)}`,
    createdAt,
    status,
    step,
    completedAt,
    seenAt,
    paidAt: status === "completed" && paymentMethod === "transfer" ? completedAt : null,
    customerName: erasedAt ? "" : name,
    customerPhone: erasedAt ? "" : phone,
    delivery,
    address: erasedAt ? "" : address,
    comments: erasedAt ? "" : comments,
    cancelReason: status === "cancelled" && !erasedAt && r.next() < 0.5 ? r.pick(CANCEL_REASONS) : "",
    paymentMethod,
    cashAmount: paymentMethod === "cash" && r.next() < 0.5 ? Math.ceil(totalCents / 100 / 100) * 100 : null,
    feeCents,
    totalCents,
    erasedAt,
    lines,
  };
}

/** Every store's orders of one day, in the order they were placed. */
function ordersOn(plan: YearPlan, stores: StoreModel[], day: Day): OrderModel[] {
  const placed: OrderModel[] = [];
  for (const store of stores) {
    const count = dailyCount(plan, store, day, "orders");
    for (let n = 0; n < count; n++) {
      const order = orderOf(plan, store, day, n);
      if (order) placed.push(order);
    }
  }
  return placed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Orders day by day, oldest day first, from `fromOffset` days ago to today. */
function* ordersSince(plan: YearPlan, stores: StoreModel[], fromOffset: number) {
  for (let offset = fromOffset; offset >= 0; offset--) yield* ordersOn(plan, stores, dayAt(plan, offset));
}

// ── Rows as COPY's text format ──────────────────────────────────────────────────────────────

type Value = string | number | boolean | Date | null;

const escape = (text: string) =>
  text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");

function copyLine(values: Value[]) {
  return (
    values
      .map((value) =>
        value === null
          ? "\\N"
          : value instanceof Date
            ? value.toISOString()
            : typeof value === "string"
              ? escape(value)
              : String(value),
      )
      .join("\t") + "\n"
  );
}

const money = (cents: number) => (cents / 100).toFixed(2);
const pgArray = (values: string[]) => `{${values.join(",")}}`;

/**
 * Streams `rows` into `table` with COPY on one connection; returns how many were written. The
 * table's indexes are dropped first and built again after, as they were (their definitions read
 * from the catalogue): one sorted build instead of millions of inserts at random places of an index
 * larger than the buffer cache, which took the orders alone over 8 minutes. A key another table's
 * foreign key refers to stays (PostgreSQL checks those rows against it).
 */
async function copyRows(pool: pg.Pool, table: string, columns: string[], rows: Iterable<Value[]>) {
  let count = 0;
  function* chunks() {
    let chunk = "";
    for (const row of rows) {
      chunk += copyLine(row);
      count += 1;
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  const client = await pool.connect();
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
       from pg_index where indrelid = $1::regclass
         and not exists (select from pg_constraint where conindid = indexrelid)`,
      [table],
    );
    const { rows: keys } = await client.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where conrelid = $1::regclass and contype in ('p', 'u')
         and not exists (select from pg_constraint where confrelid = $1::regclass and contype = 'f')`,
      [table],
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    for (const key of keys) await client.query(`alter table ${table} drop constraint ${key.name}`);
    await pipeline(
      Readable.from(chunks()),
      client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`)),
    );
    await client.query("set maintenance_work_mem = '1GB'");
    for (const key of keys)
      await client.query(`alter table ${table} add constraint ${key.name} ${key.definition}`);
    for (const index of indexes) await client.query(index.definition);
    await client.query("reset maintenance_work_mem");
  } finally {
    client.release();
  }
  return count;
}

// ── Each table's rows ───────────────────────────────────────────────────────────────────────

export type TableStep = { table: string; write: (pool: pg.Pool) => Promise<number> };

/** What every table's rows are made from: the plan's stores, their owners and the windows of time. */
function yearContext(plan: YearPlan, passwordHash: string) {
  const stores = storeModels(plan);
  const owned = stores.filter((store) => store.owned);
  const userIdOf = (store: StoreModel) => `00000000-0000-4000-8000-${String(store.index).padStart(12, "0")}`;
  const now = plan.now;
  const rawFrom = new Date(now.getTime() - RAW_EVENT_DAYS * DAY_MS);
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  const mark = rollupMark(plan);
  const copy = (table: string, columns: string[], rows: () => Iterable<Value[]>) => ({
    table,
    write: (pool: pg.Pool) => copyRows(pool, table, columns, rows()),
  });

  return { plan, passwordHash, stores, owned, userIdOf, now, rawFrom, recentFrom, mark, copy };
}

type YearContext = ReturnType<typeof yearContext>;

/** The tables in the order they are written (each after those its rows refer to). */
export function yearTables(plan: YearPlan, passwordHash: string): TableStep[] {
  const context = yearContext(plan, passwordHash);
  return [...storeTables(context), ...orderTables(context), ...analyticsTables(context)];
}

/** The cities, the stores, their owners' accounts and their products. */
function storeTables(context: YearContext): TableStep[] {
  const { passwordHash, stores, owned, userIdOf, now, copy } = context;
  return [
    {
      // The migrations bring ten of them.
      table: "cities",
      write: async (pool: pg.Pool) => {
        const columns = [0, 1, 2].map((column) => CITIES.map((city) => city[column]));
        const inserted = await pool.query(
          `insert into cities (id, name, state) select * from unnest($1::text[], $2::text[], $3::text[])
           on conflict (id) do nothing`,
          columns,
        );
        return inserted.rowCount ?? 0;
      },
    },
    copy(
      "stores",
      [
        "id",
        "city_id",
        "category_id",
        "is_hidden",
        "licence_type",
        "licence_expires",
        "created_at",
        "closed_at",
      ],
      function* () {
        for (const s of stores)
          yield [
            s.id,
            s.cityId,
            s.categoryId,
            s.hidden,
            s.licenceType,
            s.licenceExpires,
            s.createdAt,
            s.closedAt,
          ];
      },
    ),
    copy(
      "store_settings",
      [
        "store_id",
        "display_name",
        "description",
        "contact_email",
        "phone",
        "logo_key",
        "allow_delivery",
        "payment_methods",
        "bank_name",
        "bank_account_holder",
        "clabe",
        "updated_at",
      ],
      function* () {
        for (const s of stores) {
          const transfer = s.paymentMethods.includes("transfer");
          yield [
            s.id,
            s.displayName,
            `Hacemos todo el mismo día en ${CITIES.find((city) => city[0] === s.cityId)![1]}. Pide en línea y recoge.`,
            `contacto@${s.id}.mx`,
            s.phone,
            s.logo ? `store-logos/${s.id}/logo.webp` : null,
            s.allowDelivery,
            pgArray(s.paymentMethods),
            transfer ? "BBVA" : "",
            transfer ? s.displayName : "",
            transfer ? `012180${String(s.index).padStart(12, "0")}` : "",
            s.createdAt,
          ];
        }
      },
    ),
    copy(
      "auth_user",
      ["id", "name", "email", "email_verified", "role", "created_at", "updated_at"],
      function* () {
        for (const s of owned)
          yield [
            userIdOf(s),
            s.displayName,
            `dueno${s.index}@ejemplo.mx`,
            true,
            "user",
            s.createdAt,
            s.createdAt,
          ];
      },
    ),
    copy(
      "auth_account",
      ["id", "account_id", "provider_id", "user_id", "password", "created_at", "updated_at"],
      function* () {
        for (const s of owned) {
          const user = userIdOf(s);
          yield [
            user.replace("-4000-", "-4001-"),
            user,
            "credential",
            user,
            passwordHash,
            s.createdAt,
            s.createdAt,
          ];
        }
      },
    ),
    copy("store_owners", ["user_id", "store_id", "email_new_orders", "created_at"], function* () {
      for (const s of owned) yield [userIdOf(s), s.id, s.emailNewOrders, s.createdAt];
    }),
    copy(
      "auth_session",
      ["id", "token", "user_id", "expires_at", "ip_address", "user_agent", "created_at", "updated_at"],
      function* () {
        // Sessions last 7 days; the previous run deleted those that had expired by then.
        for (const s of owned) {
          const r = new Draws(seedOf(s.index, SALT.session));
          if (r.next() < 0.5) continue;
          const createdAt = new Date(now.getTime() - r.next() * RECENT_DAYS * DAY_MS);
          const id = `${s.index}-${seedOf(s.index, 21).toString(36)}${seedOf(s.index, 22).toString(36)}`;
          const expires = new Date(createdAt.getTime() + 7 * DAY_MS);
          yield [
            id,
            `${id}t`,
            userIdOf(s),
            expires,
            "10.1.2.3",
            "Mozilla/5.0 (Android)",
            createdAt,
            createdAt,
          ];
        }
      },
    ),
  ];
}

/** The stores' products, a year of orders, their lines and events, and the jobs they queued. */
function orderTables(context: YearContext): TableStep[] {
  const { plan, stores, now, recentFrom, copy } = context;
  return [
    copy(
      "products",
      ["store_id", "id", "name", "description", "available", "price", "unit", "image_key", "created_at"],
      function* () {
        for (const s of stores)
          for (let number = 1; number <= PRODUCTS_PER_STORE; number++) {
            const p = productOf(s.index, number);
            yield [
              s.id,
              p.id,
              p.name,
              p.description,
              p.available,
              money(p.priceCents),
              p.unit,
              p.image ? `product-images/${s.id}/${p.id}.webp` : null,
              new Date(s.createdAt.getTime() + number * 60_000),
            ];
          }
      },
    ),
    copy(
      "orders",
      [
        "store_id",
        "id",
        "status",
        "customer_name",
        "customer_phone",
        "delivery_type",
        "address",
        "comments",
        "total",
        "idempotency_key",
        "created_at",
        "completed_at",
        "step",
        "cancel_reason",
        "payment_method",
        "cash_amount",
        "paid_at",
        "delivery_fee",
        "seen_at",
        "personal_data_erased_at",
      ],
      function* () {
        for (const o of ordersSince(plan, stores, DAYS - 1))
          yield [
            o.store.id,
            o.id,
            o.status,
            o.customerName,
            o.customerPhone,
            o.delivery ? "delivery" : "pickup",
            o.address,
            o.comments,
            money(o.totalCents),
            o.idempotencyKey,
            o.createdAt,
            o.completedAt,
            o.step,
            o.cancelReason,
            o.paymentMethod,
            o.cashAmount,
            o.paidAt,
            money(o.feeCents),
            o.seenAt,
            o.erasedAt,
          ];
      },
    ),
    copy(
      "order_lines",
      ["store_id", "order_id", "position", "product_id", "name", "quantity", "unit", "price"],
      function* () {
        for (const o of ordersSince(plan, stores, DAYS - 1))
          for (const [position, { product, quantity }] of o.lines.entries())
            yield [
              o.store.id,
              o.id,
              position,
              product.id,
              product.name,
              quantity,
              product.unit,
              money(product.priceCents),
            ];
      },
    ),
    copy("order_events", ["store_id", "order_id", "kind", "note", "created_at"], function* () {
      for (const o of ordersSince(plan, stores, DAYS - 1)) {
        yield [o.store.id, o.id, "placed", "", o.createdAt];
        if (o.step)
          yield [o.store.id, o.id, "accepted", "", earliest(new Date(o.createdAt.getTime() + 120_000), now)];
        if (o.step && o.step !== "accepted")
          yield [o.store.id, o.id, o.step, "", earliest(new Date(o.createdAt.getTime() + 600_000), now)];
        if (o.completedAt) yield [o.store.id, o.id, o.status, o.cancelReason, o.completedAt];
        if (o.paidAt) yield [o.store.id, o.id, "paid", "", o.paidAt];
      }
    }),
    copy("order_changes", ["store_id", "order_id", "type", "created_at"], function* () {
      for (const o of ordersSince(plan, stores, RECENT_DAYS)) {
        if (o.createdAt >= recentFrom) yield [o.store.id, o.id, "order.created", o.createdAt];
        if (o.completedAt && o.completedAt >= recentFrom)
          yield [o.store.id, o.id, "order.updated", o.completedAt];
      }
    }),
    copy("jobs", ["kind", "payload", "run_at", "attempts", "created_at", "done_at"], function* () {
      for (const o of ordersSince(plan, stores, RECENT_DAYS)) {
        if (o.createdAt < recentFrom) continue;
        const done = new Date(o.createdAt.getTime() + 2_000);
        if (o.store.pushDevice) {
          const message = newOrderPush({
            number: o.id,
            customerName: o.customerName,
            total: o.totalCents / 100,
            deliveryType: o.delivery ? "delivery" : "pickup",
          });
          yield [
            "push.send",
            JSON.stringify({ subscriptionId: o.store.index, message }),
            o.createdAt,
            1,
            o.createdAt,
            done,
          ];
        }
        if (o.store.emailNewOrders && o.store.owned)
          yield [
            "orders.new-order-email",
            JSON.stringify({ storeId: o.store.id, orderId: o.id }),
            o.createdAt,
            1,
            o.createdAt,
            done,
          ];
      }
    }),
  ];
}

/** Page views by day, the raw events of the last days and the rate limits they counted. */
function analyticsTables(context: YearContext): TableStep[] {
  const { plan, stores, now, rawFrom, mark, copy } = context;
  return [
    copy("page_view_days", ["store_id", "day", "views"], function* () {
      for (let offset = DAYS - 1; offset >= 0; offset--) {
        const day = dayAt(plan, offset);
        if (day.date > mark) break;
        for (const s of stores) {
          const views = dailyCount(plan, s, day, "views");
          if (views > 0) yield [s.id, day.date, views];
        }
      }
    }),
    copy("rollup_marks", ["name", "through"], function* () {
      yield ["page_views", mark];
    }),
    copy("analytics_events", ["name", "store_id", "data", "created_at"], function* () {
      for (let offset = RAW_EVENT_DAYS; offset >= 0; offset--)
        yield* analyticsOn(plan, stores, dayAt(plan, offset), rawFrom);
    }),
    copy("rate_limit_hits", ["key", "at"], function* () {
      // The previous run kept the last two days' hits (a day's window, a day ago).
      const from = new Date(now.getTime() - 2 * DAY_MS);
      for (let offset = 2; offset >= 0; offset--)
        for (const [name, storeId, , at] of analyticsOn(plan, stores, dayAt(plan, offset), from)) {
          const address = `10.${seedOf(at.getTime() % 2 ** 31, 31) % 256}.${seedOf(at.getTime() % 2 ** 31, 32) % 256}.7`;
          const hits: LimitHit[] =
            name === "view_store_page"
              ? [
                  { name: "viewPerAddress", subject: `${address}|${storeId}` },
                  { name: "viewsPerStore", subject: storeId! },
                ]
              : name === "place_order"
                ? [{ name: "orderPerAddress", subject: address }]
                : name === "search_products"
                  ? [{ name: "searchEventsPerAddress", subject: address }]
                  : [];
          for (const hit of hits) yield [limitKey(hit), at];
        }
    }),
  ];
}

/**
 * One day's raw analytics events from `from` on, in the order they happened: the store page views,
 * the orders placed and completed, the searches (a tenth as many as views, each with its results).
 */
function analyticsOn(plan: YearPlan, stores: StoreModel[], day: Day, from: Date) {
  const events: [name: string, storeId: string | null, data: string, at: Date][] = [];
  for (const store of stores) {
    const views = dailyCount(plan, store, day, "views");
    const r = new Draws(seedOf(store.index, day.offset, SALT.view));
    for (let n = 0; n < views; n++) events.push(["view_store_page", store.id, "{}", timeInDay(day, r)]);
  }
  for (const o of ordersOn(plan, stores, day)) {
    const order = { orderId: o.id, total: o.totalCents / 100, lines: o.lines.length };
    events.push(["place_order", o.store.id, JSON.stringify(order), o.createdAt]);
    if (o.status === "completed" && o.completedAt) {
      const data = { storeId: o.store.id, orderId: o.id, completedAt: o.completedAt.toISOString() };
      events.push(["complete_order", o.store.id, JSON.stringify(data), o.completedAt]);
    }
  }
  const r = new Draws(seedOf(day.offset, SALT.search));
  const searches = Math.round((plan.views / DAYS / 10) * WEEKDAY_FACTOR[day.weekday]!);
  for (let n = 0; n < searches; n++) {
    const at = timeInDay(day, r);
    const search = { cityId: r.pick(CITIES)[0], term: r.pick(SEARCH_TERMS), page: 1 };
    events.push(["search_products", null, JSON.stringify(search), at]);
    events.push(["search_results", null, JSON.stringify({ ...search, results: r.int(25) }), at]);
  }
  return events
    .filter(([, , , at]) => at >= from && at <= plan.now)
    .sort((a, b) => a[3].getTime() - b[3].getTime());
}
