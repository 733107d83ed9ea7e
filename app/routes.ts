import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { routeTable } from "./lib/entry-points";

/**
 * The router's routes: every entry point of app/lib/entry-points.ts that a route module answers,
 * with the entry's name as the route's id. A route is added there, never here.
 */
export default routeTable().map(({ id, path, file }) =>
  path === null ? index(file, { id }) : route(path, file, { id }),
) satisfies RouteConfig;
