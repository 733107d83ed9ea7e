/**
 * No module of app/ or server/ imports itself at run time through others: a cycle makes the order
 * modules load in decide what a reader sees undefined (the server's entry and its cluster; the image
 * storage's factory and its drivers were two). Imports of types only vanish from the build and do
 * not count. TypeScript's own parser reads the imports.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SOURCES = ["app", "server"];

function sourceFiles(): string[] {
  return SOURCES.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((file) => file.isFile() && /\.tsx?$/.test(file.name) && !/\.(test|d)\.tsx?$/.test(file.name))
      .map((file) => path.join(file.parentPath, file.name))
      .filter((file) => !file.includes("+types")),
  );
}

function resolve(specifier: string, from: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  return (
    [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (file) => existsSync(file) && file.match(/\.tsx?$/),
    ) ?? null
  );
}

/** The modules a file loads when it runs: its imports and re-exports that are not types only. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolve(specifier.text, file);
      if (target) found.push(target);
    }
  }
  return found;
}

/** The import cycles of the graph, each as the files along it (Tarjan's strongly connected parts). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)?.includes(file)) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the modules of app/ and server/", () => {
  it("import one another without a cycle at run time", () => {
    const graph = new Map(sourceFiles().map((file) => [file, runtimeImports(file)]));
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get(path.join("server", "cluster.ts"))).toContain(path.join("server", "app.ts"));
    expect(cycles(graph)).toEqual([]);
  });
});
