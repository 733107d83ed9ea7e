import { useRef, useState } from "react";

export const TABS = [
  { id: "productos", label: "Productos" },
  { id: "pedido", label: "Mi Pedido" },
  { id: "carrito", label: "Carrito" },
] as const;
export type TabId = (typeof TABS)[number]["id"];

/** Which tab shows, which panels have been opened, and the tab buttons to focus and scroll to. */
export function useStoreTabs() {
  const [tab, setTab] = useState<TabId>("productos");
  /** Panels opened once stay mounted, so a half-filled checkout survives a look at the products. */
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set(["productos"]));
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({
    productos: null,
    pedido: null,
    carrito: null,
  });

  function selectTab(id: TabId, focus = false) {
    setTab(id);
    setOpened((current) => (current.has(id) ? current : new Set([...current, id])));
    if (focus) tabRefs.current[id]?.focus();
    // A new panel starts at its top, not where the previous one was scrolled to.
    const nav = tabRefs.current[id]?.closest("nav");
    if (nav && window.scrollY > nav.offsetTop) window.scrollTo({ top: nav.offsetTop });
  }

  return { tab, opened, tabRefs, selectTab };
}

/** The sticky tab bar: arrow keys, Home and End move between tabs; the cart's shows its count. */
export function StoreTabs({
  tab,
  tabRefs,
  selectTab,
  onIntent,
  badge,
}: Pick<ReturnType<typeof useStoreTabs>, "tab" | "tabRefs" | "selectTab"> & {
  /** A finger, the pointer or focus on a tab: its panel is about to be opened. */
  onIntent: (id: TabId) => void;
  badge: number;
}) {
  function onTabKey(event: React.KeyboardEvent, index: number) {
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    selectTab(TABS[(index + move + TABS.length) % TABS.length]!.id, true);
  }

  return (
    <nav className="sticky top-0 z-10 bg-[var(--store-panel)] shadow-sm" aria-label="Secciones de la tienda">
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
            onPointerDown={() => onIntent(t.id)}
            onPointerEnter={() => onIntent(t.id)}
            onFocus={() => onIntent(t.id)}
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
  );
}
