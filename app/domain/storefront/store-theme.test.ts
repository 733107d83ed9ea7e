import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, storeThemeStyle } from "./store-theme";

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
});
