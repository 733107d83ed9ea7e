import zlib from "node:zlib";

/**
 * A page that is the same for every request but for one short value filled in at a few places,
 * gzipped without running the compressor per request. Each fixed part is compressed once, as raw
 * deflate ending on a byte boundary (a sync flush); the value goes between them as a stored
 * (uncompressed) deflate block; the gzip header and trailer (CRC-32 and length) wrap the lot. The
 * result is one ordinary gzip member, as `zlib.gzipSync` of the joined text would give, only
 * slightly larger.
 */
export type GzipTemplate = {
  /** The gzip bytes with `value` at every gap; `joined` is the same text, uncompressed. */
  fill: (value: string) => { joined: Buffer; gzip: Buffer };
};

/** gzip's fixed header: deflate, no name or time, "unknown" operating system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** Stored blocks hold at most this many bytes each. */
const MAX_STORED = 0xffff;

export function gzipTemplate(
  parts: string[],
  {
    compressValue = false,
  }: {
    /** A long value (a page's section) is compressed too, as raw deflate; a short one is stored. */
    compressValue?: boolean;
  } = {},
): GzipTemplate {
  if (parts.length < 2) throw new Error("a template needs at least one gap");
  const texts = parts.map((part) => Buffer.from(part, "utf8"));
  const compressed = texts.map((text, index) =>
    index < texts.length - 1
      ? zlib.deflateRawSync(text, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
      : zlib.deflateRawSync(text),
  );
  return {
    fill(value) {
      const filler = Buffer.from(value, "utf8");
      if (!compressValue && filler.length > MAX_STORED) {
        throw new Error("the value is too long for one stored block");
      }
      const stored = compressValue
        ? zlib.deflateRawSync(filler, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : storedBlock(filler);
      const joinedPieces: Buffer[] = [];
      const gzipPieces: Buffer[] = [GZIP_HEADER];
      texts.forEach((text, index) => {
        joinedPieces.push(text);
        gzipPieces.push(compressed[index]!);
        if (index < texts.length - 1) {
          joinedPieces.push(filler);
          gzipPieces.push(stored);
        }
      });
      const joined = Buffer.concat(joinedPieces);
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(zlib.crc32(joined) >>> 0, 0);
      trailer.writeUInt32LE(joined.length % 2 ** 32, 4);
      gzipPieces.push(trailer);
      return { joined, gzip: Buffer.concat(gzipPieces) };
    },
  };
}

/** A non-final stored deflate block: 3 header bits (0, 00) padded to a byte, LEN, ~LEN, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
