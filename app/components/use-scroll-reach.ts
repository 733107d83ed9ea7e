import { useEffect, useState, type RefObject } from "react";

/** Whether a horizontal scroller can move back (left) or on (right); null until measured. */
export type ScrollReach = { back: boolean; on: boolean } | null;

/**
 * Follows a horizontal scroller's position and size: the carousels' buttons and the admin's
 * tab strip use it to show only what can move. Null on the server and before the first
 * measurement, so nothing claims a row scrolls before the browser has laid it out.
 */
export function useScrollReach(scroller: RefObject<HTMLElement | null>): ScrollReach {
  const [reach, setReach] = useState<ScrollReach>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const end = element.scrollWidth - element.clientWidth;
      // A pixel of slack: zoomed and high-density screens report fractional positions.
      const next = { back: element.scrollLeft > 1, on: element.scrollLeft < end - 1 };
      setReach((current) => (current?.back === next.back && current.on === next.on ? current : next));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    for (const child of element.children) resized.observe(child);
    return () => {
      element.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, [scroller]);
  return reach;
}
