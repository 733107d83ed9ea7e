import type { UIMatch } from "react-router";

/**
 * How a page's JavaScript starts (docs/decisions/003-storefront-island.md):
 * - "router": React Router hydrates the whole document (every page by default);
 * - "island": only the elements marked `data-island` hydrate, with React alone — for public
 *   pages whose JavaScript budget cannot carry the router's runtime;
 * - "none": a static page, no JavaScript at all.
 * A route chooses with `handle.hydration(loaderData)`; development always uses the router.
 */
export type Hydration = "router" | "island" | "none";
export type HydrationHandle = { hydration?: (data: unknown) => Hydration };

export function pageHydration(matches: UIMatch[]): Hydration {
  for (const match of [...matches].reverse()) {
    const choose = (match.handle as HydrationHandle | undefined)?.hydration;
    if (choose) return choose(match.data);
  }
  return "router";
}

export const ISLAND_NAMES = ["storefront"] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

export const islandPropsId = (name: IslandName) => `island-props-${name}`;

/** JSON for an inline <script type="application/json">: nothing in it can close the tag. */
export function serializeIslandProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
