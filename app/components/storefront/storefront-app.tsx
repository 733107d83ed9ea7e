import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import {
  addToCart,
  cartBadgeCount,
  decrementLine,
  incrementLine,
  resolveCart,
  setLineQuantity,
  type CartLine,
} from "~/domain/orders/cart";
import { ORDER_MESSAGES } from "~/domain/orders/order-messages";
import type { OrderSummary } from "~/domain/orders/order-summary";
import type { StorefrontProduct, StorefrontStore } from "~/domain/storefront/catalogue.server";
import { quantityRule } from "~/domain/products/quantity";
import {
  firstViewThisVisit,
  loadCart,
  loadDeviceOrders,
  loadOrderKey,
  rememberDeviceOrder,
  renewOrderKey,
  saveCart,
  type DeviceOrder,
} from "./device-storage";
import { ProductCatalogue, type SharedProduct } from "./product-catalogue";
import { StoreHeader } from "./store-header";
import { sendViewBeacon } from "./storefront-api";

export type StorefrontProps = {
  store: StorefrontStore;
  products: StorefrontProduct[];
  /** On a product's own page (`/<storeId>/p/<productId>`): that product, shown first. */
  shared?: SharedProduct | null;
  /**
   * The platform's origin when the page is on the store's own domain (issue 18), where `/` is the
   * store itself: links to Tianguis are absolute then. Empty on the platform.
   */
  platformOrigin?: string;
};

/**
 * The cart's checkout and Mi Pedido load when the shopper first goes to them (or shows intent: a
 * product added, a finger on the tab), so the page's first JavaScript is only what the catalogue
 * needs (issue 13: the store page's budget). Neither is on the page before that: both need
 * JavaScript to be reached at all.
 */
const importCartPanel = () => import("./cart-panel");
const importOrderLookup = () => import("./order-lookup");
const CartPanel = lazy(() => importCartPanel().then((module) => ({ default: module.CartPanel })));
const OrderLookup = lazy(() => importOrderLookup().then((module) => ({ default: module.OrderLookup })));
const PANEL_CODE: Partial<Record<TabId, () => Promise<unknown>>> = {
  carrito: importCartPanel,
  pedido: importOrderLookup,
};
/** Fetches a panel's code ahead of its first opening; a failed fetch is tried again on opening. */
const prefetchPanel = (id: TabId) => void PANEL_CODE[id]?.().catch(() => {});

