/**
 * The parts of docs/ARCHITECTURE.md that are made from the code: the entry points table (from
 * app/lib/entry-points.ts) and the Express layers in their order (from server/http.ts's `LAYERS`).
 * `npm run docs` writes them between their markers; a unit test fails while the page is behind.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ALL_ENTRY_POINTS, entryPoint, type Access, type EntryPoint } from "../app/lib/entry-points";
import { LAYERS } from "../server/http";

export const ARCHITECTURE = fileURLToPath(new URL("../docs/ARCHITECTURE.md", import.meta.url));

const WHO: Record<Access["who"], (access: Access) => string> = {
  public: () => "anyone",
  "signed-out": () => "signed out",
  link: () => "the link's holder",
  "signed-in": () => "any account",
  member: (access) =>
    access.who === "member"
      ? `member: \`${access.capability}\`${access.withoutStore ? " (no store: a page)" : ""}`
      : "",
  "super-admin": () => "super-admin",
  "metrics-allow": () => "`METRICS_ALLOW`",
};

function size(bytes: number): string {
  const kb = bytes / 1024;
  return kb < 1024 ? `${kb} KB` : `${Math.round((kb / 1024) * 100) / 100} MB`;
}

function answeredBy(entry: EntryPoint): string {
  if ("router" in entry.by) return `\`${entry.by.router}\``;
  if ("express" in entry.by) return "Express";
  return "React Router";
}

/** One row per entry point, in the manifest's order. */
export function entryPointsTable(): string {
  const rows = ALL_ENTRY_POINTS.map((entry) => [
    `\`${entry.name}\``,
    `\`${entry.path}\``,
    entry.methods.join(", "),
    WHO[entry.access.who](entry.access),
    entry.answers,
    entry.private ? "private" : "",
    entry.pageCache ?? "",
    entry.body ? `${entry.body.streamed ? "streamed, " : ""}${size(entry.body.limit)}` : "",
    answeredBy(entry),
  ]);
  const header = [
    "entry",
    "path",
    "methods",
    "who may call",
    "answers",
    "",
    "page cache",
    "body",
    "answered by",
  ];
  return markdownTable(header, rows);
}

/** The Express layers, top to bottom, each with the entry point it answers, if it has one. */
export function layersList(): string {
  return LAYERS.map((layer, index) => {
    const entry = layer.entry ? ` — \`${entryPoint(layer.entry).path}\`` : "";
    return `${index + 1}. ${layer.what}${entry}`;
  }).join("\n");
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

const SECTIONS = { "entry-points": entryPointsTable, layers: layersList } as const;

/** The page with each generated section made anew between its markers. */
export function architectureWithSections(page: string): string {
  let written = page;
  for (const [name, make] of Object.entries(SECTIONS)) {
    const start = `<!-- ${name}: made by npm run docs -->`;
    const end = `<!-- /${name} -->`;
    const from = written.indexOf(start);
    const to = written.indexOf(end);
    if (from === -1 || to < from) throw new Error(`docs/ARCHITECTURE.md has no ${start} … ${end}`);
    written = `${written.slice(0, from + start.length)}\n\n${make()}\n\n${written.slice(to)}`;
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ARCHITECTURE, architectureWithSections(readFileSync(ARCHITECTURE, "utf8")));
}
