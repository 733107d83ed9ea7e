import { describe, expect, it } from "vitest";
import {
  addTag,
  CATEGORY_TAG_MESSAGES,
  CategoryTagsSchema,
  isTagSeparatorKey,
  normalizeTags,
  removeLastTag,
  removeTag,
} from "./category-tags";

describe("category tags", () => {
  it("adds with Enter, Space or comma, nothing else", () => {
    expect(["Enter", " ", ","].map(isTagSeparatorKey)).toEqual([true, true, true]);
    expect(["a", "Tab", "Backspace", ";"].map(isTagSeparatorKey)).toEqual([false, false, false, false]);
  });

  it("trims, refuses empty input and duplicates", () => {
    expect(addTag([], "  Pan dulce ")).toEqual(["Pan dulce"]);
    expect(addTag(["Pan dulce"], "Pan dulce")).toEqual(["Pan dulce"]);
    expect(addTag(["Pan dulce"], "   ")).toEqual(["Pan dulce"]);
    expect(addTag(["Pan dulce"], "Pasteles,")).toEqual(["Pan dulce", "Pasteles"]);
    expect(addTag(["Pan dulce"], ",")).toEqual(["Pan dulce"]);
  });

  it("removes one tag with ×, and the last one with Backspace on an empty input", () => {
    expect(removeTag(["A", "B", "C"], "B")).toEqual(["A", "C"]);
    expect(removeLastTag(["A", "B"])).toEqual(["A"]);
    expect(removeLastTag([])).toEqual([]);
  });

  it("the server normalises whatever was posted", () => {
    expect(normalizeTags([" A", "A ", "", "B", "  "])).toEqual(["A", "B"]);
    expect(CategoryTagsSchema.parse([" Galletas ", "Galletas", "", "Pasteles"])).toEqual([
      "Galletas",
      "Pasteles",
    ]);
  });

  it("refuses over-long tags and too many tags", () => {
    const long = CategoryTagsSchema.safeParse(["x".repeat(41)]);
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(CATEGORY_TAG_MESSAGES.tooLong);
    const many = CategoryTagsSchema.safeParse(Array.from({ length: 51 }, (_, i) => `c${i}`));
    expect(many.error?.issues[0]?.message).toBe(CATEGORY_TAG_MESSAGES.tooMany);
  });
});

describe("category tags at their limits", () => {
  it("takes 50 tags of up to 40 characters", () => {
    expect(CategoryTagsSchema.safeParse(Array.from({ length: 50 }, (_, i) => `c${i}`)).success).toBe(true);
    expect(CategoryTagsSchema.parse([` ${"x".repeat(40)} `])).toEqual(["x".repeat(40)]);
  });

  it("Backspace removes only the last tag", () => {
    expect(removeLastTag(["A", "B", "C"])).toEqual(["A", "B"]);
  });
});
