/**
 * A city search not seen before, without rendering the whole city page again: the page is the
 * kept city page with its search section in place of the empty one. The city page ships no
 * scripts and its search section is plain HTML, so the section rendered alone is byte for byte
 * what the full render puts there (a test compares the two). The kept page is cut once, where its
 * empty section is, and compressed once (app/lib/gzip-template.server.ts); each search renders and
 * compresses only its own section.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { type CitySearch, ProductSearch } from "~/components/directory/product-search";
import { gzipTemplate, type GzipTemplate } from "~/lib/gzip-template.server";
import { classesOf } from "~/lib/page-cache/critical-css";

export type SearchFrame = {
  city: { id: string; name: string };
  page: GzipTemplate;
  /**
   * The classes whose rules the kept page carries (app/lib/page-cache/critical-css.ts): a section
   * that draws another is not put into it.
   */
  styled: Set<string>;
};

const section = (city: SearchFrame["city"], search: CitySearch | null) =>
  renderToString(createElement(ProductSearch, { cityId: city.id, cityName: city.name, search }));

/** The city page cut where its empty search section is; null when it has none (no stores yet). */
export function searchFrame(html: string, city: SearchFrame["city"]): SearchFrame | null {
  const empty = section(city, null);
  const at = html.indexOf(empty);
  if (at === -1 || html.indexOf(empty, at + 1) !== -1) return null;
  return {
    city,
    page: gzipTemplate([html.slice(0, at), html.slice(at + empty.length)], { compressValue: true }),
    styled: new Set([...classesOf(html), ...searchSectionClasses()]),
  };
}

/**
 * The city page showing `search`, uncompressed and gzipped, and the section it has in its gap;
 * null when the section draws a class whose rules the kept page does not carry (the whole page is
 * rendered then, with its own).
 */
export function searchPage(frame: SearchFrame, search: CitySearch) {
  const html = section(frame.city, search);
  if ([...classesOf(html)].some((name) => !frame.styled.has(name))) return null;
  return { ...frame.page.fill(html), section: html };
}

const SAMPLE_PRODUCT = {
  storeId: "tienda",
  id: "producto",
  name: "Producto",
  price: 10,
  unit: "pieza",
  storeName: "Tienda",
};
let sectionClasses: Set<string> | undefined;

/**
 * Every class a search's section may draw: those of a made-up search on its second page, with a
 * next one, and a result of each kind (with and without a photo, with an offer). A kept city page
 * carries their rules (app/lib/page-cache/critical-css.ts), so that a search's results can go into it.
 */
export function searchSectionClasses(): Set<string> {
  sectionClasses ??= classesOf(
    section(
      { id: "ciudad", name: "Ciudad" },
      {
        term: "pan",
        page: 2,
        hasNextPage: true,
        products: [
          { ...SAMPLE_PRODUCT, imageKey: "product-images/tienda/foto.webp", offer: "2×1" },
          { ...SAMPLE_PRODUCT, id: "otro", imageKey: null, offer: null },
        ],
      },
    ),
  );
  return sectionClasses;
}
