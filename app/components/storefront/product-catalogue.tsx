import { Suspense, useEffect, useRef, useState } from "react";
import { imageSources } from "~/domain/images/image-urls";
import { formatMoney } from "~/domain/money/money";
import { listedPrice, priceChoices } from "~/domain/products/choices";
import { RESTOCK_WORDS } from "~/domain/products/restock-words";
import { STOCK_WORDS } from "~/domain/products/stock";
import { ALL_CATEGORIES, filterCatalogue } from "~/domain/storefront/catalogue-filter";
import type { StorefrontProduct } from "~/domain/storefront/catalogue.server";
import { ChoicePicker, firstShortGroup, type ChoiceProblem } from "./choice-picker";
import { lazyPart, PartBoundary, PartDialog } from "./lazy-part";
import { ProductImage } from "./product-image";

export const ADDED_FEEDBACK_MS = 600;
/** What the catalogue says when it shows no product. */
export const CATALOGUE_WORDS = {
  /** A search or a category that matches nothing. */
  noMatch: "No se encontraron productos.",
  /** A store with no product on sale at all. */
  empty: "Esta tienda aún no tiene productos. Vuelve pronto.",
} as const;
/**
 * "Avísame cuando haya" opens a dialog whose code (and its form's schema, zod's) comes on the first
 * finger, hover or focus on the button: most visitors never open it (docs/decisions/003).
 */
const restockDialog = lazyPart(() => import("./restock-dialog").then((module) => module.RestockDialog));
/** Products in the first screenful load their photos at once; the rest lazily. */
const EAGER_IMAGES = 2;

/** The product a shared link points at, and whether the store still offers it. */
export type SharedProduct = { productId: string; found: boolean };

type Props = {
  storeId: string;
  products: StorefrontProduct[];
  shared?: SharedProduct | null;
  categories: string[];
  /**
   * `choices`: the option ids picked in the product's choice groups, none without groups. Answers
   * why the cart cannot take it (what is left of the product is already in it), else null.
   */
  onAdd: (product: StorefrontProduct, variation: string, choices: string[]) => string | null;
  /** False until the page has hydrated: a tap before then would be lost. */
  ready: boolean;
};

export function ProductCatalogue({ storeId, products, shared = null, categories, onAdd, ready }: Props) {
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [enlarged, setEnlarged] = useState<StorefrontProduct | null>(null);
  const [awaited, setAwaited] = useState<StorefrontProduct | null>(null);
  const sharedId = shared?.found ? shared.productId : null;
  const visible = sharedFirst(filterCatalogue(products, { query, category }), sharedId);

  // Nothing to search or filter: the shopper is told the store has no products yet.
  if (products.length === 0)
    return (
      <>
        {shared && !shared.found ? <SharedGoneNotice /> : null}
        <p className="rounded-lg bg-[var(--store-panel)] p-6 text-center text-[var(--store-on-panel)]">
          {CATALOGUE_WORDS.empty}
        </p>
      </>
    );
  return (
    <>
      {categories.length > 0 ? (
        <div role="group" aria-label="Categorías" className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1">
          {[ALL_CATEGORIES, ...categories].map((name) => (
            <button
              key={name || "todos"}
              type="button"
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
              className="shrink-0 rounded-full border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-stone-900 aria-pressed:border-[var(--store-primary)] aria-pressed:bg-[var(--store-primary)] aria-pressed:text-[var(--store-on-primary)]"
            >
              {name || "Todos"}
            </button>
          ))}
        </div>
      ) : null}
      <form role="search" className="mb-4" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="sf-search" className="sr-only">
          Buscar productos
        </label>
        <input
          id="sf-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          placeholder="Buscar productos"
          autoComplete="off"
          className="block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-600"
        />
      </form>
      {shared && !shared.found ? <SharedGoneNotice /> : null}
      {visible.length === 0 ? (
        <p className="rounded-lg bg-[var(--store-panel)] p-6 text-center text-[var(--store-on-panel)]">
          {CATALOGUE_WORDS.noMatch}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Productos">
          {visible.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                highlighted={product.id === sharedId}
                eager={index === 0 ? "first" : index < EAGER_IMAGES ? "eager" : "lazy"}
                onAdd={onAdd}
                ready={ready}
                onEnlarge={() => setEnlarged(product)}
                onNotify={() => setAwaited(product)}
              />
            </li>
          ))}
        </ul>
      )}
      <ImageDialog product={enlarged} onClose={() => setEnlarged(null)} />
      {awaited ? (
        <AwaitedDialog storeId={storeId} product={awaited} onClose={() => setAwaited(null)} />
      ) : null}
    </>
  );
}

