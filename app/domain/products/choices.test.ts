import { describe, expect, it } from "vitest";
import {
  CHOICE_MESSAGES,
  choiceKey,
  choiceLines,
  firstSizePicks,
  describeGroups,
  formatChoices,
  listedPrice,
  pickRefusal,
  priceChoices,
  sameChoices,
  type ChoiceGroup,
} from "./choices";

const size: ChoiceGroup = {
  id: "tam",
  name: "Tamaño",
  kind: "size",
  min: 1,
  max: 1,
  options: [
    { id: "p3", name: "3 piezas", price: 45 },
    { id: "p5", name: "5 piezas", price: 70 },
  ],
};
const extras: ChoiceGroup = {
  id: "ext",
  name: "Extras",
  kind: "extras",
  min: 0,
  max: 2,
  options: [
    { id: "queso", name: "Queso", price: 10 },
    { id: "agua", name: "Aguacate", price: 15 },
    { id: "cebolla", name: "Cebolla asada", price: 5.5 },
  ],
};
const tacos = { price: 45, choiceGroups: [size, extras] };

describe("pricing a line's choices", () => {
  it("replaces the product's price with the size's and adds each add-on's", () => {
    expect(priceChoices(tacos, ["p5", "queso", "agua"])).toEqual({
      ok: true,
      price: 95,
      chosen: [
        { group: "Tamaño", kind: "size", options: [{ name: "5 piezas", price: 70 }] },
        {
          group: "Extras",
          kind: "extras",
          options: [
            { name: "Queso", price: 10 },
            { name: "Aguacate", price: 15 },
          ],
        },
      ],
    });
  });

  it("keeps the product's price without a size group and adds to the centavo", () => {
    const result = priceChoices({ price: 20.1, choiceGroups: [extras] }, ["cebolla"]);
    expect(result).toMatchObject({ ok: true, price: 25.6 });
  });

  it("lists the groups in the product's order, whatever order the picks came in", () => {
    const result = priceChoices(tacos, ["agua", "p3"]);
    expect(result.ok && result.chosen.map((group) => group.group)).toEqual(["Tamaño", "Extras"]);
    expect(result).toMatchObject({ price: 60 });
  });

  it("keeps a copy only of the groups something was picked in", () => {
    expect(priceChoices(tacos, ["p3"])).toEqual({
      ok: true,
      price: 45,
      chosen: [{ group: "Tamaño", kind: "size", options: [{ name: "3 piezas", price: 45 }] }],
    });
  });

  it("takes exactly one size whatever range was stored with it", () => {
    const loose = { price: 10, choiceGroups: [{ ...size, min: 0, max: 3 }] };
    expect(priceChoices(loose, [])).toEqual({ ok: false, message: CHOICE_MESSAGES.required("Tamaño") });
    expect(priceChoices(loose, ["p3", "p5"])).toEqual({
      ok: false,
      message: CHOICE_MESSAGES.tooMany("Tamaño", 1),
    });
  });

  it("requires the size", () => {
    expect(priceChoices(tacos, ["queso"])).toEqual({
      ok: false,
      message: CHOICE_MESSAGES.required("Tamaño"),
    });
  });

  it("refuses two sizes, more add-ons than the maximum and fewer than the minimum", () => {
    expect(priceChoices(tacos, ["p3", "p5"])).toEqual({
      ok: false,
      message: CHOICE_MESSAGES.tooMany("Tamaño", 1),
    });
    expect(priceChoices(tacos, ["p3", "queso", "agua", "cebolla"])).toEqual({
      ok: false,
      message: "Elige hasta 2 opciones de «Extras».",
    });
    const atLeastTwo = { price: 10, choiceGroups: [{ ...extras, min: 2 }] };
    expect(priceChoices(atLeastTwo, ["queso"])).toEqual({
      ok: false,
      message: "Elige al menos 2 opciones de «Extras».",
    });
    expect(priceChoices(atLeastTwo, ["queso", "agua"])).toMatchObject({ ok: true, price: 35 });
  });

  it("refuses the same pick twice and an id the product does not have", () => {
    expect(priceChoices(tacos, ["p3", "queso", "queso"])).toEqual({
      ok: false,
      message: CHOICE_MESSAGES.duplicate,
    });
    expect(priceChoices(tacos, ["p3", "borrada"])).toEqual({
      ok: false,
      message: CHOICE_MESSAGES.unknown,
      unknown: true,
    });
  });

  it("takes no picks for a product without groups, and keeps its price", () => {
    expect(priceChoices({ price: 14, choiceGroups: [] }, [])).toEqual({ ok: true, price: 14, chosen: [] });
    expect(priceChoices({ price: 14 }, [])).toEqual({ ok: true, price: 14, chosen: [] });
    expect(priceChoices({ price: 14, choiceGroups: [] }, ["p3"])).toMatchObject({ ok: false, unknown: true });
  });

  it("words one pick in the singular", () => {
    expect(pickRefusal({ name: "Salsa", kind: "extras", min: 1, max: 3 }, 0)).toBe(
      "Elige al menos 1 opción de «Salsa».",
    );
    expect(pickRefusal({ name: "Salsa", kind: "extras", min: 1, max: 1 }, 0)).toBe(
      "Elige una opción de «Salsa».",
    );
    expect(pickRefusal({ name: "Salsa", kind: "extras", min: 0, max: 1 }, 2)).toBe(
      "Elige hasta 1 opción de «Salsa».",
    );
    expect(pickRefusal({ name: "Salsa", kind: "extras", min: 0, max: 1 }, 1)).toBeNull();
  });
});

