import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, relativeLuminance, safeColour, storeThemeStyle } from "./store-theme";

describe("store theme", () => {
  it("puts white text on dark colours and black on light ones", () => {
    expect(readableOn("#b45309")).toBe("#ffffff");
    expect(readableOn("#22d3ee")).toBe("#000000");
    expect(readableOn("#fff")).toBe("#000000");
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
  });

  it("replaces anything that is not a hex colour with the default", () => {
    const style = storeThemeStyle({
      primaryColor: "red; background:url(x)",
      secondaryColor: "#22d3ee",
      backgroundColor: "#fffbeb",
      panelBackgroundColor: "",
      productBackgroundColor: "#FFF",
    });
    expect(style["--store-primary"]).toBe("#2563eb");
    expect(style["--store-panel"]).toBe("#ffffff");
    expect(style["--store-product"]).toBe("#FFF");
  });

  it("reads a three-digit colour as its six-digit twin", () => {
    expect(relativeLuminance("#fa0")).toBeCloseTo(relativeLuminance("#ffaa00"), 10);
    expect(relativeLuminance("#123")).toBeCloseTo(relativeLuminance("#112233"), 10);
    expect(readableOn("#036")).toBe(readableOn("#003366"));
  });

  it("measures luminance as WCAG does, including its linear segment for the darkest channels", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    // A channel of 10/255 (0.0392) sits just below 0.03928: divided by 12.92.
    expect(relativeLuminance("#0a0a0a")).toBeCloseTo(10 / 255 / 12.92, 10);
    expect(relativeLuminance("#808080")).toBeCloseTo(0.2158605, 6);
  });

  it("takes #rgb and #rrggbb only, whole", () => {
    for (const colour of ["#abc", "#AABBCC", "#a1b2c3"]) expect(safeColour(colour, "x")).toBe(colour);
    for (const colour of ["abc", "#ab", "#abcd", "#abcdeg", "#aabbcc; color:red", "x#aabbcc", "#gggggg"])
      expect(safeColour(colour, "x")).toBe("x");
  });

  it("gives every colour of the page, and a readable text colour on each", () => {
    expect(
      storeThemeStyle({
        primaryColor: "#000000",
        secondaryColor: "",
        backgroundColor: "",
        panelBackgroundColor: "#111111",
        productBackgroundColor: "",
      }),
    ).toEqual({
      "--store-primary": "#000000",
      "--store-on-primary": "#ffffff",
      "--store-secondary": "#22d3ee",
      "--store-on-secondary": "#000000",
      "--store-bg": "#f8fafc",
      "--store-on-bg": "#000000",
      "--store-panel": "#111111",
      "--store-on-panel": "#ffffff",
      "--store-product": "#ffffff",
      "--store-on-product": "#000000",
    });
  });
});
