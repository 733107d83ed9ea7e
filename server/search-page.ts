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

export type SearchFrame = { city: { id: string; name: string }; page: GzipTemplate };

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
  };
}

/** The city page showing `search`, uncompressed and gzipped, and the section it has in its gap. */
export function searchPage(frame: SearchFrame, search: CitySearch) {
  const html = section(frame.city, search);
  return { ...frame.page.fill(html), section: html };
}
