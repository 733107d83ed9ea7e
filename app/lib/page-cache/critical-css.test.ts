import { describe, expect, it } from "vitest";
import { classesOf, criticalStylesheet, firstClass } from "./critical-css";

const CSS =
  "@layer theme{:root{--color-red-500:red}}" +
  "@layer base{*{margin:0}}" +
  "@layer utilities{" +
  ".flex{display:flex}" +
  ".hidden{display:none}" +
  ".w-1\\/2{width:50%}" +
  ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}" +
  ".hover\\:bg-red-500{&:hover{@media (hover:hover){background:var(--color-red-500)}}}" +
  "@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,1fr)}.sm\\:hidden{display:none}}" +
  ".space-y-2{:where(&>:not(:last-child)){margin-top:.5rem}}" +
  ".group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}" +
  '.before\\:content-\\[\\"\\}\\"\\]:before{content:"}"}' +
  ".\\32 xl\\:flex{display:flex}" +
  "}" +
  "html{color:black}";

const page = (classes: string) => `<div class="${classes}"><p class="x">hola</p></div>`;

describe("criticalStylesheet", () => {
  it("keeps the utility rules of the page's classes, in their order, and every rule outside the utilities", () => {
    const css = criticalStylesheet(CSS, page("flex w-1/2 sm:grid-cols-2"));
    expect(css).toBe(
      "@layer theme{:root{--color-red-500:red}}" +
        "@layer base{*{margin:0}}" +
        "@layer utilities{" +
        ".flex{display:flex}" +
        ".w-1\\/2{width:50%}" +
        "@media (width>=40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,1fr)}}" +
        "}" +
        "html{color:black}",
    );
  });

  it("drops a conditional group none of whose rules the page uses", () => {
    expect(criticalStylesheet(CSS, page("flex"))).not.toContain("@media (width>=40rem)");
  });

  it("reads classes escaped in HTML and in CSS: brackets, ampersands, slashes, quotes, a leading digit", () => {
    const html = page(
      "[&amp;&gt;svg]:size-4 hover:bg-red-500 space-y-2 group-hover:underline before:content-[&quot;}&quot;] 2xl:flex",
    );
    const css = criticalStylesheet(CSS, html);
    expect(css).toContain(".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}");
    expect(css).toContain(
      ".hover\\:bg-red-500{&:hover{@media (hover:hover){background:var(--color-red-500)}}}",
    );
    expect(css).toContain(".space-y-2{:where(&>:not(:last-child)){margin-top:.5rem}}");
    expect(css).toContain(".group-hover\\:underline:is(:where(.group):hover *)");
    expect(css).toContain('content:"}"');
    expect(css).toContain(".\\32 xl\\:flex{display:flex}");
    expect(css).not.toContain(".flex{");
    expect(css).not.toContain(".hidden{");
    // What follows the layer is read whole: a brace inside a string did not end it early.
    expect(css.endsWith("}html{color:black}")).toBe(true);
  });

  it("leaves a stylesheet without a utilities layer as it is", () => {
    expect(criticalStylesheet("body{margin:0}", page("flex"))).toBe("body{margin:0}");
  });
});

describe("classesOf and firstClass", () => {
  it("collects every class of every element, entities decoded", () => {
    expect([...classesOf(`<a class="a  b&#x27;c"></a><b class=""></b><i class="d"></i>`)]).toEqual([
      "a",
      "b'c",
      "d",
    ]);
  });

  it("names the first class of a selector, or none", () => {
    expect(firstClass(".sm\\:flex")).toBe("sm:flex");
    expect(firstClass(":where(.space-y-2>:not(:last-child))")).toBe("space-y-2");
    expect(firstClass("*,:before")).toBeUndefined();
  });
});
