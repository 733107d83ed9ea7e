import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkChoiceGroups,
  newChoiceId,
  parseChoiceGroupsField,
  toDrafts,
  type ChoiceGroupDraft,
} from "./choice-form";
import { CHOICE_ID_PATTERN, CHOICE_MESSAGES } from "./choices";

const size = (): ChoiceGroupDraft => ({
  id: "g1",
  name: "  Tamaño ",
  kind: "size",
  min: "1",
  max: "1",
  options: [
    { id: "o1", name: " 3 piezas", price: "45" },
    { id: "o2", name: "5 piezas", price: "70.50" },
  ],
});
const extras = (): ChoiceGroupDraft => ({
  id: "g2",
  name: "Extras",
  kind: "extras",
  min: "0",
  max: "2",
  options: [
    { id: "o3", name: "Queso", price: "10" },
    { id: "o4", name: "Aguacate", price: "0" },
  ],
});

describe("the product form's choice groups", () => {
  it("keeps trimmed names and prices as numbers; a size is one pick", () => {
    expect(checkChoiceGroups([size(), extras()])).toEqual({
      ok: true,
      groups: [
        {
          id: "g1",
          name: "Tamaño",
          kind: "size",
          min: 1,
          max: 1,
          options: [
            { id: "o1", name: "3 piezas", price: 45 },
            { id: "o2", name: "5 piezas", price: 70.5 },
          ],
        },
        {
          id: "g2",
          name: "Extras",
          kind: "extras",
          min: 0,
          max: 2,
          options: [
            { id: "o3", name: "Queso", price: 10 },
            { id: "o4", name: "Aguacate", price: 0 },
          ],
        },
      ],
      optionStock: [],
    });
  });

  it("round-trips through the dialog's drafts", () => {
    const checked = checkChoiceGroups([size(), extras()]);
    expect(checked.ok && checkChoiceGroups(toDrafts(checked.groups))).toEqual(checked);
  });

  it("says each wrong field next to it", () => {
    const group = extras();
    group.name = " ";
    group.options[0]!.name = "";
    group.options[1]!.price = "1.234";
    expect(checkChoiceGroups([group])).toEqual({
      ok: false,
      errors: {
        "0.name": CHOICE_MESSAGES.groupName,
        "0.0.name": CHOICE_MESSAGES.optionName,
        "0.1.price": CHOICE_MESSAGES.optionPrice,
      },
    });
  });

  it("refuses negative prices, names too long and repeated names", () => {
    const group = extras();
    group.options[0]!.price = "-1";
    group.options[1]!.name = "Q".repeat(61);
    expect(checkChoiceGroups([group])).toMatchObject({
      errors: { "0.0.price": CHOICE_MESSAGES.optionPrice, "0.1.name": CHOICE_MESSAGES.optionName },
    });
    const same = extras();
    same.options[1]!.name = "queso";
    expect(checkChoiceGroups([same])).toMatchObject({ errors: { "0.1.name": CHOICE_MESSAGES.sameName } });
    expect(
      checkChoiceGroups([
        extras(),
        { ...extras(), id: "g3", options: [{ id: "o9", name: "A", price: "1" }] },
      ]),
    ).toMatchObject({ errors: { "1.name": CHOICE_MESSAGES.sameName } });
    expect(checkChoiceGroups([{ ...size(), name: "T".repeat(41) }])).toMatchObject({
      errors: { "0.name": CHOICE_MESSAGES.groupName },
    });
  });

  it("checks an add-on group's minimum and maximum against its options", () => {
    for (const [min, max] of [
      ["3", "2"],
      ["0", "3"],
      ["0", "0"],
      ["x", "1"],
      ["-1", "1"],
      ["0", "1.5"],
    ])
      expect(checkChoiceGroups([{ ...extras(), min, max }])).toEqual({
        ok: false,
        errors: { "0.range": CHOICE_MESSAGES.range },
      });
    expect(checkChoiceGroups([{ ...extras(), min: "2", max: "2" }])).toMatchObject({ ok: true });
  });

  it("caps groups and options, wants options, and allows one size group", () => {
    const six = Array.from({ length: 6 }, (_, g) => ({
      ...extras(),
      id: `g${g}`,
      name: `G${g}`,
      options: [],
    }));
    expect(checkChoiceGroups(six)).toEqual({ ok: false, errors: { groups: CHOICE_MESSAGES.tooManyGroups } });
    const many = Array.from({ length: 21 }, (_, o) => ({ id: `o${o}`, name: `O${o}`, price: "1" }));
    expect(checkChoiceGroups([{ ...extras(), options: many }])).toMatchObject({
      errors: { "0.options": CHOICE_MESSAGES.tooManyOptions },
    });
    expect(checkChoiceGroups([{ ...extras(), options: [] }])).toMatchObject({
      errors: { "0.options": CHOICE_MESSAGES.noOptions },
    });
    const second = { ...size(), id: "g9", name: "Otro", options: [{ id: "o9", name: "A", price: "1" }] };
    expect(checkChoiceGroups([size(), second])).toEqual({
      ok: false,
      errors: { groups: CHOICE_MESSAGES.oneSizeGroup },
    });
  });

  it("refuses ids used twice or malformed, and anything that is not the form's shape", () => {
    const twice = extras();
    twice.options[1]!.id = "o3";
    expect(checkChoiceGroups([twice])).toEqual({ ok: false, errors: { groups: CHOICE_MESSAGES.invalid } });
    expect(checkChoiceGroups([{ ...extras(), id: "no válido" }])).toMatchObject({ ok: false });
    expect(checkChoiceGroups([{ ...extras(), kind: "gratis" }])).toMatchObject({ ok: false });
    expect(checkChoiceGroups({})).toMatchObject({ ok: false });
    expect(checkChoiceGroups(["x"])).toMatchObject({ ok: false });
    expect(parseChoiceGroupsField("{")).toEqual({ ok: false, errors: { groups: CHOICE_MESSAGES.invalid } });
    expect(parseChoiceGroupsField("")).toEqual({ ok: true, groups: [], optionStock: [] });
    expect(parseChoiceGroupsField(undefined)).toEqual({ ok: true, groups: [], optionStock: [] });
  });
});

