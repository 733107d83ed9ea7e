import { describe, expect, it } from "vitest";
import { filterCatalogue, searchText } from "./catalogue-filter";

const products = [
  { name: "Concha de vainilla", description: "Pan dulce esponjoso", category: "Pan dulce" },
  { name: "Pastel de tres leches", description: "Con crema y fresas", category: "Pasteles" },
  { name: "Galletas de nuez", description: "Polvorones de la región", category: "Galletas" },
];

describe("storefront catalogue filter", () => {
  it("matches name or description, ignoring case and accents", () => {
    expect(filterCatalogue(products, { query: "REGION", category: "" }).map((p) => p.name)).toEqual([
      "Galletas de nuez",
    ]);
    expect(filterCatalogue(products, { query: "crèma", category: "" }).map((p) => p.name)).toEqual([
      "Pastel de tres leches",
    ]);
    expect(filterCatalogue(products, { query: "  ", category: "" })).toHaveLength(3);
    expect(filterCatalogue(products, { query: "pizza", category: "" })).toEqual([]);
  });

  it("narrows to one category, and Todos shows them all", () => {
    expect(filterCatalogue(products, { query: "", category: "Pasteles" }).map((p) => p.name)).toEqual([
      "Pastel de tres leches",
    ]);
    expect(filterCatalogue(products, { query: "de", category: "" })).toHaveLength(3);
    expect(filterCatalogue(products, { query: "nuez", category: "Pasteles" })).toEqual([]);
  });
});

describe("the storefront's search text", () => {
  it("is lower case without accents, so typing in capitals finds the product", () => {
    expect(searchText("PANADERÍA Ñandú")).toBe("panaderia nandu");
    const products = [{ name: "Concha", description: "Pan de vainilla", category: "" }];
    expect(filterCatalogue(products, { query: "VAINILLA", category: "" })).toHaveLength(1);
    expect(filterCatalogue(products, { query: "  ", category: "" })).toHaveLength(1);
    expect(filterCatalogue(products, { query: "chocolate", category: "" })).toHaveLength(0);
  });
});
