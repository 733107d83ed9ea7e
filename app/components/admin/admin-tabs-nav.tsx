import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useScrollReach } from "~/components/use-scroll-reach";
import type { AdminTab } from "~/domain/stores/admin-tabs";

/**
 * The panel's tabs. On a phone they do not fit: the strip scrolls sideways, a fade with an
 * arrow on each side that has more tabs says so, and the current tab is scrolled into the
 * middle of the strip whenever it changes (on arrival from `?tab=notificaciones`, too).
 */
export function AdminTabsNav({
  tabs,
  current,
}: {
  tabs: readonly { id: AdminTab; label: string }[];
  current: AdminTab;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const reach = useScrollReach(scroller);

  useEffect(() => {
    const strip = scroller.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    const box = strip.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    // Horizontal only: scrollIntoView would also scroll the page down to the strip.
    strip.scrollLeft += tab.left + tab.width / 2 - (box.left + box.width / 2);
  }, [current]);

  return (
    <nav aria-label="Secciones del panel" className="relative -mx-4 mt-4 sm:mt-6">
      <div ref={scroller} className="overflow-x-auto px-4 [scrollbar-width:none]">
        <ul className="flex w-max min-w-full gap-1 border-b border-stone-300 md:gap-0.5 lg:w-auto lg:flex-wrap">
          {tabs.map((tab) => (
            <li key={tab.id} className="shrink-0">
              <Link
                to={`?tab=${tab.id}`}
                aria-current={tab.id === current ? "page" : undefined}
                preventScrollReset
                className="-mb-px block rounded-t-lg border-b-2 border-transparent px-3 py-2.5 md:px-1.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100 aria-[current=page]:border-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <MoreTabs side="before" shown={!!reach?.back} />
      <MoreTabs side="after" shown={!!reach?.on} />
    </nav>
  );
}

/** The fade and arrow at an edge of the strip behind which more tabs wait. */
function MoreTabs({ side, shown }: { side: "before" | "after"; shown: boolean }) {
  const after = side === "after";
  return (
    <span
      aria-hidden="true"
      data-more-tabs={side}
      className={`pointer-events-none absolute inset-y-0 flex w-12 items-center from-stone-50 from-40% to-transparent text-xl font-bold text-brand-800 ${
        after ? "right-0 justify-end bg-gradient-to-l pr-1.5" : "left-0 justify-start bg-gradient-to-r pl-1.5"
      } ${shown ? "" : "hidden"}`}
    >
      {after ? "›" : "‹"}
    </span>
  );
}
