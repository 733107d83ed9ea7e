import { data, Link } from "react-router";
import { TianguisLogo } from "~/components/brand";
import { cityCard } from "~/domain/share/og.server";
import { ogImageTags } from "~/domain/share/og-tags";
import { ProductCard } from "~/components/directory/product-card";
import { ProductSearch } from "~/components/directory/product-search";
import type { DirectoryProduct } from "~/domain/directory/directory-product";
import { ScrollRow, ScrollRowsScript } from "~/components/directory/scroll-row";
import { CityStoreStrip } from "~/components/directory/store-strip";
import { CAROUSEL_CATEGORIES, findCity } from "~/domain/directory/city.server";
import { normalizeSearchTerm, parseSearchPage } from "~/domain/directory/search";
import { recordSearch, searchProducts } from "~/domain/directory/search.server";
import { cityPageScopes, SEARCH_RESULTS_HEADER } from "~/lib/page-cache/cacheable-page";
import { publicReads } from "~/lib/public-reads.server";
import type { HydrationHandle } from "~/lib/islands";
import type { Route } from "./+types/city";

/**
 * Plain HTML, no script files: links, a GET search form and rows that scroll natively; a few lines of
 * inline script add the rows' ‹ › buttons.
 */
export const handle: HydrationHandle = { hydration: () => "none" };

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "No encontramos esta página · Tianguis" }];
  const title = `Tiendas locales en ${data.city.name} · Tianguis`;
  const description = `Compra directo a los negocios de ${data.city.name}: panaderías, comida, regalos y más, sin intermediarios.`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_MX" },
    { property: "og:url", content: data.url },
    { tagName: "link", rel: "canonical", href: data.url },
    ...ogImageTags(data.card),
  ];
};

