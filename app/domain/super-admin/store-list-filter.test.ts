import { describe, expect, it } from "vitest";
import { parseStoreListFilter, storeListHref } from "./store-list-filter";

const parse = (search: string) => parseStoreListFilter(new URLSearchParams(search));

describe("the super-admin's store list filter", () => {
  it("reads the search, the owner-less filter and the page from the address", () => {
    expect(parse("")).toEqual({ query: "", ownerless: false, after: null });
    expect(parse("tienda=pan&sin-dueno=1&desde=panaderia-sol")).toEqual({
      query: "pan",
      ownerless: true,
      after: "panaderia-sol",
    });
  });

  it("keeps a search to 100 characters, and ignores a filter or page it does not know", () => {
    expect(parse(`tienda=${"a".repeat(150)}`).query).toHaveLength(100);
    expect(parse("sin-dueno=true").ownerless).toBe(false);
    expect(parse("desde=' or 1=1").after).toBeNull();
    expect(parse("desde=").after).toBeNull();
  });

  it("writes the panel's address, leaving out what is default, and reads back what it wrote", () => {
    expect(storeListHref({})).toBe("/i/super-admin");
    expect(storeListHref({ query: "", ownerless: false, after: null })).toBe("/i/super-admin");
    const href = storeListHref({ query: "Ñandú & co", ownerless: true, after: "nieves-nandu" });
    expect(href).toBe("/i/super-admin?tienda=%C3%91and%C3%BA+%26+co&sin-dueno=1&desde=nieves-nandu");
    expect(parse(href.split("?")[1]!)).toEqual({
      query: "Ñandú & co",
      ownerless: true,
      after: "nieves-nandu",
    });
  });
});

describe("the list's page cursor", () => {
  it("is a whole store id or nothing", () => {
    expect(parse("desde=la-espiga").after).toBe("la-espiga");
    expect(parse("desde=la-espiga%20or%201=1").after).toBeNull();
    expect(parse("desde=" + "a".repeat(65)).after).toBeNull();
  });
});
