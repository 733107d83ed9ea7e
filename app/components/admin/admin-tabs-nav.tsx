import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useScrollReach } from "~/components/use-scroll-reach";
import type { AdminTab } from "~/domain/team/admin-tabs";

/**
 * The panel's tabs, on one row at every width: at 1280 px all of them fit; where they do not (a
 * phone), the strip scrolls sideways, a fade with an arrow on each side that has more tabs says so
 * (a click on it moves the strip, for a mouse without a sideways wheel), and the current tab is
 * scrolled into the middle of the strip whenever it changes (on arrival from
 * `?tab=notificaciones`, too). The keyboard reaches every tab with Tab, which scrolls it into view.
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
    <nav aria-label="Secciones del panel" className="relative -mx-4 mt-2 sm:mt-4">
      <div ref={scroller} className="overflow-x-auto px-4 [scrollbar-width:none]">
        <ul className="flex w-max min-w-full gap-1 border-b border-stone-300 md:gap-0.5">
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
      <MoreTabs side="before" shown={!!reach?.back} scroller={scroller} />
      <MoreTabs side="after" shown={!!reach?.on} scroller={scroller} />
    </nav>
  );
}

/**
 * The fade and arrow at an edge of the strip behind which more tabs wait. Hidden from assistive
 * technology and out of the tab order: the tabs themselves are the way for those; the arrow is a
 * pointer's shortcut that moves the strip by most of its width.
 */
function MoreTabs({
  side,
  shown,
  scroller,
}: {
  side: "before" | "after";
  shown: boolean;
  scroller: React.RefObject<HTMLDivElement | null>;
}) {
  const after = side === "after";
  const move = () => {
    const strip = scroller.current;
    if (strip) strip.scrollBy({ left: (after ? 1 : -1) * strip.clientWidth * 0.7, behavior: "smooth" });
  };
  return (
    <span
      aria-hidden="true"
      data-more-tabs={side}
      onClick={move}
      className={`absolute inset-y-0 flex w-12 cursor-pointer items-center from-stone-50 from-40% to-transparent text-xl font-bold text-brand-800 ${
        after ? "right-0 justify-end bg-gradient-to-l pr-1.5" : "left-0 justify-start bg-gradient-to-r pl-1.5"
      } ${shown ? "" : "hidden"}`}
    >
      {after ? "›" : "‹"}
    </span>
  );
}
