/**
 * Layout guards for browser tests (docs/decisions/020): a page must fit its viewport and its text its
 * boxes. They read element geometry (scroll sizes, bounding boxes of elements and of text), not
 * pixels, so a change of font rendering or of a picture does not make them fail.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "./server-process";

/**
 * What is wrong with the layout of the page as it is now, in words; empty when nothing is:
 * - the document is wider than the viewport (the page scrolls sideways);
 * - an element's own text is wider than the element (cut, or ending in "…"), outside a
 *   scroll container: a row that is meant to scroll sideways may;
 * - text pokes out of the element that holds it, or past the viewport's edge (outside scroll
 *   containers);
 * - the text of two elements overlaps.
 * Visually hidden text (the `sr-only` pattern), decorative `aria-hidden` parts, form controls'
 * own text, SVG and text clamped to a number of lines on purpose (`line-clamp`, whose "…" may
 * overhang its box) are left out.
 *
 * Plain JavaScript in a string: it runs in the page as written, whatever the test transpiler
 * would add to a function.
 */
const LAYOUT_PROBLEMS = `(() => {
  const problems = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    problems.push("the page is " + root.scrollWidth + " px wide in a " + root.clientWidth + " px viewport");
  }
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "OPTION", "SELECT", "TEXTAREA", "INPUT", "HEAD", "TITLE"]);
  const describe = (element) => {
    const text = (element.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    const id = element.id ? "#" + element.id : "";
    return "<" + element.tagName.toLowerCase() + id + "> \\"" + text + "\\"";
  };
  const hiddenCache = new Map();
  const isLeftOut = (element) => {
    if (hiddenCache.has(element)) return hiddenCache.get(element);
    let result = false;
    if (SKIP.has(element.tagName) || element.closest("svg") || element.getAttribute("aria-hidden") === "true") {
      result = true;
    } else {
      const style = getComputedStyle(element);
      const clipped = style.clip !== "auto" || (style.clipPath !== "none" && element.clientWidth <= 1);
      result = clipped || style.display === "none" || (element.parentElement ? isLeftOut(element.parentElement) : false);
    }
    hiddenCache.set(element, result);
    return result;
  };
  const scrollsSideways = (element) => {
    const overflow = getComputedStyle(element).overflowX;
    return overflow === "auto" || overflow === "scroll";
  };
  const insideScroller = (element) => {
    for (let node = element.parentElement; node; node = node.parentElement) if (scrollsSideways(node)) return true;
    return false;
  };
  const blockOf = (element) => {
    let node = element;
    while (node && getComputedStyle(node).display === "inline") node = node.parentElement;
    return node || element;
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent || !node.textContent.trim()) continue;
    const element = node.parentElement;
    if (!element || isLeftOut(element)) continue;
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
    if (rects.length === 0) continue;
    texts.push({ element, rects });
  }
  const checked = new Set();
  for (const { element, rects } of texts) {
    const block = blockOf(element);
    const box = block.getBoundingClientRect();
    const style = getComputedStyle(block);
    const clamped = style.webkitLineClamp !== "none" && style.webkitLineClamp !== "";
    // A clamped block ends its last line with "…" on purpose; Chromium may hang that mark a few
    // pixels past the box when the line is full, which is not text cut by the layout.
    if (!checked.has(block) && !scrollsSideways(block) && !clamped) {
      checked.add(block);
      if (block.scrollWidth > block.clientWidth + 1 && style.display !== "inline") {
        problems.push(describe(block) + " is cut: its text needs " + block.scrollWidth + " px and has " + block.clientWidth + " px");
      }
    }
    const scrolled = insideScroller(element);
    for (const rect of rects) {
      if (rect.left < box.left - 1.5 || rect.right > box.right + 1.5) {
        problems.push(describe(element) + " pokes out of its box sideways");
        break;
      }
      if (!clamped && (rect.top < box.top - 1.5 || rect.bottom > box.bottom + 1.5) && style.overflowY !== "visible") {
        problems.push(describe(element) + " is cut at the top or bottom");
        break;
      }
      if (!scrolled && (rect.left < -1 || rect.right > width + 1)) {
        problems.push(describe(element) + " runs past the edge of the screen");
        break;
      }
    }
  }
  // Overlaps between the text of different elements (not one inside the other). A fixed or
  // sticky bar covers what scrolls under it by design, so it is left out of this one.
  const pinned = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return true;
    }
    return false;
  };
  const visible = texts.filter(({ element }) => !pinned(element) && (!insideScroller(element) || element.closest("nav")));
  for (let i = 0; i < visible.length; i++) {
    for (let j = i + 1; j < visible.length; j++) {
      const a = visible[i];
      const b = visible[j];
      if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const overlap = a.rects.some((r) =>
        b.rects.some((s) => Math.min(r.right, s.right) - Math.max(r.left, s.left) > 2 && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 2),
      );
      if (overlap) problems.push(describe(a.element) + " overlaps " + describe(b.element));
    }
  }
  return [...new Set(problems)];
})()`;

export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(LAYOUT_PROBLEMS) as Promise<string[]>;
}

/** Fails with the list of problems, naming the page and the viewport. */
export async function expectFits(page: Page, label: string) {
  const size = page.viewportSize();
  expect(await layoutProblems(page), `${label} at ${size?.width}×${size?.height}`).toEqual([]);
}

/** A full-page screenshot under test-results/ (git-ignored), for a person to look at. */
export async function saveScreenshot(page: Page, name: string) {
  const dir = path.join(ROOT, "test-results", "layout");
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** How many lines a piece of text takes (distinct line boxes of its text). */
export function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5);
    return new Set(rects.map((rect) => Math.round(rect.top))).size;
  });
}