/** A public page: no guard. Everything it lists is filtered to visible stores of this city. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env, cityFrames } = context.services;
  const url = new URL(request.url);
  const term = normalizeSearchTerm(url.searchParams.get("q"));
  const page = parseSearchPage(url.searchParams.get("page"));
  // The city's reads on the read replica when it holds what the page shows (docs/decisions/047).
  const read = await publicReads(context, cityPageScopes(params.city), async (reads) => {
    const city = await findCity(reads, params.city);
    if (!city) return null;
    const search = term === "" ? null : { cityId: city.id, term, page };
    const [frame, found] = await Promise.all([
      cityFrames.get(reads, city.id, context.pageVersions),
      search ? searchProducts(reads, search) : null,
    ]);
    return { city, frame, search: search && found ? { search, found } : null };
  });
  if (!read) throw data(null, { status: 404 });
  const { city } = read;
  const { storeCount, stores, featured, carousels, categories } = read.frame;
  // The search's analytics events are a write: on the primary, after the reads.
  if (read.search)
    await recordSearch(db, read.search.search, read.search.found.products.length, context.clientIp);
  const search = read.search?.found ?? null;
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const view = {
    city: { id: city.id, name: city.name },
    url: `${env.publicOrigin}/c/${city.id}`,
    card: cityCard(env.publicOrigin, city, storeCount),
    storeCount,
    stores,
    featured,
    carousels: CAROUSEL_CATEGORIES.map((id) => ({
      id,
      name: names.get(id) ?? id,
      products: carousels.get(id) ?? [],
    })),
    search: search ? { term, page, ...search } : null,
    contactEmail: env.CONTACT_EMAIL,
  };
  // The page cache records a search it answers with the number of results this render found.
  return data(view, {
    headers: search ? { [SEARCH_RESULTS_HEADER]: String(search.products.length) } : {},
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function City({ loaderData }: Route.ComponentProps) {
  const { city, storeCount, stores, featured, carousels, search, contactEmail } = loaderData;
  // The first row of products is in a phone's first screenful: the featured one, else the first category's.
  const firstRow =
    featured.length > 0 ? undefined : carousels.find((carousel) => carousel.products.length > 0);
  return (
    <>
      <header className="border-b border-stone-200 bg-white">
        <nav aria-label="Principal" className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
          <Link
            to="/"
            className="mr-auto flex items-center gap-2 font-black text-ink"
            aria-label="Tianguis, inicio"
          >
            <TianguisLogo className="h-8 w-8" />
            <span className="text-lg">Tianguis</span>
          </Link>
          <a
            href="/i/admin"
            className="rounded-lg px-2.5 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            Mi tienda
          </a>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl pb-12">
        <div className="px-4 pt-6 pb-4">
          <h1 className="text-3xl font-black tracking-tight">Tiendas de {city.name}</h1>
          <p className="mt-1 text-stone-700">
            {storeCount === 1 ? "1 tienda local" : `${storeCount.toLocaleString("es-MX")} tiendas locales`} en{" "}
            {city.name}
          </p>
        </div>
        {storeCount === 0 ? (
          <NoStores cityName={city.name} contactEmail={contactEmail} />
        ) : (
          <>
            <CityStoreStrip cityName={city.name} stores={stores} />
            <ProductSearch cityId={city.id} cityName={city.name} search={search} />
            {featured.length > 0 ? (
              <Carousel id="destacados" title="Productos destacados" products={featured} firstScreen />
            ) : null}
            {carousels.map((carousel) =>
              carousel.products.length > 0 ? (
                <Carousel
                  key={carousel.id}
                  id={`categoria-${carousel.id}`}
                  title={carousel.name}
                  products={carousel.products}
                  firstScreen={carousel === firstRow}
                />
              ) : null,
            )}
          </>
        )}
        <OwnerCalls cityName={city.name} />
      </main>
      {storeCount === 0 ? null : <ScrollRowsScript />}
    </>
  );
}

function NoStores({ cityName, contactEmail }: { cityName: string; contactEmail: string }) {
  return (
    <section
      aria-labelledby="sin-tiendas"
      className="mx-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="sin-tiendas" className="text-xl font-bold">
        Todavía no hay tiendas en {cityName}
      </h2>
      <p className="mt-2 text-stone-700">
        ¿Quieres que tu negocio sea el primero? Escríbenos a{" "}
        <a href={`mailto:${contactEmail}`} className="font-semibold text-brand-800 underline">
          {contactEmail}
        </a>{" "}
        o crea tu tienda gratis.
      </p>
    </section>
  );
}

/**
 * A row of products. The page's first row (`firstScreen`) shows its first two cards in a phone's first
 * screenful: their photos are asked for at once.
 */
function Carousel({
  id,
  title,
  products,
  firstScreen = false,
}: {
  id: string;
  title: string;
  products: DirectoryProduct[];
  firstScreen?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="py-4">
      <h2 id={id} className="px-4 pb-2 text-xl font-bold">
        {title}
      </h2>
      <ScrollRow label={title}>
        {/* 156 px: two cards, their gap and the row's padding fit a 360 px phone (2 × 160 overflowed it by 4 px). */}
        {products.map((product, index) => (
          <li key={`${product.storeId}/${product.id}`} className="w-39 shrink-0 sm:w-44">
            <ProductCard
              product={product}
              firstScreen={!firstScreen || index > 1 ? undefined : index === 0 ? "first" : "next"}
            />
          </li>
        ))}
      </ScrollRow>
    </section>
  );
}

function OwnerCalls({ cityName }: { cityName: string }) {
  return (
    <section
      aria-labelledby="vende"
      className="mx-4 mt-8 rounded-2xl bg-stone-900 p-6 text-center text-white"
    >
      <h2 id="vende" className="text-xl font-bold">
        ¿Tienes un negocio en {cityName}?
      </h2>
      <p className="mt-2 text-stone-200">Abre tu tienda en línea gratis y recibe pedidos por WhatsApp.</p>
      <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
        <a
          href="/i/signup"
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Crea tu tienda
        </a>
        <a
          href="/i/admin"
          className="rounded-lg px-5 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
        >
          Administra tu tienda
        </a>
      </div>
    </section>
  );
}
