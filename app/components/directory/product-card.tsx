import { imageSources } from "~/domain/images/image-urls";
import type { DirectoryProduct } from "~/domain/directory/directory-product";
import { formatMoney } from "~/domain/money/money";
import { ShoppingBagIcon } from "~/components/icons";

/**
 * A product of some store in the directory: the whole card links to that store's page. Its photo
 * waits until it nears the screen, unless the card is in the first screenful (`firstScreen`): then
 * it is asked for at once, the very first one ahead of everything else (the page's largest paint).
 */
export function ProductCard({
  product,
  className = "",
  firstScreen,
}: {
  product: DirectoryProduct;
  className?: string;
  firstScreen?: "first" | "next";
}) {
  const image = product.imageKey ? imageSources(product.imageKey) : null;
  return (
    <a
      href={`/${product.storeId}`}
      className={`flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200 hover:ring-brand-600 ${className}`}
    >
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="180px"
          alt={product.name}
          width={400}
          height={400}
          loading={firstScreen ? "eager" : "lazy"}
          fetchPriority={firstScreen === "first" ? "high" : undefined}
          decoding="async"
          className="aspect-square w-full bg-stone-100 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex aspect-square w-full items-center justify-center bg-stone-100 text-stone-500"
        >
          <ShoppingBagIcon className="h-12 w-12" />
        </span>
      )}
      <span className="flex flex-1 flex-col gap-0.5 p-3">
        {product.offer ? (
          <span
            className="self-start rounded-full bg-brand-800 px-2 py-0.5 text-sm font-bold text-white"
            data-testid="offer-badge"
          >
            {product.offer}
          </span>
        ) : null}
        <span className="line-clamp-2 font-semibold text-ink [overflow-wrap:anywhere]">{product.name}</span>
        <span className="font-bold text-brand-800">
          {formatMoney(product.price)}
          {product.unit !== "pieza" ? (
            <span className="font-normal text-stone-600"> / {product.unit}</span>
          ) : null}
        </span>
        <span className="mt-auto line-clamp-2 text-sm text-stone-600 [overflow-wrap:anywhere]">
          {product.storeName}
        </span>
      </span>
    </a>
  );
}
