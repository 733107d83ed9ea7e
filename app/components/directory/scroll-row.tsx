import { useRef } from "react";
import { useScrollReach } from "~/components/use-scroll-reach";

/** The spec's carousel scroll step (§9). */
export const CAROUSEL_STEP_PX = 240;

/**
 * A horizontal row that scrolls by swipe (native overflow) and by two buttons that move it
 * exactly 240 px. The row does not snap: mandatory snapping moved a button's 240 px to the
 * nearest card edge instead (172 px on a phone, 188 px on a desktop). The buttons show once the
 * browser has measured the row, only when it can scroll, and each is disabled at its end.
 * Without JavaScript the row still scrolls by swipe and keyboard.
 */
export function ScrollRow({ label, children }: { label: string; children: React.ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const reach = useScrollReach(list);
  const scroll = (direction: 1 | -1) =>
    list.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: "smooth" });
  const scrolls = reach !== null && (reach.back || reach.on);
  return (
    <div className="relative">
      <ul
        ref={list}
        aria-label={label}
        className="flex scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-3 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      {/* The space stays when the buttons are hidden, so measuring moves nothing on the page. */}
      <div
        className={`flex h-10 justify-end gap-2 px-4 ${scrolls ? "" : "invisible"}`}
        data-scrolls={scrolls}
        data-measured={reach !== null}
      >
        <RowButton label={`${label}: anterior`} disabled={!reach?.back} onClick={() => scroll(-1)}>
          ‹
        </RowButton>
        <RowButton label={`${label}: siguiente`} disabled={!reach?.on} onClick={() => scroll(1)}>
          ›
        </RowButton>
      </div>
    </div>
  );
}

function RowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-lg text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-white"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