describe("the shared formatter", () => {
  it("writes each group with its picks", () => {
    expect(
      formatChoices([
        { group: "Tamaño", kind: "size", options: [{ name: "Grande", price: 45 }] },
        {
          group: "Extras",
          kind: "extras",
          options: [
            { name: "Queso", price: 10 },
            { name: "Aguacate", price: 15 },
          ],
        },
      ]),
    ).toBe("Tamaño: Grande · Extras: Queso, Aguacate");
  });

  it("writes nothing for no choices and skips an empty group", () => {
    expect(formatChoices([])).toBe("");
    expect(formatChoices(null)).toBe("");
    expect(formatChoices([{ group: "Extras", kind: "extras", options: [] }])).toBe("");
  });

  it("writes each pick on a line of its own, named with its group, for the kitchen", () => {
    expect(
      choiceLines([
        { group: "Tamaño", kind: "size", options: [{ name: "Grande", price: 45 }] },
        { group: "Salsa", kind: "extras", options: [] },
        {
          group: "Extras",
          kind: "extras",
          options: [
            { name: "Queso", price: 10 },
            { name: "Aguacate", price: 15 },
          ],
        },
      ]),
    ).toEqual(["Tamaño: Grande", "Extras: Queso", "Extras: Aguacate"]);
    expect(choiceLines(null)).toEqual([]);
    expect(choiceLines(undefined)).toEqual([]);
  });
});

describe("a cart line's key, first picks and listed price", () => {
  it("is the same whatever order the picks were made in", () => {
    expect(choiceKey(["b", "a", "b"])).toEqual(["a", "b"]);
    expect(sameChoices(["queso", "p3"], ["p3", "queso"])).toBe(true);
    expect(sameChoices(["p3"], ["p3", "queso"])).toBe(false);
    expect(sameChoices(["p3"], ["p5"])).toBe(false);
  });

  it("the demo's first picks: the first size and no add-ons", () => {
    expect(firstSizePicks([size, extras])).toEqual(["p3"]);
    expect(firstSizePicks([extras])).toEqual([]);
    expect(firstSizePicks([{ ...size, options: [] }, extras])).toEqual([]);
  });

  it("lists a product with sizes at its cheapest size", () => {
    expect(
      listedPrice({ price: 99, choiceGroups: [extras, { ...size, options: [...size.options].reverse() }] }),
    ).toBe(45);
    expect(listedPrice({ price: 99, choiceGroups: [extras] })).toBe(99);
    expect(listedPrice({ price: 99, choiceGroups: [{ ...size, options: [] }] })).toBe(99);
    expect(listedPrice({ price: 99, choiceGroups: null })).toBe(99);
    expect(listedPrice({ price: 99 })).toBe(99);
  });
});

describe("a product's groups for a spreadsheet", () => {
  it("writes each group with its range and each option with its price", () => {
    expect(describeGroups([size, extras])).toBe(
      "Tamaño: 3 piezas $45.00, 5 piezas $70.00 | Extras (0 a 2): Queso +$10.00, Aguacate +$15.00, Cebolla asada +$5.50",
    );
    expect(describeGroups([])).toBe("");
  });
});
