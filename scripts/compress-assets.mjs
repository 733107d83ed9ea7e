// After `react-router build`: every hashed asset is compressed once, the best each encoding can —
// gzip by Zopfli (standard gzip, a few % smaller than zlib's best) and brotli at quality 11 — and
// the server sends these files as they are (server/assets.ts). A shopper's phone downloads less
// and the server compresses nothing per request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { root } from "./prepare.mjs";

const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
/** Below this, compression's own framing is not worth a second file. */
const MIN_BYTES = 1024;

const assets = path.join(root, process.env.BUILD_DIR ?? "build", "client", "assets");
const started = Date.now();
let before = 0;
let after = 0;
const files = (await readdir(assets)).filter((name) => COMPRESSIBLE.test(name));
for (const name of files) {
  const file = path.join(assets, name);
  if ((await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(content, { numiterations: 15 }),
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  await writeFile(`${file}.gz`, gzipped);
  await writeFile(`${file}.br`, brotlied);
  before += zlib.gzipSync(content).length;
  after += gzipped.length;
}
console.log(
  `assets compressed in ${((Date.now() - started) / 1000).toFixed(1)} s: ${files.length} files, gzip ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (Zopfli), and brotli beside`,
);
