/**
 * The route label of a request path, for metrics: one of the patterns the server itself serves
 * (React Router's route table, Express's own paths, the client build's files), or one shared label
 * for anything else. A label is a time series in every scrape: if a visitor could choose it by
 * asking for a path, anyone could grow the metrics, and the process, without end.
 */

/** Every path no pattern of ours matches counts under this one label. */
export const UNMATCHED_ROUTE = "unmatched";

/** A route as React Router's server build lists it. */
export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

/** The full pattern of each route in the table ("/s/:storeId/pedido/:number"), ancestors' paths joined. */
export function routerPatterns(routes: Record<string, RouteEntry | undefined>): string[] {
  const fullPath = (route: RouteEntry, depth = 0): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = (route.path ?? "").replace(/^\/+|\/+$/g, "");
    const above = parent && depth < 32 ? fullPath(parent, depth + 1) : "";
    return [above, own].filter(Boolean).join("/");
  };
  const patterns = new Set<string>();
  for (const route of Object.values(routes)) {
    if (route) patterns.add(`/${fullPath(route)}`);
  }
  return [...patterns];
}

type Compiled = { label: string; segments: string[]; splat: boolean; score: number };

function compile(pattern: string): Compiled {
  const segments = pattern.split("/").filter(Boolean);
  const splat = segments.at(-1) === "*";
  if (splat) segments.pop();
  // Like the router's own ranking: a fixed segment outranks a parameter, a splat ranks last.
  const score = segments.reduce((sum, segment) => sum + (segment.startsWith(":") ? 3 : 10), splat ? 1 : 2);
  return { label: pattern, segments, splat, score };
}

function matches(route: Compiled, parts: string[]): boolean {
  if (route.splat ? parts.length < route.segments.length : parts.length !== route.segments.length)
    return false;
  return route.segments.every(
    (segment, index) => segment.startsWith(":") || segment.toLowerCase() === parts[index]!.toLowerCase(),
  );
}

/**
 * A function from a request path to its label: the best-ranked pattern that matches it, or
 * `UNMATCHED_ROUTE`. React Router's data requests (`/x.data`, `/_root.data`) count as their page.
 */
export function routeLabeler(patterns: readonly string[]): (path: string) => string {
  const compiled = patterns.map(compile).sort((a, b) => b.score - a.score);
  return (path) => {
    const pathname = path.split("?", 1)[0]!;
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const parts = page.split("/").filter(Boolean);
    return compiled.find((route) => matches(route, parts))?.label ?? UNMATCHED_ROUTE;
  };
}
