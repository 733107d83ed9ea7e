import { useRef } from "react";

/** The spec's carousel scroll step (§9). */
export const CAROUSEL_STEP_PX = 240;

/**
 * A horizontal row that scrolls by swipe (native overflow with scroll-snap) and by two buttons
 * that move it 240 px. Without JavaScript the row still scrolls by swipe and keyboard.
 */
export function ScrollRow({ label, children }: { label: string; children: React.ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    list.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: "smooth" });
  return (
    <div className="relative">
      <ul
        ref={list}
        aria-label={label}
        className="flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain scroll-smooth px-4 pb-3 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      <div className="flex justify-end gap-2 px-4">
        <button
          type="button"
          onClick={() => scroll(-1)}
          aria-label={`${label}: anterior`}
          className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-lg text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          onClick={() => scroll(1)}
          aria-label={`${label}: siguiente`}
          className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-lg text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
