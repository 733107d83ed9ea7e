import { useNonce } from "~/lib/nonce";

/** How far a carousel's ‹ and › move its row (docs/decisions/020). */
export const CAROUSEL_STEP_PX = 240;

/**
 * A horizontal row that scrolls by swipe (native overflow) and by two buttons that move it
 * exactly 240 px. The row does not snap: mandatory snapping moved a button's 240 px to the
 * nearest card edge instead (172 px on a phone, 188 px on a desktop). The buttons show once the
 * browser has measured the row, only when it can scroll, and each is disabled at its end.
 *
 * The city page ships no framework (no script file at all): the buttons are brought to life by the small
 * script of `ScrollRowsScript`, once per page. Without JavaScript the row still scrolls by swipe
 * and keyboard, and the buttons stay hidden.
 */
export function ScrollRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="relative" data-scroll-row="">
      <ul
        aria-label={label}
        className="flex scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-3 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      {/* The space stays when the buttons are hidden, so measuring moves nothing on the page. */}
      <div className="invisible flex h-10 justify-end gap-2 px-4" data-scrolls="false" data-measured="false">
        <RowButton label={`${label}: anterior`}>‹</RowButton>
        <RowButton label={`${label}: siguiente`}>›</RowButton>
      </div>
    </div>
  );
}

function RowButton({ label, children }: { label: string; children: string }) {
  return (
    <button
      type="button"
      disabled
      aria-label={label}
      className="flex h-10 w-10 items-center justify-center rounded-full bg-white text-lg text-stone-800 shadow-sm ring-1 ring-stone-300 hover:bg-stone-100 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-white"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/**
 * Wires every `ScrollRow` on the page: measures each row (again when it or its cards change size,
 * or it scrolls), shows its buttons only when it can scroll, disables each at its end, and moves
 * the row one step per press. Serialised into the page as it is, so it stands alone: no imports,
 * nothing from outside but its argument.
 */
function enhanceScrollRows(step: number) {
  for (const row of document.querySelectorAll<HTMLElement>("[data-scroll-row]")) {
    const list = row.querySelector("ul");
    const controls = row.querySelector<HTMLElement>("[data-measured]");
    const [back, on] = controls ? Array.from(controls.querySelectorAll("button")) : [];
    if (!list || !controls || !back || !on || row.dataset.scrollRow === "wired") continue;
    row.dataset.scrollRow = "wired";
    const measure = () => {
      const end = list.scrollWidth - list.clientWidth;
      // A pixel of slack: zoomed and high-density screens report fractional positions.
      const canBack = list.scrollLeft > 1;
      const canOn = list.scrollLeft < end - 1;
      back.disabled = !canBack;
      on.disabled = !canOn;
      controls.classList.toggle("invisible", !(canBack || canOn));
      controls.dataset.scrolls = String(canBack || canOn);
      controls.dataset.measured = "true";
    };
    back.addEventListener("click", () => list.scrollBy({ left: -step, behavior: "smooth" }));
    on.addEventListener("click", () => list.scrollBy({ left: step, behavior: "smooth" }));
    list.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(list);
    for (const child of Array.from(list.children)) resized.observe(child);
    measure();
  }
}

/** The rows' script, inline after the last row (a few hundred bytes: no request of its own). */
export function ScrollRowsScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: `(${enhanceScrollRows.toString()})(${CAROUSEL_STEP_PX});` }}
    />
  );
}