describe("the product form's choice groups at their limits", () => {
  const named = (length: number) => "n".repeat(length);

  it("takes 5 groups, 20 options, names of 40 and 60 characters", () => {
    const groups = Array.from({ length: 5 }, (_, g) => ({
      ...extras(),
      id: `g${g}`,
      name: g === 0 ? named(40) : `G${g}`,
      options: [{ id: `o${g}`, name: g === 0 ? named(60) : "A", price: "1" }],
      max: "1",
    }));
    expect(checkChoiceGroups(groups)).toMatchObject({ ok: true });
    const twenty = Array.from({ length: 20 }, (_, o) => ({ id: `o${o}`, name: `O${o}`, price: "1" }));
    expect(checkChoiceGroups([{ ...extras(), options: twenty }])).toMatchObject({ ok: true });
    expect(
      checkChoiceGroups([{ ...extras(), options: [{ id: "o1", name: named(61), price: "1" }], max: "1" }]),
    ).toEqual({
      ok: false,
      errors: { "0.0.name": CHOICE_MESSAGES.optionName },
    });
  });

  it("takes prices under a million and a maximum of two digits", () => {
    const priced = (price: string) => ({
      ...extras(),
      max: "1",
      options: [{ id: "o1", name: "Queso", price }],
    });
    expect(checkChoiceGroups([priced("999999.99")])).toMatchObject({ ok: true });
    expect(checkChoiceGroups([priced("1000000")])).toEqual({
      ok: false,
      errors: { "0.0.price": CHOICE_MESSAGES.optionPrice },
    });
    const twenty = Array.from({ length: 20 }, (_, o) => ({ id: `o${o}`, name: `O${o}`, price: "1" }));
    expect(checkChoiceGroups([{ ...extras(), min: "10", max: " 12 ", options: twenty }])).toMatchObject({
      ok: true,
      groups: [{ min: 10, max: 12 }],
    });
  });

  it("reads a price typed with a comma or spaces, and a range with spaces or as numbers", () => {
    const group = {
      ...extras(),
      min: " 1 ",
      max: 2,
      options: [
        { id: "o1", name: "Queso", price: " 10,5 " },
        { id: "o2", name: "Chile", price: 3 },
      ],
    };
    expect(checkChoiceGroups([group])).toMatchObject({
      ok: true,
      groups: [{ min: 1, max: 2, options: [{ price: 10.5 }, { price: 3 }] }],
    });
  });

  it("ignores the range typed for a size group, and says only that an empty group needs options", () => {
    expect(checkChoiceGroups([{ ...size(), min: "x", max: "" }])).toMatchObject({
      ok: true,
      groups: [{ kind: "size", min: 1, max: 1 }],
    });
    expect(checkChoiceGroups([{ ...extras(), options: [] }])).toEqual({
      ok: false,
      errors: { "0.options": CHOICE_MESSAGES.noOptions },
    });
  });

  it("refuses a group or an option that is not an object, and JSON that is not a list", () => {
    for (const raw of [[null], [[]], [{ ...extras(), options: "Queso" }]])
      expect(checkChoiceGroups(raw)).toEqual({ ok: false, errors: { groups: CHOICE_MESSAGES.invalid } });
    expect(checkChoiceGroups([{ ...extras(), options: [null] }])).toMatchObject({
      ok: false,
      errors: { "0.0.name": CHOICE_MESSAGES.optionName, "0.0.price": CHOICE_MESSAGES.optionPrice },
    });
    expect(parseChoiceGroupsField("{}")).toEqual({ ok: false, errors: { groups: CHOICE_MESSAGES.invalid } });
    expect(parseChoiceGroupsField("  ")).toEqual({ ok: true, groups: [], optionStock: [] });
  });
});

