/**
 * Hostile uploads (oversized, malformed, disguised), built in memory: each must be refused with a
 * Spanish message or neutralised (re-encoded WebP under a random key).
 */
import zlib from "node:zlib";
import sharp from "sharp";

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A greyscale PNG whose every pixel is black: tiny on disk, `width × height` once decoded. */
export function blackPng(width: number, height: number, bitDepth: 1 | 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil((width * bitDepth) / 8);
  const deflate = zlib.deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflate),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const HTML_PAYLOAD = "<html><body><script>alert(document.cookie)</script></body></html>";

export async function smallJpeg(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: "#b45309" } })
    .jpeg()
    .toBuffer();
}

/** A valid JPEG that is also HTML: a comment segment right after SOI, and HTML after EOI. */
export async function htmlJpegPolyglot(): Promise<Buffer> {
  const jpeg = await smallJpeg();
  const comment = Buffer.from(HTML_PAYLOAD, "latin1");
  const segmentLength = Buffer.alloc(2);
  segmentLength.writeUInt16BE(comment.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    segmentLength,
    comment,
    jpeg.subarray(2),
    comment,
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>`,
);

export const PHP_AS_JPG = Buffer.from(`<?php system($_GET["c"]); ?>`);

/** 20 MB that start like a JPEG: refused for its size before anything reads it. */
export function twentyMegabytes(): Buffer {
  const bytes = Buffer.alloc(20 * 1024 * 1024, 0x41);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** 7072 × 7072 ≈ 50 megapixels. */
export function fiftyMegapixelPng(): Buffer {
  return blackPng(7072, 7072, 8);
}

/** 30000 × 30000 = 900 megapixels in about 100 KB. */
export function decompressionBomb(): Buffer {
  return blackPng(30_000, 30_000, 1);
}

export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#22d3ee" } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}
