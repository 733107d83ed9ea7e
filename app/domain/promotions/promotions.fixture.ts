/**
 * Test data shared by the unit tests of promotions and of an order's discounts: a code and an
 * offer as the store's owner would make them, with what a test changes passed in `extra`. Not
 * mutated by Stryker (stryker.config.mjs) and imported by tests only.
 */
import type { DiscountCode, Offer } from "./promotions";

/** "BIENVENIDA10": 10 % off anything, no minimum, dates or limits. */
export const discountCode = (extra: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "c1",
  code: "BIENVENIDA10",
  kind: "percent",
  value: 10,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  oncePerPhone: false,
  productIds: [],
  categories: [],
  paused: false,
  ...extra,
});

/** "2×1 en conchas": buy two conchas, pay one, every day at every hour. */
export const offer = (extra: Partial<Offer> = {}): Offer => ({
  id: "o1",
  name: "2×1 en conchas",
  kind: "bundle",
  buy: 2,
  pay: 1,
  percent: 0,
  productIds: ["concha"],
  categories: [],
  weekdays: [],
  startMinute: null,
  endMinute: null,
  paused: false,
  ...extra,
});
