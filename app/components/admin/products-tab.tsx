import { formatChoices } from "~/domain/products/choices";
import { useState } from "react";
import type { products } from "~/db/schema";
import { imageSources } from "~/domain/images/image-urls";
import { formatMoney } from "~/domain/money/money";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { PRODUCT_MESSAGES } from "~/domain/products/product-form";
import { RESTOCK_WORDS } from "~/domain/products/restock";
import { optionStockSummary, STOCK_WORDS, stockBadge } from "~/domain/products/stock";
import { BulkEdit } from "./bulk-edit";
import { CatalogueTools } from "./catalogue-tools";
import { ProductDialog } from "./product-dialog";
import { ShareButton } from "./share-button";
import { UsageBar } from "./usage-bar";
import { ShoppingBagIcon } from "~/components/icons";

type Product = typeof products.$inferSelect;

export function ProductsTab({
  products,
  enabled,
  limit,
  categories,
  stock,
  waiting,
  store,
}: {
  products: Product[];
  enabled: number;
  limit: number;
  categories: string[];
  /** The plan has stock (Negocio, Pro). */
  stock: boolean;
  /** Shoppers waiting for "Avísame cuando haya", by product id. */
  waiting: Record<string, number>;
  store: { address: string; displayName: string };
}) {
  // "new" opens the add dialog; a product id opens its edit dialog.
  const [dialog, setDialog] = useState<{ mode: "new" } | { mode: "edit"; product: Product } | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  // The bulk edit's selection, by product id; ids no longer listed drop out.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = products.filter((product) => chosen.has(product.id)).map((product) => product.id);
  const all = products.length > 0 && selected.length === products.length;
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  function open(next: NonNullable<typeof dialog>) {
    setDialogKey((key) => key + 1);
    setDialog(next);
  }
  return (
    <section aria-labelledby="products-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-title" className="text-xl font-bold">
          Productos
        </h2>
        <button
          type="button"
          onClick={() => open({ mode: "new" })}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Agregar producto
        </button>
      </div>
      <UsageBar enabled={enabled} limit={limit} />
      <CatalogueTools />
      {products.length > 0 ? (
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => setChosen(new Set(event.target.checked ? products.map((p) => p.id) : []))}
            className="h-5 w-5"
          />
          Seleccionar todos
        </label>
      ) : null}
      {selected.length > 0 ? <BulkEdit selected={selected} categories={categories} /> : null}
      {products.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
          Aún no tienes productos. Agrega el primero para que aparezca en tu tienda.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              store={store}
              stock={stock}
              waiting={waiting[product.id] ?? 0}
              onEdit={() => open({ mode: "edit", product })}
              selected={chosen.has(product.id)}
              onSelect={(on) => toggle(product.id, on)}
            />
          ))}
        </ul>
      )}
      {dialog ? (
        <ProductDialog
          key={dialogKey}
          open
          product={dialog.mode === "edit" ? dialog.product : undefined}
          categories={categories}
          stock={stock}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}

function ProductCard({
  product,
  store,
  stock,
  waiting,
  onEdit,
  selected,
  onSelect,
}: {
  product: Product;
  store: { address: string; displayName: string };
  stock: boolean;
  waiting: number;
  onEdit: () => void;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const badge = stock ? stockBadge(product) : null;
  const sizes = stock && !badge?.soldOut ? optionStockSummary(product) : "";
  const toggle = useFormAction("/i/admin/products", PRODUCT_MESSAGES.availabilityFailed);
  const remove = useFormAction("/i/admin/products", PRODUCT_MESSAGES.deleteFailed);
  // The switch shows the value being sent while it is on its way, and the product's real state
  // otherwise: after a failure it returns to what the server holds.
  const available = toggle.pending ? toggle.pending.get("available") === "true" : product.available;
  const failure = [toggle, remove].find((action) => action.result?.ok === false);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200"
      aria-label={product.name}
    >
      <div className="flex gap-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Seleccionar ${product.name}`}
          className="mt-1 h-5 w-5 shrink-0"
        />
        <ProductThumb imageKey={product.imageKey} />
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{product.name}</h3>
          <p className="text-sm text-stone-700">
            {formatMoney(product.price)} / {product.unit}
          </p>
          {badge ? (
            <p className={`text-sm font-semibold ${badge.soldOut ? "text-red-700" : "text-amber-800"}`}>
              {badge.soldOut ? STOCK_WORDS.soldOut : badge.left}
            </p>
          ) : null}
          {sizes ? <p className="text-sm font-semibold text-amber-800">{sizes}</p> : null}
          {badge?.soldOut && waiting > 0 ? (
            <p className="text-sm font-semibold text-stone-800">{RESTOCK_WORDS.waiting(waiting)}</p>
          ) : null}
          {product.category ? <p className="text-xs text-stone-600">{product.category}</p> : null}
          {product.variations.length > 0 ? (
            <p className="text-xs text-stone-600">Opciones: {product.variations.join(", ")}</p>
          ) : null}
          {product.choiceGroups.length > 0 ? (
            <p className="text-xs text-stone-600" data-testid="product-choice-groups">
              {formatChoices(
                product.choiceGroups.map((group) => ({
                  group: group.name,
                  kind: group.kind,
                  options: group.options,
                })),
              )}
            </p>
          ) : null}
        </div>
      </div>
      <form
        method="post"
        action="/i/admin/products"
        onSubmit={(event) => {
          event.preventDefault();
          remove.clear();
          void toggle.submit(new FormData(event.currentTarget));
        }}
        className="flex items-center justify-between gap-2"
      >
        <input type="hidden" name="intent" value="set-availability" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="available" value={String(!available)} />
        <span className={`text-sm font-medium ${available ? "text-green-800" : "text-stone-600"}`}>
          {available ? "Disponible" : "No disponible"}
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={available}
          disabled={toggle.submitting}
          aria-label={`Disponible: ${product.name}`}
          className={`relative h-7 w-12 rounded-full transition ${available ? "bg-green-600" : "bg-stone-400"}`}
        >
          <span
            className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${available ? "left-6" : "left-1"}`}
          />
        </button>
      </form>
      {failure ? <ActionMessage result={failure.result} onRetry={failure.retry} /> : null}
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onEdit}
          className="flex-1 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
        >
          Editar
        </button>
        {product.available ? (
          <ShareButton
            url={`${store.address.replace(/\/$/, "")}/p/${encodeURIComponent(product.id)}`}
            title={product.name}
            text={`${product.name} en ${store.displayName}`}
            label={`Compartir ${product.name}`}
          />
        ) : null}
        <form
          method="post"
          action="/i/admin/products"
          className="flex-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (!window.confirm(`¿Eliminar "${product.name}"? Esta acción no se puede deshacer.`)) return;
            toggle.clear();
            void remove.submit(new FormData(event.currentTarget));
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="productId" value={product.id} />
          <button
            type="submit"
            disabled={remove.submitting}
            className="w-full rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
          >
            Eliminar
          </button>
        </form>
      </div>
    </li>
  );
}

/** A product's photo in its card, or a placeholder. */
function ProductThumb({ imageKey }: { imageKey: string | null }) {
  return imageKey ? (
    <img
      src={imageSources(imageKey).src}
      alt=""
      width={80}
      height={80}
      loading="lazy"
      className="h-20 w-20 shrink-0 rounded-lg object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-500"
    >
      <ShoppingBagIcon className="h-8 w-8" />
    </span>
  );
}
