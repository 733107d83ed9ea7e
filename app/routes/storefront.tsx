import { data, redirect } from "react-router";
import { customOrigin } from "~/domain/domains/custom-domain";
import { activeDomainOf } from "~/domain/domains/custom-domains.server";
import { Island } from "~/components/island";
import { StorefrontApp } from "~/components/storefront/storefront-app";
import { UnknownStore } from "~/components/storefront/unknown-store";
import { imageSources } from "~/domain/images/image-urls";
import { formatMoney } from "~/domain/money/money";
import { productCard, storeCard } from "~/domain/share/og.server";
import { ogImageTags } from "~/domain/share/og-tags";
import { productHomeUrl, storeHomeUrl, type StoreHome } from "~/domain/stores/store-links";
import { loadStoreSeo } from "~/domain/share/store-seo.server";
import { productJsonLd, storeJsonLd } from "~/domain/share/structured-data";
import { loadStorefront } from "~/domain/storefront/catalogue.server";
import { storeIdState } from "~/domain/stores/store.server";
import { isValidStoreId, RESERVED_STORE_IDS } from "~/domain/stores/store-id";
import type { ReadDatabase } from "~/db/read-database.server";
import type { HydrationHandle } from "~/lib/islands";
import { publicReads } from "~/lib/public-reads.server";
import type { Route } from "./+types/storefront";

/**
 * The public store page at `/<storeId>` and `/s/<storeId>`. Public: no guard; the
 * loader only reads what a shopper may see. The page hydrates as an island
 * (docs/decisions/003-storefront-island.md); orders and lookups go to server/storefront-api.ts.
 */
export const handle: HydrationHandle = {
  hydration: (loaderData) =>
    (loaderData as { kind?: string } | undefined)?.kind === "store" ? "island" : "none",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.services;
  const { storeId, productId } = params;
  // On the store's own domain the page is `/` there; on the platform, `/<storeId>`.
  const ownDomain = context.site.kind === "store" && context.site.storeId === storeId;
  // The store's reads on the read replica when it holds what the page shows (docs/decisions/047).
  const { storefront, seo, domain, state } = isValidStoreId(storeId)
    ? await publicReads(context, [`store:${storeId}`], (reads) => loadStorePage(reads, storeId, ownDomain))
    : { storefront: null, seo: null, domain: null, state: "taken" as const };
  if (!storefront || !seo) {
    return data({ kind: "unknown" as const, storeId, state, origin: env.publicOrigin }, { status: 404 });
  }
  if (domain) {
    // The store lives on its own domain now: the platform address moves there for good.
    const home: StoreHome = { origin: customOrigin(domain, env.publicOrigin), ownDomain: true };
    const target =
      productId === undefined ? storeHomeUrl(home, storeId) : productHomeUrl(home, storeId, productId);
    throw redirect(`${target}${new URL(request.url).search}`, 301);
  }
  const home: StoreHome = ownDomain
    ? { origin: context.site.kind === "store" ? context.site.origin : env.publicOrigin, ownDomain: true }
    : { origin: env.publicOrigin, ownDomain: false };
  const origin = home.origin;
  const { store } = storefront;
  const look = {
    id: store.id,
    displayName: store.displayName,
    primaryColor: store.colours.primaryColor,
    logoKey: store.logoKey,
  };
  const page = {
    kind: "store" as const,
    ...storefront,
    url: storeHomeUrl(home, store.id),
    card: storeCard(origin, look),
    /** Links to Tianguis itself (the directory, the home page) leave the store's own domain. */
    platformOrigin: ownDomain ? env.publicOrigin : "",
    seo,
    shared: null as null | { productId: string; found: boolean },
    jsonLd: [
      storeJsonLd({
        url: storeHomeUrl(home, store.id),
        name: store.displayName,
        description: store.description,
        image: storeCard(origin, look).url,
        phone: store.whatsappPhone,
        streetAddress: store.pickupAddress,
        city: seo.city,
        hours: seo.hours,
      }),
    ] as object[],
  };
  if (productId === undefined) return page;
  // A product's own page: the store, opened with that product first, previewed as itself.
  const product = storefront.products.find((candidate) => candidate.id === productId);
  if (!product) return data({ ...page, shared: { productId, found: false } }, { status: 404 });
  const url = productHomeUrl(home, store.id, product.id);
  return {
    ...page,
    url,
    card: productCard(origin, look, product),
    shared: { productId, found: true },
    jsonLd: [
      productJsonLd({
        url,
        id: product.id,
        name: product.name,
        description: product.description,
        price: product.price,
        image: `${origin}${product.imageKey ? imageSources(product.imageKey).full : new URL(page.card.url).pathname}`,
        available: !product.stock?.soldOut,
        storeName: store.displayName,
        storeUrl: page.url,
      }),
    ],
  };
}

