import { Suspense } from "react";
import { ORDER_MESSAGES } from "~/domain/orders/order-messages";
import type { StorefrontProduct, StorefrontStore } from "~/domain/storefront/catalogue.server";
import { lazyPart, PanelFailure, PanelLoading, PartBoundary } from "./lazy-part";
import { ProductCatalogue, type SharedProduct } from "./product-catalogue";
import { StoreHeader } from "./store-header";
import { StoreTabs, useStoreTabs, type TabId } from "./store-tabs";
import { useShopperCart } from "./use-shopper-cart";

export type StorefrontProps = {
  store: StorefrontStore;
  products: StorefrontProduct[];
  /** On a product's own page (`/<storeId>/p/<productId>`): that product, shown first. */
  shared?: SharedProduct | null;
  /**
   * The platform's origin when the page is on the store's own domain (docs/decisions/018), where `/` is the
   * store itself: links to Tianguis are absolute then. Empty on the platform.
   */
  platformOrigin?: string;
};

/**
 * The cart's checkout and Mi Pedido load when the shopper first goes to them (or shows intent: a
 * product added, a finger on the tab), so the page's first JavaScript is only what the catalogue
 * needs (the store page's JavaScript budget, docs/decisions/003). Neither is on the page before
 * that: both need JavaScript to be reached at all.
 */
const cartPanel = lazyPart(() => import("./cart-panel").then((module) => module.CartPanel));
const orderLookup = lazyPart(() => import("./order-lookup").then((module) => module.OrderLookup));
const PANEL_CODE: Partial<Record<TabId, () => void>> = {
  carrito: cartPanel.prefetch,
  pedido: orderLookup.prefetch,
};
/** Fetches a panel's code ahead of its first opening. */
const prefetchPanel = (id: TabId) => PANEL_CODE[id]?.();

/**
 * The public store page. Rendered on the server with the products in the first HTML, then
 * hydrated on its own (an island, without the router's runtime) to stay inside the page's
 * JavaScript budget. It must render the same on both sides: anything from the browser's
 * storage is read after hydration, in effects.
 */
export function StorefrontApp({ store, products, shared = null, platformOrigin = "" }: StorefrontProps) {
  const { tab, opened, tabRefs, selectTab } = useStoreTabs();
  const cart = useShopperCart(store.id, products);
  const { loaded, badge } = cart;

  return (
    <div
      style={store.theme}
      data-hydrated={loaded ? "" : undefined}
      className="min-h-screen bg-[var(--store-bg)] text-[var(--store-on-bg)] accent-[var(--store-primary)]"
    >
      <StoreHeader store={store} />
      <StoreTabs tab={tab} tabRefs={tabRefs} selectTab={selectTab} onIntent={prefetchPanel} badge={badge} />
      <p className="sr-only" aria-live="polite" data-testid="cart-status">
        {loaded ? `Carrito: ${badge} ${badge === 1 ? "artículo" : "artículos"}` : ""}
      </p>

      <main className="mx-auto max-w-5xl px-4 py-5">
        {cart.removedNotice ? <RemovedNotice onDismiss={cart.dismissRemovedNotice} /> : null}
        <section
          id="sf-panel-productos"
          role="tabpanel"
          aria-labelledby="sf-tab-productos"
          hidden={tab !== "productos"}
        >
          <h2 className="sr-only">Productos</h2>
          <ProductCatalogue
            storeId={store.id}
            products={products}
            shared={shared}
            categories={store.categories}
            onAdd={(product, variation, choices) => {
              prefetchPanel("carrito");
              return cart.add(product, variation, choices);
            }}
            ready={loaded}
          />
        </section>
        <section
          id="sf-panel-pedido"
          role="tabpanel"
          aria-labelledby="sf-tab-pedido"
          hidden={tab !== "pedido"}
        >
          {opened.has("pedido") ? (
            <PartBoundary part={orderLookup} failure={(retry) => <PanelFailure retry={retry} />}>
              <Suspense fallback={<PanelLoading />}>
                <orderLookup.Part storeId={store.id} deviceOrders={cart.deviceOrders} />
              </Suspense>
            </PartBoundary>
          ) : null}
        </section>
        <section
          id="sf-panel-carrito"
          role="tabpanel"
          aria-labelledby="sf-tab-carrito"
          hidden={tab !== "carrito"}
        >
          {opened.has("carrito") ? (
            <PartBoundary part={cartPanel} failure={(retry) => <PanelFailure retry={retry} />}>
              <Suspense fallback={<PanelLoading />}>
                <cartPanel.Part
                  store={store}
                  items={cart.items}
                  orderKey={cart.orderKey}
                  onIncrement={cart.increment}
                  onDecrement={cart.decrement}
                  onQuantity={cart.setQuantity}
                  onUnavailable={cart.dropUnavailable}
                  onPlaced={cart.placed}
                  confirmation={cart.confirmation}
                  onContinue={() => {
                    cart.clearConfirmation();
                    selectTab("productos");
                  }}
                />
              </Suspense>
            </PartBoundary>
          ) : null}
        </section>
      </main>

      <StoreFooter platformOrigin={platformOrigin} />
    </div>
  );
}

/** Lines of the cart whose products are gone were dropped: the shopper is told once. */
function RemovedNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="mb-4 flex items-start justify-between gap-3 rounded-lg bg-amber-100 p-3 text-amber-950"
    >
      <p>{ORDER_MESSAGES.unavailable}</p>
      <button type="button" onClick={onDismiss} className="font-semibold underline">
        Entendido
      </button>
    </div>
  );
}

function StoreFooter({ platformOrigin }: { platformOrigin: string }) {
  return (
    <footer className="mx-auto max-w-5xl px-4 pt-4 pb-10 text-center">
      <a
        href={`${platformOrigin}/c/aguascalientes`}
        className="inline-block rounded-lg bg-[var(--store-secondary)] px-5 py-3 font-semibold text-[var(--store-on-secondary)]"
      >
        Descubre más tiendas en Aguascalientes
      </a>
      <p className="mt-4 text-sm">
        Tienda creada con{" "}
        <a href={`${platformOrigin}/`} className="font-semibold underline">
          Tianguis
        </a>
      </p>
    </footer>
  );
}
