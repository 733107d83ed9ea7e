import { describe, expect, it } from "vitest";
import type { ChoiceGroup } from "./choices";
import {
  firstOptionShortfall,
  optionStockBadge,
  optionStockBadges,
  optionStockName,
  optionStockSummary,
  quantitiesByOption,
  sizeGroup,
  sizeOptionOf,
  stockBadge,
  stockRefusal,
} from "./stock";
import { BAKERY_SIZES } from "../../../tests/support/choice-groups";

/** Stock per size option (docs/decisions/034): what the store page shows and how an order is refused. */
const GROUPS: ChoiceGroup[] = [
  BAKERY_SIZES,
  {
    id: "extras",
    name: "Extras",
    kind: "extras",
    min: 0,
    max: 1,
    options: [{ id: "nata", name: "Nata", price: 5 }],
  },
];
const concha = (optionStock: Record<string, number> | null, extra: object = {}) => ({
  id: "concha",
  name: "Concha de vainilla",
  unit: "pieza" as const,
  stock: null,
  lowStockThreshold: 3,
  choiceGroups: GROUPS,
  optionStock,
  ...extra,
});

describe("what the store page says beside a size option", () => {
  it("Agotado at 0, Quedan N at or under the product's threshold, nothing above it or when not counted", () => {
    const product = concha({ chica: 0, grande: 3 });
    expect(optionStockBadge(product, "chica")).toEqual({ soldOut: true, left: null });
    expect(optionStockBadge(product, "grande")).toEqual({ soldOut: false, left: "Quedan 3" });
    expect(optionStockBadge(concha({ grande: 1 }), "grande")).toEqual({ soldOut: false, left: "Queda 1" });
    expect(optionStockBadge(concha({ grande: 4 }), "grande")).toBeNull();
    expect(optionStockBadge(concha({ grande: 4 }), "chica")).toBeNull();
    expect(optionStockBadge(concha(null), "chica")).toBeNull();
  });

  it("gives the store page a badge only for the sizes that have one, never a count", () => {
    expect(optionStockBadges(concha({ chica: 0, grande: 10, nata: 0 }))).toEqual({
      chica: { soldOut: true, left: null },
    });
    expect(optionStockBadges(concha({ chica: 2 }))).toEqual({ chica: { soldOut: false, left: "Quedan 2" } });
    expect(optionStockBadges(concha(null))).toEqual({});
  });

  it("sums up the sizes with a badge for the owner's list", () => {
    expect(optionStockSummary(concha({ chica: 2, grande: 0 }))).toBe("Chica: Quedan 2 · Grande: Agotado");
    expect(optionStockSummary(concha({ chica: 20 }))).toBe("");
    expect(optionStockSummary(concha(null))).toBe("");
  });

  it("shows the product as Agotado only when every size is sold out", () => {
    expect(stockBadge(concha({ chica: 0, grande: 0 }))).toEqual({ soldOut: true, left: null });
    expect(stockBadge(concha({ chica: 0, grande: 2 }))).toBeNull();
    // An option not counted sells without limit: the product is not sold out.
    expect(stockBadge(concha({ chica: 0 }))).toBeNull();
    expect(stockBadge(concha(null))).toBeNull();
    // Product stock still says its own.
    expect(stockBadge(concha({ chica: 5 }, { stock: 0 }))).toEqual({ soldOut: true, left: null });
    expect(stockBadge(concha({ chica: 0, grande: 0 }, { choiceGroups: [] }))).toBeNull();
  });
});

describe("an order against the options' stock", () => {
  const line = (choices: string[], quantity = 1) => ({ productId: "concha", quantity, choices });

  it("adds up the lines of one size (whatever the add-ons) and leaves uncounted sizes out", () => {
    const totals = quantitiesByOption(
      [line(["grande"], 2), line(["grande", "nata"], 1), line(["chica"], 4)],
      [concha({ grande: 3 })],
    );
    expect([...totals.values()].map(({ optionId, quantity }) => [optionId, quantity])).toEqual([
      ["grande", 3],
    ]);
  });

  it("refuses the first size short, naming the product and the size, with what is left", () => {
    const product = concha({ chica: 5, grande: 2 });
    expect(firstOptionShortfall([line(["chica"], 5), line(["grande"], 2)], [product])).toBeNull();
    const short = firstOptionShortfall(
      [line(["chica"], 1), line(["grande"], 2), line(["grande"])],
      [product],
    );
    expect(short).toMatchObject({ name: "Concha de vainilla (Grande)", left: 2 });
    expect(stockRefusal(short!.name, short!.left, "pieza")).toBe(
      "Solo quedan 2 de Concha de vainilla (Grande).",
    );
    const gone = firstOptionShortfall([line(["grande"])], [concha({ grande: 0 })]);
    expect(stockRefusal(gone!.name, gone!.left, "pieza")).toBe("Concha de vainilla (Grande) se agotó.");
    expect(optionStockName("Café", "Chico")).toBe("Café (Chico)");
  });
});

describe("which group counts a size's stock", () => {
  const extrasFirst = (optionStock: Record<string, number> | null) =>
    concha(optionStock, { choiceGroups: [GROUPS[1]!, BAKERY_SIZES] });

  it("is the size group, wherever it stands among the product's groups", () => {
    expect(sizeGroup(extrasFirst(null))).toBe(BAKERY_SIZES);
    expect(sizeGroup({ choiceGroups: [GROUPS[1]!] })).toBeUndefined();
    expect(sizeGroup({ choiceGroups: null })).toBeUndefined();
    expect(sizeOptionOf(extrasFirst(null), ["nata", "grande"])?.id).toBe("grande");
  });

  it("an add-on's count gives no badge: only sizes have stock of their own", () => {
    const product = extrasFirst({ nata: 0, grande: 2 });
    expect(optionStockBadges(product)).toEqual({ grande: { soldOut: false, left: "Quedan 2" } });
    expect(optionStockSummary(product)).toBe("Grande: Quedan 2");
  });

  it("a product without a size group has no size badges, and picks no size", () => {
    const plain = concha({ chica: 0 }, { choiceGroups: null });
    expect(optionStockBadges(plain)).toEqual({});
    expect(optionStockSummary(plain)).toBe("");
    expect(sizeOptionOf(plain, ["chica"])).toBeUndefined();
  });

  it("an order's line counts against no size when it picked none, or its product is unknown or has no sizes", () => {
    const counted = concha({ chica: 0, grande: 0 });
    const plain = { ...concha({ chica: 0 }, { choiceGroups: null }), id: "bolillo" };
    const lines = [
      { productId: "concha", quantity: 1 },
      { productId: "concha", quantity: 1, choices: ["nata"] },
      { productId: "bolillo", quantity: 1, choices: ["chica"] },
      { productId: "otro", quantity: 1, choices: ["chica"] },
    ];
    expect(quantitiesByOption(lines, [counted, plain]).size).toBe(0);
    expect(firstOptionShortfall(lines, [counted, plain])).toBeNull();
  });
});
