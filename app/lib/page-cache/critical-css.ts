/**
 * The part of the build's stylesheet a rendered page needs for its first paint: every rule of the
 * stylesheet except the utility rules (Tailwind's `@layer utilities`) of classes the page's HTML
 * does not use. A store's page kept by the page cache carries this inside its document, and its
 * script start links the whole stylesheet once a frame is painted (app/components/island.tsx), so
 * what the page draws later (a dialog, the cart) has its rules too (docs/decisions/003).
 *
 * A rule is dropped only when its selector names a class, and the first class it names in each of
 * its selectors is in no `class` attribute of the page: a utility's own class always comes first.
 * Anything it cannot read as a utility rule is kept.
 */

const UTILITIES = "@layer utilities{";

/**
 * The stylesheet with only the utility rules of the page's classes, and of `also` (what it may
 * draw later without a script); the stylesheet as is when it has no utilities layer.
 */
export function criticalStylesheet(css: string, html: string, also: Iterable<string> = []): string {
  const start = css.indexOf(UTILITIES);
  if (start === -1) return css;
  const open = start + UTILITIES.length;
  const close = blockEnd(css, open);
  if (close === -1) return css;
  const used = classesOf(html);
  for (const name of also) used.add(name);
  return `${css.slice(0, open)}${rulesUsed(css.slice(open, close), used)}${css.slice(close)}`;
}

/** Every class named in the page's `class` attributes, as written before HTML escaping. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(value!).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The rules of a block's body the page uses; a conditional group (`@media`…) kept when any of its own is. */
function rulesUsed(body: string, used: Set<string>): string {
  let kept = "";
  let at = 0;
  while (at < body.length) {
    const brace = nextOutside(body, at, "{;");
    if (brace === -1) return kept + body.slice(at);
    const prelude = body.slice(at, brace);
    if (body[brace] === ";") {
      kept += body.slice(at, brace + 1);
      at = brace + 1;
      continue;
    }
    const end = blockEnd(body, brace + 1);
    if (end === -1) return kept + body.slice(at);
    const inner = body.slice(brace + 1, end);
    const trimmed = prelude.trim();
    if (trimmed.startsWith("@")) {
      const group = /^@(media|supports|container|layer)\b/.test(trimmed);
      const content = group ? rulesUsed(inner, used) : inner;
      if (!group || content.trim() !== "") kept += `${prelude}{${content}}`;
    } else if (selectorUsed(trimmed, used)) {
      kept += `${prelude}{${inner}}`;
    }
    at = end + 1;
  }
  return kept;
}

/** Whether any selector of the list is for a class the page uses, or names no class at all. */
function selectorUsed(list: string, used: Set<string>) {
  return splitOutside(list, ",").some((selector) => {
    const name = firstClass(selector);
    return name === undefined || used.has(name);
  });
}

/** The class each selector of a list is for (its first), as a browser's `selectorText` gives the list. */
export function selectorClasses(list: string): string[] {
  return splitOutside(list, ",").flatMap((selector) => firstClass(selector) ?? []);
}

/** The first class a selector names, its CSS escapes undone. */
export function firstClass(selector: string): string | undefined {
  const dot = /\.(?=[\w\\-])/.exec(selector);
  if (!dot) return undefined;
  let name = "";
  let at = dot.index + 1;
  while (at < selector.length) {
    const char = selector[at]!;
    if (char === "\\") {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(at + 1));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        at += 1 + hex[0].length;
      } else {
        name += selector[at + 1] ?? "";
        at += 2;
      }
    } else if (/[\w-]/.test(char) || char.charCodeAt(0) > 0x7f) {
      name += char;
      at += 1;
    } else {
      break;
    }
  }
  return name;
}

/** Where the block opened just before `from` ends (its closing brace), or -1. */
function blockEnd(css: string, from: number) {
  let depth = 1;
  for (let at = from; at < css.length; at++) {
    const char = css[at];
    if (char === "\\") at += 1;
    else if (char === '"' || char === "'") at = stringEnd(css, at);
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth === 0) return at;
  }
  return -1;
}

/** The first of `stops` at or after `from`, outside strings, escapes, brackets and parentheses. */
function nextOutside(css: string, from: number, stops: string) {
  let nested = 0;
  for (let at = from; at < css.length; at++) {
    const char = css[at]!;
    if (char === "\\") at += 1;
    else if (char === '"' || char === "'") at = stringEnd(css, at);
    else if (char === "(" || char === "[") nested += 1;
    else if (char === ")" || char === "]") nested -= 1;
    else if (nested === 0 && stops.includes(char)) return at;
  }
  return -1;
}

function splitOutside(text: string, separator: string) {
  const parts: string[] = [];
  let from = 0;
  for (let at = nextOutside(text, 0, separator); at !== -1; at = nextOutside(text, from, separator)) {
    parts.push(text.slice(from, at));
    from = at + 1;
  }
  parts.push(text.slice(from));
  return parts;
}

/** Where the string opening at `from` closes. */
function stringEnd(css: string, from: number) {
  const quote = css[from];
  for (let at = from + 1; at < css.length; at++) {
    if (css[at] === "\\") at += 1;
    else if (css[at] === quote) return at;
  }
  return css.length;
}