/** "Avísame" for the product asked about, its code fetched if the intent did not already. */
function AwaitedDialog(props: { storeId: string; product: StorefrontProduct; onClose: () => void }) {
  return (
    <PartBoundary
      part={restockDialog}
      failure={(retry) => <PartDialog retry={retry} onClose={props.onClose} />}
    >
      <Suspense fallback={<PartDialog onClose={props.onClose} />}>
        <restockDialog.Part {...props} />
      </Suspense>
    </PartBoundary>
  );
}

/** A shared link's product the store no longer offers. */
function SharedGoneNotice() {
  return (
    <p role="status" className="mb-4 rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
      Este producto ya no está disponible. Mira lo que sí tenemos.
    </p>
  );
}

/** On a product's own page, that product leads the list (whatever the filters leave of it). */
function sharedFirst(products: StorefrontProduct[], sharedId: string | null) {
  const index = sharedId === null ? -1 : products.findIndex((product) => product.id === sharedId);
  if (index <= 0) return products;
  return [products[index]!, ...products.slice(0, index), ...products.slice(index + 1)];
}

function ProductCard({
  product,
  highlighted,
  eager,
  onAdd,
  ready,
  onEnlarge,
  onNotify,
}: {
  product: StorefrontProduct;
  highlighted: boolean;
  eager: "first" | "eager" | "lazy";
  onAdd: Props["onAdd"];
  ready: boolean;
  onEnlarge: () => void;
  onNotify: () => void;
}) {
  const [variation, setVariation] = useState(product.variations[0] ?? "");
  // No size is picked for the shopper: "Agregar" asks for one (docs/decisions/041).
  const [picks, setPicks] = useState<string[]>([]);
  const [choiceProblem, setChoiceProblem] = useState<ChoiceProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const priced = priceChoices(product, picks);
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const titleId = `sf-product-${product.id}`;
  const refusalId = `${titleId}-refusal`;
  const image = <ProductImage imageKey={product.imageKey} name={product.name} sizes={SIZES} eager={eager} />;

  return (
    <article
      aria-labelledby={titleId}
      data-shared={highlighted || undefined}
      className={`flex h-full flex-col gap-3 rounded-xl bg-[var(--store-product)] p-3 text-[var(--store-on-product)] shadow-sm ${highlighted ? "ring-4 ring-[var(--store-primary)]" : "ring-1 ring-black/10"}`}
    >
      {highlighted ? (
        <p className="-mb-1 text-sm font-semibold text-[var(--store-on-product)]">
          Te compartieron este producto
        </p>
      ) : null}
      {product.imageKey ? (
        <button
          type="button"
          onClick={onEnlarge}
          className="block rounded-lg"
          aria-label={`Ver foto grande de ${product.name}`}
        >
          {image}
        </button>
      ) : (
        image
      )}
      <div className="flex flex-1 flex-col gap-2">
        <h3 id={titleId} className="text-lg leading-snug font-semibold">
          {product.name}
        </h3>
        {product.description ? <p className="text-sm">{product.description}</p> : null}
        {product.variations.length > 0 ? (
          <div>
            <label htmlFor={`${titleId}-option`} className="mb-1 block text-sm font-medium">
              Opción
            </label>
            <select
              id={`${titleId}-option`}
              value={variation}
              onChange={(event) => setVariation(event.currentTarget.value)}
              className="block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base text-stone-900"
            >
              {product.variations.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {product.choiceGroups.length > 0 ? (
          <ChoicePicker
            idPrefix={titleId}
            groups={product.choiceGroups}
            picks={picks}
            problem={choiceProblem}
            optionStock={product.optionStock}
            onPicks={(next, problem) => {
              setPicks(next);
              setChoiceProblem(problem);
              setRefusal(null);
            }}
          />
        ) : null}
        {product.offer ? (
          <p
            className="self-start rounded-full bg-[var(--store-primary)] px-3 py-0.5 text-sm font-bold text-[var(--store-on-primary)]"
            data-testid="offer-badge"
          >
            {`Oferta ${product.offer}`}
          </p>
        ) : null}
        <p className="mt-auto text-lg font-bold" data-testid="product-price" aria-live="polite">
          {formatMoney(priced.ok ? priced.price : listedPrice(product))}{" "}
          <span className="text-sm font-medium">/ {product.unit}</span>
        </p>
        {product.stock?.left ? <p className="-mt-1 text-sm font-semibold">{product.stock.left}</p> : null}
        {product.stock?.soldOut ? (
          // Sold out stays on the page, with nothing to add: the order would be refused anyway.
          <>
            <p className="rounded-lg border-2 border-current px-4 py-2 text-center font-semibold">
              {STOCK_WORDS.soldOut}
            </p>
            <button
              type="button"
              disabled={!ready}
              onClick={onNotify}
              onPointerDown={restockDialog.prefetch}
              onPointerEnter={restockDialog.prefetch}
              onFocus={restockDialog.prefetch}
              className="rounded-lg border-2 border-[var(--store-primary)] bg-white px-4 py-2.5 font-semibold text-stone-900 hover:brightness-95 disabled:opacity-70"
            >
              {RESTOCK_WORDS.button}
            </button>
          </>
        ) : (
          <button
            type="button"
            disabled={!ready}
            aria-describedby={refusal ? refusalId : undefined}
            onClick={() => {
              const short = firstShortGroup(product.choiceGroups, picks);
              setChoiceProblem(short);
              if (short) return focusGroup(titleId, product, short.group);
              const refused = onAdd(product, variation, picks);
              setRefusal(refused);
              if (refused) return;
              setAdded(true);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
            }}
            className="rounded-lg bg-[var(--store-primary)] px-4 py-2.5 font-semibold text-[var(--store-on-primary)] hover:brightness-95 disabled:opacity-70"
          >
            {added ? "¡Agregado!" : "Agregar"}
          </button>
        )}
        {refusal ? (
          <p id={refusalId} role="alert" className="-mt-1 text-sm font-semibold">
            {refusal}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** Moves focus to the first option of a group short of its picks that can be chosen (a sold-out size cannot). */
function focusGroup(titleId: string, product: StorefrontProduct, groupId: string) {
  const group = product.choiceGroups.find((candidate) => candidate.id === groupId);
  const option = group?.options.find((candidate) => !product.optionStock[candidate.id]?.soldOut);
  if (option) document.getElementById(`${titleId}-${option.id}`)?.focus();
}

const SIZES = "(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw";

/** The large view: Esc (native to <dialog>) or a click outside the photo closes it. */
function ImageDialog({ product, onClose }: { product: StorefrontProduct | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (product && !element.open) element.showModal();
    if (!product && element.open) element.close();
  }, [product]);

  return (
    <dialog
      ref={dialog}
      aria-label={product ? `Foto de ${product.name}` : "Foto del producto"}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[90vh] max-w-[min(90vw,800px)] rounded-xl bg-white p-0 backdrop:bg-[rgb(0_0_0/0.8)]"
    >
      {product?.imageKey ? (
        <div className="relative">
          <img
            src={imageSources(product.imageKey).full}
            alt={product.name}
            width={800}
            height={600}
            className="block h-auto max-h-[85vh] w-full object-contain"
          />
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="absolute top-2 right-2 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 shadow"
          >
            Cerrar
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
