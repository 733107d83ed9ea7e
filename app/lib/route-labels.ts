/**
 * The route label of a request path, for metrics: the path pattern of the entry point that answers
 * it (app/lib/entry-points.ts: the router's routes, Express's own paths, the client build's files),
 * or one shared label for anything else. A label is a time series in every scrape: if a visitor
 * could choose it by asking for a path, anyone could grow the metrics, and the process, without end.
 */
import { entryFor } from "./entry-points";

/** Every path no entry point matches counts under this one label. */
export const UNMATCHED_ROUTE = "unmatched";

/** The label of a request path (a query is ignored); React Router's data requests count as their page. */
export function routeLabel(path: string): string {
  return entryFor(path.split("?", 1)[0]!)?.path ?? UNMATCHED_ROUTE;
}