describe("a size option's own stock (docs/decisions/034)", () => {
  const withStock = (stock: [string | undefined, string | undefined][]): ChoiceGroupDraft => ({
    ...size(),
    options: size().options.map((option, o) => ({ ...option, stock: stock[o]![0], stockWas: stock[o]![1] })),
  });

  it("keeps an amount per size option, says whether the owner changed it, and leaves empty ones without limit", () => {
    expect(
      checkChoiceGroups([
        withStock([
          ["12", "10"],
          ["", "3"],
        ]),
      ]),
    ).toMatchObject({
      ok: true,
      optionStock: [{ id: "o1", stock: 12, edited: true }],
    });
    expect(
      checkChoiceGroups([
        withStock([
          ["5", "5"],
          ["0", undefined],
        ]),
      ]),
    ).toMatchObject({
      optionStock: [
        { id: "o1", stock: 5, edited: false },
        { id: "o2", stock: 0, edited: true },
      ],
    });
    expect(
      parseChoiceGroupsField(
        JSON.stringify([
          withStock([
            ["1.5", ""],
            ["", ""],
          ]),
        ]),
        "kg",
      ),
    ).toMatchObject({
      optionStock: [{ id: "o1", stock: 1.5, edited: true }],
    });
  });

  it("refuses, next to the field, what is no amount in the product's unit, and stock on an add-on", () => {
    expect(
      checkChoiceGroups([
        withStock([
          ["-1", ""],
          ["2.5", ""],
        ]),
      ]),
    ).toEqual({
      ok: false,
      errors: {
        "0.0.stock": "Escribe un número entero desde 0, o déjalo vacío para vender sin límite.",
        "0.1.stock": "Escribe un número entero desde 0, o déjalo vacío para vender sin límite.",
      },
    });
    expect(
      checkChoiceGroups([
        withStock([
          ["1000000", ""],
          ["1", ""],
        ]),
      ]),
    ).toMatchObject({
      errors: { "0.0.stock": expect.any(String) },
    });
    expect(
      checkChoiceGroups(
        [
          withStock([
            ["0.2505", ""],
            ["1", ""],
          ]),
        ],
        "kg",
      ),
    ).toEqual({
      ok: false,
      errors: {
        "0.0.stock":
          "Escribe una cantidad desde 0, con hasta 3 decimales, o déjalo vacío para vender sin límite.",
      },
    });
    const extrasWithStock = { ...extras(), options: [{ ...extras().options[0]!, stock: "3" }] };
    expect(checkChoiceGroups([extrasWithStock])).toMatchObject({
      ok: false,
      errors: { "0.0.stock": expect.any(String) },
    });
  });

  it("round-trips a size option's stock through the dialog's drafts; add-ons have none", () => {
    const checked = checkChoiceGroups([size(), extras()]);
    if (!checked.ok) throw new Error("expected ok");
    const drafts = toDrafts(checked.groups, { o1: 4 });
    expect(drafts[0]!.options.map((option) => [option.stock, option.stockWas])).toEqual([
      ["4", "4"],
      ["", ""],
    ]);
    expect(drafts[1]!.options[0]).not.toHaveProperty("stock");
  });
});

