import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipTemplate } from "./gzip-template.server";

const page = (id: string) =>
  `<!DOCTYPE html><html lang="es-MX"><title>${id} · Tianguis</title><p>La dirección /${id} está disponible.</p>` +
  `<a href="/i/signup?tienda=${id}">Crear ${id}</a>${"<p>Relleno que se repite.</p>".repeat(40)}</html>`;
const ID = "@@ID@@";

describe("gzipTemplate", () => {
  it("gives the same text gunzip gets back, for any value, at every gap", () => {
    const template = gzipTemplate(page(ID).split(ID));
    for (const id of ["a", "panaderia-la-espiga", "nadie-x9k2m", "ñandú-ü", "x".repeat(300)]) {
      const { joined, gzip } = template.fill(id);
      expect(joined.toString("utf8")).toBe(page(id));
      expect(zlib.gunzipSync(gzip).toString("utf8")).toBe(page(id));
    }
  });

  it("is one gzip member that a strict reader checks: the CRC and the length are the text's", () => {
    const { gzip } = gzipTemplate(page(ID).split(ID)).fill("tienda-1");
    // A corrupted trailer is refused: the CRC really is checked, so the one written must be right.
    const broken = Buffer.from(gzip);
    broken[broken.length - 8]! ^= 0xff;
    expect(() => zlib.gunzipSync(broken)).toThrow();
    expect(gzip.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gzip.readUInt32LE(gzip.length - 4)).toBe(Buffer.byteLength(page("tienda-1")));
  });

  it("costs a few dozen bytes more than compressing the whole page each time, not the page again", () => {
    const { gzip } = gzipTemplate(page(ID).split(ID)).fill("tienda-1");
    const whole = zlib.gzipSync(page("tienda-1")).length;
    expect(gzip.length).toBeLessThan(whole + 100);
    expect(gzip.length).toBeLessThan(Buffer.byteLength(page("tienda-1")) / 4);
  });

  it("a long value may be compressed too: the same text, and far smaller than stored", () => {
    const parts = page(ID).split(ID);
    const long = "<li>Pan de muerto con azúcar</li>".repeat(3000);
    const compressed = gzipTemplate(parts, { compressValue: true }).fill(long);
    expect(zlib.gunzipSync(compressed.gzip).toString("utf8")).toBe(page(long));
    expect(compressed.gzip.length).toBeLessThan(Buffer.byteLength(long) / 20);
    expect(() => gzipTemplate(parts).fill(long)).toThrow("too long");
  });

  it("an empty value and empty parts still make a valid page", () => {
    expect(zlib.gunzipSync(gzipTemplate(["", ""]).fill("").gzip).toString()).toBe("");
    expect(zlib.gunzipSync(gzipTemplate(["a", "", "c"]).fill("-").gzip).toString()).toBe("a--c");
  });
});
