import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server";

const sha = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, in UTF-8, and nothing a browser does not run", () => {
    const html = [
      `<script>window.a = "ñandú";</script>`,
      `<script type="module" async="">import("/assets/x.js")</script>`,
      `<script src="/assets/entry.js" type="module"></script>`,
      `<script type="application/json" id="props">{"a":1}</script>`,
      `<script type="application/ld+json">{"@type":"Store"}</script>`,
      `<script>window.a = "ñandú";</script>`,
      `<script></script>`,
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha(`window.a = "ñandú";`), sha(`import("/assets/x.js")`)]);
  });

  it("finds none in a page without inline scripts", () => {
    expect(inlineScriptHashes("<html><body><p>Hola</p></body></html>")).toEqual([]);
  });
});
