import { describe, expect, it } from "vitest";
import {
  NO_SEARCH_RESULTS_MESSAGE,
  normalizeSearchTerm,
  parseSearchPage,
  SEARCH_TERM_MAX_LENGTH,
} from "./search";

describe("normalizeSearchTerm", () => {
  it("trims and treats missing or blank terms as no search", () => {
    expect(normalizeSearchTerm("  cafe ")).toBe("cafe");
    expect(normalizeSearchTerm("   ")).toBe("");
    expect(normalizeSearchTerm(null)).toBe("");
  });
  it("caps very long terms", () => {
    expect(normalizeSearchTerm("x".repeat(500))).toHaveLength(SEARCH_TERM_MAX_LENGTH);
  });
});

describe("parseSearchPage", () => {
  it("reads valid pages and falls back to 1 for junk", () => {
    expect(parseSearchPage("3")).toBe(3);
    expect(parseSearchPage("0")).toBe(1);
    expect(parseSearchPage("-2")).toBe(1);
    expect(parseSearchPage("abc")).toBe(1);
    expect(parseSearchPage(undefined)).toBe(1);
    expect(parseSearchPage("999999")).toBe(1000);
  });
});

describe("search messages and pages", () => {
  it("says so when nothing matches", () => {
    expect(NO_SEARCH_RESULTS_MESSAGE).toBe("No se encontraron productos que coincidan.");
  });

  it("page 1 is the first; a missing page is page 1", () => {
    expect(parseSearchPage("1")).toBe(1);
    expect(parseSearchPage(undefined)).toBe(1);
    expect(parseSearchPage("2")).toBe(2);
  });
});