/** What the store page reads, for a valid store id; `state` says what an id without an open store is. */
async function loadStorePage(db: ReadDatabase, storeId: string, ownDomain: boolean) {
  const [storefront, seo, domain] = await Promise.all([
    loadStorefront(db, storeId),
    loadStoreSeo(db, storeId),
    ownDomain ? null : activeDomainOf(db, storeId),
  ]);
  // The address is offered only when a sign-up would take it; a closed store's id stays its own.
  const state =
    storefront && seo
      ? ("taken" as const)
      : RESERVED_STORE_IDS.has(storeId)
        ? "taken"
        : await storeIdState(db, storeId);
  return { storefront, seo, domain, state };
}

/** The title and description of a store page with no open store behind it. */
const UNKNOWN_STORE_META = {
  closed: ["Esta tienda cerró · Tianguis", "Esta tienda cerró y ya no recibe pedidos en Tianguis."],
  free: [
    "Esta dirección está disponible · Tianguis",
    "Esta tienda todavía no existe. Crea la tuya gratis en Tianguis.",
  ],
  taken: ["Tienda no disponible · Tianguis", "La dirección que buscas no existe o ya no está disponible."],
} as const;

export const meta: Route.MetaFunction = ({ data: page }) => {
  if (!page) return [{ title: "Tianguis" }];
  if (page.kind === "unknown") {
    const [title, description] = UNKNOWN_STORE_META[page.state];
    return [{ title }, { name: "description", content: description }, { name: "robots", content: "noindex" }];
  }
  const { store, url, card, shared } = page;
  const product = shared?.found ? page.products.find((candidate) => candidate.id === shared.productId) : null;
  const name = product ? product.name : store.displayName;
  const title = product ? `${product.name} · ${store.displayName}` : `${store.displayName} · Tianguis`;
  const description = product
    ? `${formatMoney(product.price)} / ${product.unit} en ${store.displayName}.${product.description ? ` ${product.description}` : ""} Haz tu pedido en línea.`
    : store.description || `Haz tu pedido en ${store.displayName}, directo y sin intermediarios.`;
  const indexable = page.seo.indexable && (shared === null || shared.found);
  return [
    { title },
    { name: "description", content: description },
    ...(indexable
      ? [{ tagName: "link", rel: "canonical", href: url }]
      : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: product ? "product" : "website" },
    { property: "og:site_name", content: "Tianguis" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:title", content: name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(product
      ? [
          { property: "product:price:amount", content: product.price.toFixed(2) },
          { property: "product:price:currency", content: "MXN" },
        ]
      : []),
    ...ogImageTags(card),
    { name: "twitter:title", content: name },
    { name: "twitter:description", content: description },
    ...(indexable ? page.jsonLd.map((item) => ({ "script:ld+json": item })) : []),
  ];
};

export default function Storefront({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unknown") {
    return <UnknownStore storeId={loaderData.storeId} state={loaderData.state} />;
  }
  const props = {
    store: loaderData.store,
    products: loaderData.products,
    shared: loaderData.shared,
    platformOrigin: loaderData.platformOrigin,
  };
  return (
    <Island name="storefront" props={props}>
      <StorefrontApp {...props} />
    </Island>
  );
}
