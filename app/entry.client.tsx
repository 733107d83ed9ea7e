import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandPropsId, type IslandName } from "~/lib/islands";

/**
 * Two ways a page starts (app/lib/islands.ts). When React Router's <Scripts> ran, its context
 * is on `window` and the router hydrates the document, as in the default entry. Otherwise the
 * page asked for islands: each `data-island` element hydrates with its component and React
 * alone, and the router's runtime is never downloaded. Both are dynamic imports so that
 * neither kind of page pays for the other.
 */
// Each island's props arrive as JSON written by <Island> from the same component's props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const islands: Record<IslandName, () => Promise<React.ComponentType<any>>> = {
  storefront: () => import("~/components/storefront/storefront-app").then((module) => module.StorefrontApp),
};

if ("__reactRouterContext" in window) {
  const { HydratedRouter } = await import("react-router/dom");
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
} else {
  await wholeStylesheets();
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island as IslandName;
    const load = islands[name];
    const propsElement = document.getElementById(islandPropsId(name));
    if (!load || !propsElement) continue;
    const props = JSON.parse(propsElement.textContent ?? "{}") as object;
    const Component = await load();
    startTransition(() => {
      hydrateRoot(element, <Component {...props} />);
    });
  }
}

/**
 * The whole stylesheet, linked by the script start beside the rules a kept page carries
 * (app/components/island.tsx), loaded or failed: an island hydrates once what it may draw after a
 * tap (a dialog, the cart) has its rules.
 */
function wholeStylesheets() {
  const links = document.querySelectorAll<HTMLLinkElement>("style[data-stylesheet] + link");
  return Promise.all(
    Array.from(links, (link) =>
      link.dataset.settled !== undefined
        ? undefined
        : new Promise((settled) => {
            link.addEventListener("load", settled, { once: true });
            link.addEventListener("error", settled, { once: true });
          }),
    ),
  );
}
