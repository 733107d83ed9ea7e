import { imageSources } from "~/domain/images/image-urls";
import { ScrollRow } from "./scroll-row";

type StripStore = { id: string; displayName: string; logoKey: string | null; status?: string | null };

/** The city's stores as a scrolling strip: the logo thumbnail, or the name when there is none. */
export function CityStoreStrip({ cityName, stores }: { cityName: string; stores: StripStore[] }) {
  return (
    <section aria-labelledby="tiendas" className="py-2">
      <h2 id="tiendas" className="px-4 pb-2 text-xl font-bold">
        Tiendas
      </h2>
      <ScrollRow label={`Tiendas de ${cityName}`}>
        {stores.map((store) => (
          <li key={store.id} className="w-28 shrink-0">
            <a
              href={`/${store.id}`}
              className="flex h-full flex-col items-center gap-2 rounded-xl bg-white p-3 text-center shadow-sm ring-1 ring-stone-200 hover:ring-brand-600"
            >
              {store.logoKey ? (
                <img
                  src={imageSources(store.logoKey).src}
                  srcSet={imageSources(store.logoKey).srcSet}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-16 rounded-full bg-stone-100 object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
                >
                  {store.displayName.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span className="line-clamp-2 text-sm font-semibold text-ink [overflow-wrap:anywhere]">
                {store.displayName}
              </span>
              {store.status ? (
                <span className="text-xs leading-tight text-stone-700">{store.status}</span>
              ) : null}
            </a>
          </li>
        ))}
      </ScrollRow>
    </section>
  );
}