const TABS = [
  { id: "productos", label: "Productos" },
  { id: "pedido", label: "Mi Pedido" },
  { id: "carrito", label: "Carrito" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * The public store page. Rendered on the server with the products in the first HTML, then
 * hydrated on its own (an island, without the router's runtime) to stay inside the page's
 * JavaScript budget. It must render the same on both sides: anything from the browser's
 * storage is read after hydration, in effects.
 */
export function StorefrontApp({ store, products, shared = null, platformOrigin = "" }: StorefrontProps) {
  const [tab, setTab] = useState<TabId>("productos");
  /** Panels opened once stay mounted, so a half-filled checkout survives a look at the products. */
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set(["productos"]));
  const [lines, setLines] = useState<CartLine[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [orderKey, setOrderKey] = useState("");
  const [deviceOrders, setDeviceOrders] = useState<DeviceOrder[]>([]);
  const [removedNotice, setRemovedNotice] = useState(false);
  const [confirmation, setConfirmation] = useState<{ order: OrderSummary; customerName: string } | null>(
    null,
  );
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({
    productos: null,
    pedido: null,
    carrito: null,
  });

  useEffect(() => {
    const stored = loadCart(store.id);
    const { items, removed } = resolveCart(stored, products);
    setLines(items.map((item) => item.line));
    if (removed.length > 0) setRemovedNotice(true);
    setOrderKey(loadOrderKey(store.id));
    setDeviceOrders(loadDeviceOrders(store.id));
    setLoaded(true);
    if (firstViewThisVisit(store.id)) sendViewBeacon(store.id);
  }, [store.id, products]);

  useEffect(() => {
    if (loaded) saveCart(store.id, lines);
  }, [loaded, lines, store.id]);

  const items = resolveCart(lines, products).items;
  const ruleOf = (line: CartLine | undefined) => {
    const product = line && products.find((candidate) => candidate.id === line.productId);
    return product ? quantityRule(product) : undefined;
  };
  const badge = cartBadgeCount(items.map(({ line, product }) => ({ ...line, unit: product.unit })));

  function selectTab(id: TabId, focus = false) {
    setTab(id);
    setOpened((current) => (current.has(id) ? current : new Set([...current, id])));
    if (focus) tabRefs.current[id]?.focus();
    // A new panel starts at its top, not where the previous one was scrolled to.
    const nav = tabRefs.current[id]?.closest("nav");
    if (nav && window.scrollY > nav.offsetTop) window.scrollTo({ top: nav.offsetTop });
  }

  function onTabKey(event: React.KeyboardEvent, index: number) {
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    selectTab(TABS[(index + move + TABS.length) % TABS.length]!.id, true);
  }

  return (
    <div
      style={store.theme}
      data-hydrated={loaded ? "" : undefined}
      className="min-h-screen bg-[var(--store-bg)] text-[var(--store-on-bg)] accent-[var(--store-primary)]"
    >
      <StoreHeader store={store} />
      <nav
        className="sticky top-0 z-10 bg-[var(--store-panel)] shadow-sm"
        aria-label="Secciones de la tienda"
      >
        <div role="tablist" aria-label="Secciones de la tienda" className="mx-auto flex max-w-5xl">
          {TABS.map((t, index) => (
            <button
              key={t.id}
              ref={(element) => {
                tabRefs.current[t.id] = element;
              }}
              id={`sf-tab-${t.id}`}
              role="tab"
              type="button"
              aria-selected={tab === t.id}
              aria-controls={`sf-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => selectTab(t.id)}
              onPointerDown={() => prefetchPanel(t.id)}
              onFocus={() => prefetchPanel(t.id)}
              onKeyDown={(event) => onTabKey(event, index)}
              className="flex flex-1 items-center justify-center gap-2 border-b-4 border-transparent px-2 py-3 font-semibold text-[var(--store-on-panel)] aria-selected:border-[var(--store-primary)]"
            >
              {t.label}
              {t.id === "carrito" && badge > 0 ? (
                <span
                  aria-hidden="true"
                  className="min-w-6 rounded-full bg-[var(--store-primary)] px-1.5 text-sm text-[var(--store-on-primary)]"
                >
                  {badge}
                </span>
              ) : null}
            </button>
          ))}
        </div>
      </nav>
      <p className="sr-only" aria-live="polite" data-testid="cart-status">
        {loaded ? `Carrito: ${badge} ${badge === 1 ? "artículo" : "artículos"}` : ""}
      </p>

      <main className="mx-auto max-w-5xl px-4 py-5">
        {removedNotice ? (
          <div
            role="alert"
            className="mb-4 flex items-start justify-between gap-3 rounded-lg bg-amber-100 p-3 text-amber-950"
          >
            <p>{ORDER_MESSAGES.unavailable}</p>
            <button type="button" onClick={() => setRemovedNotice(false)} className="font-semibold underline">
              Entendido
            </button>
          </div>
        ) : null}
        <section
          id="sf-panel-productos"
          role="tabpanel"
          aria-labelledby="sf-tab-productos"
          hidden={tab !== "productos"}
        >
          <h2 className="sr-only">Productos</h2>
          <ProductCatalogue
            products={products}
            shared={shared}
            categories={store.categories}
            onAdd={(product, variation) => {
              prefetchPanel("carrito");
              setLines((current) => addToCart(current, product.id, variation, quantityRule(product)));
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
            <PanelBoundary>
              <Suspense fallback={<PanelLoading />}>
                <OrderLookup storeId={store.id} deviceOrders={deviceOrders} />
              </Suspense>
            </PanelBoundary>
          ) : null}
        </section>
        <section
          id="sf-panel-carrito"
          role="tabpanel"
          aria-labelledby="sf-tab-carrito"
          hidden={tab !== "carrito"}
        >
          {opened.has("carrito") ? (
            <PanelBoundary>
              <Suspense fallback={<PanelLoading />}>
                <CartPanel
                  store={store}
                  items={items}
                  orderKey={orderKey}
                  onIncrement={(index) =>
                    setLines((current) => incrementLine(current, index, ruleOf(current[index])))
                  }
                  onDecrement={(index) =>
                    setLines((current) => decrementLine(current, index, ruleOf(current[index])))
                  }
                  onQuantity={(index, quantity) =>
                    setLines((current) => setLineQuantity(current, index, quantity))
                  }
                  onUnavailable={(line) => {
                    setLines((current) =>
                      current.filter(
                        (l) => !(l.productId === line.productId && l.variation === line.variation),
                      ),
                    );
                    setRemovedNotice(true);
                  }}
                  onPlaced={(order, customerName) => {
                    setLines([]);
                    setOrderKey(renewOrderKey(store.id));
                    setDeviceOrders(
                      rememberDeviceOrder(store.id, {
                        number: order.number,
                        createdAt: order.createdAt,
                        total: order.total,
                      }),
                    );
                    setConfirmation({ order, customerName });
                  }}
                  confirmation={confirmation}
                  onContinue={() => {
                    setConfirmation(null);
                    selectTab("productos");
                  }}
                />
              </Suspense>
            </PanelBoundary>
          ) : null}
        </section>
      </main>

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
    </div>
  );
}

function PanelLoading() {
  return (
    <p role="status" className="py-10 text-center">
      Cargando…
    </p>
  );
}

/**
 * A panel whose code could not be fetched (the connection dropped): a Spanish message and a
 * reload, which keeps the cart (it lives in the browser's storage).
 */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="py-10 text-center">
        <p>No pudimos cargar esta sección. Revisa tu conexión e intenta de nuevo.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-3 rounded-lg bg-[var(--store-primary)] px-4 py-2 font-semibold text-[var(--store-on-primary)]"
        >
          Reintentar
        </button>
      </div>
    );
  }
}
