import { mediaUrl, thumbnailKey } from "~/domain/images/image-urls";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";

export function StoreHeader({ store }: { store: StorefrontStore }) {
  return (
    <header className="bg-[var(--store-primary)] px-4 pt-6 pb-5 text-[var(--store-on-primary)]">
      <div className="mx-auto flex max-w-5xl items-start gap-4">
        {store.logoKey ? (
          <img
            // 64 CSS pixels: the 200 px thumbnail is sharp up to a 3× screen.
            src={mediaUrl(thumbnailKey(store.logoKey, 200))}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-full bg-white object-cover"
          />
        ) : null}
        <div className="min-w-0">
          <h1 className="text-2xl leading-tight font-bold break-words">{store.displayName}</h1>
          {store.ordering.status ? (
            <p className="mt-1 text-sm font-semibold" data-testid="open-status">
              <span
                aria-hidden="true"
                className={`mr-1.5 inline-block size-2.5 rounded-full ${store.ordering.status.open ? "bg-green-400" : "bg-stone-300"}`}
              />
              {store.ordering.status.text}
            </p>
          ) : null}
          {store.description ? <p className="mt-1 text-base">{store.description}</p> : null}
          {store.contactEmail || store.socialLinks.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {store.contactEmail ? (
                <li>
                  <a className="underline" href={`mailto:${store.contactEmail}`}>
                    {store.contactEmail}
                  </a>
                </li>
              ) : null}
              {store.socialLinks.map((link) => (
                <li key={link.label}>
                  <a className="underline" href={link.href} rel="noopener noreferrer" target="_blank">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {store.ordering.paused ? (
        <p
          role="status"
          className="mx-auto mt-4 max-w-5xl rounded-lg bg-amber-100 px-3 py-2 font-semibold text-amber-950"
        >
          Pedidos en pausa{store.ordering.paused.message ? ` · ${store.ordering.paused.message}` : ""}
        </p>
      ) : null}
    </header>
  );
}
