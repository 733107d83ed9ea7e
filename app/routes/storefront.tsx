import { data } from "react-router";
import { Island } from "~/components/island";
import { StorefrontApp } from "~/components/storefront/storefront-app";
import { UnknownStore } from "~/components/storefront/unknown-store";
import { imageSources } from "~/domain/images/image-urls";
import { loadStorefront } from "~/domain/storefront/catalogue.server";
import { isValidStoreId, RESERVED_STORE_IDS } from "~/domain/stores/store-id";
import type { HydrationHandle } from "~/lib/islands";
import type { Route } from "./+types/storefront";

/**
 * The public store page at `/<storeId>` and `/s/<storeId>` (spec §2). Public: no guard; the
 * loader only reads what a shopper may see. The page hydrates as an island
 * (docs/decisions/003-storefront-island.md); orders and lookups go to routes/storefront-api.ts.
 */
export const handle: HydrationHandle = {
  hydration: (loaderData) =>
    (loaderData as { kind?: string } | undefined)?.kind === "store" ? "island" : "none",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.services;
  const storeId = params.storeId;
  const storefront = isValidStoreId(storeId) ? await loadStorefront(db, storeId) : null;
  if (!storefront) {
    const claimable = isValidStoreId(storeId) && !RESERVED_STORE_IDS.has(storeId);
    return data({ kind: "unknown" as const, storeId, claimable, origin: env.publicOrigin }, { status: 404 });
  }
  return { kind: "store" as const, ...storefront, origin: env.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data: page }) => {
  if (!page) return [{ title: "Tianguis" }];
  if (page.kind === "unknown") {
    return [
      { title: "Esta dirección está disponible · Tianguis" },
      { name: "description", content: "Esta tienda todavía no existe. Crea la tuya gratis en Tianguis." },
      { name: "robots", content: "noindex" },
    ];
  }
  const { store, origin } = page;
  const title = `${store.displayName} · Tianguis`;
  const description =
    store.description || `Haz tu pedido en ${store.displayName}, directo y sin intermediarios.`;
  const url = `${origin}/${store.id}`;
  const image = store.logoKey ? `${origin}${imageSources(store.logoKey).full}` : null;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Tianguis" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:title", content: store.displayName },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: store.displayName },
        ]
      : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: store.displayName },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

export default function Storefront({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unknown") {
    return <UnknownStore storeId={loaderData.storeId} claimable={loaderData.claimable} />;
  }
  const props = { store: loaderData.store, products: loaderData.products };
  return (
    <Island name="storefront" props={props}>
      <StorefrontApp {...props} />
    </Island>
  );
}