describe("a size option's stock as typed", () => {
  const withStock = (stock: string, stockWas?: string): ChoiceGroupDraft => ({
    ...size(),
    options: [{ ...size().options[0]!, stock, stockWas }, size().options[1]!],
  });

  it("counts whole pieces when the field does not say the unit", () => {
    expect(parseChoiceGroupsField(JSON.stringify([withStock("1.5", "")]))).toEqual({
      ok: false,
      errors: { "0.0.stock": "Escribe un número entero desde 0, o déjalo vacío para vender sin límite." },
    });
    expect(parseChoiceGroupsField(JSON.stringify([withStock("2", "")]))).toMatchObject({
      optionStock: [{ id: "o1", stock: 2, edited: true }],
    });
  });

  it("reads an amount typed with spaces around it, or a decimal comma", () => {
    expect(checkChoiceGroups([withStock(" 3 ", "3")])).toMatchObject({
      ok: true,
      optionStock: [{ id: "o1", stock: 3, edited: false }],
    });
    expect(checkChoiceGroups([withStock("1,5", "")], "kg")).toMatchObject({
      ok: true,
      optionStock: [{ id: "o1", stock: 1.5, edited: true }],
    });
  });

  it("a blank earlier stock was no limit, so a 0 typed now is a change", () => {
    expect(checkChoiceGroups([withStock("0", " ")])).toMatchObject({
      optionStock: [{ id: "o1", stock: 0, edited: true }],
    });
  });
});

describe("a group's shape and its new ids", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a new id is always 8 characters, padded with zeros when the random draw is short", () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    expect(newChoiceId()).toBe("i0000000");
    expect(CHOICE_ID_PATTERN.test(newChoiceId())).toBe(true);
  });

  it("a group sent without a name needs one", () => {
    const { name: _name, ...unnamed } = extras();
    expect(checkChoiceGroups([unnamed])).toEqual({
      ok: false,
      errors: { "0.name": CHOICE_MESSAGES.groupName },
    });
  });

  it("over 20 options says only that, without checking the options past the 20th", () => {
    const twenty = Array.from({ length: 20 }, (_, o) => ({ id: `o${o}`, name: `O${o}`, price: "1" }));
    const blank = { id: "o20", name: "", price: "" };
    expect(checkChoiceGroups([{ ...extras(), options: [...twenty, blank] }])).toEqual({
      ok: false,
      errors: { "0.options": CHOICE_MESSAGES.tooManyOptions },
    });
  });
});
