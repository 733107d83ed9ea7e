import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  decompressionBomb,
  fiftyMegapixelPng,
  HTML_PAYLOAD,
  htmlJpegPolyglot,
  PHP_AS_JPG,
  smallJpeg,
  SVG_WITH_SCRIPT,
  truncatedJpeg,
  twentyMegabytes,
} from "../../../tests/support/hostile-images";
import { photoLikeJpeg } from "../../../tests/support/photo";
import { IMAGE_MESSAGES } from "./image-messages";
import { processImage, sniffImageType } from "./process-image.server";

async function refusal(bytes: Uint8Array) {
  try {
    await processImage(bytes);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the image was accepted");
}

describe("sniffImageType", () => {
  it("reads the type from the bytes", async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe("png");
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe("gif");
    expect(sniffImageType(await base.clone().tiff().toBuffer())).toBeNull();
    expect(sniffImageType(SVG_WITH_SCRIPT)).toBeNull();
    expect(sniffImageType(PHP_AS_JPG)).toBeNull();
    expect(sniffImageType(Buffer.from("<!DOCTYPE html><html>"))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe("processImage", () => {
  it("re-encodes a phone photo to WebP: upright, at most 800 px, no metadata, with 200 and 400 px thumbnails", async () => {
    // 3000 × 2000 taken with the phone turned (EXIF orientation 6: rotate 90°).
    const photo = await photoLikeJpeg(3000, 2000, { orientation: 6 });
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const result = await processImage(photo);
    const main = await sharp(result.main.body).metadata();
    expect(main).toMatchObject({ format: "webp", width: 533, height: 800 });
    expect(main.orientation).toBeUndefined();
    expect(main.exif).toBeUndefined();
    expect(main.icc).toBeUndefined();
    expect(result.main).toMatchObject({ width: 533, height: 800 });

    expect(result.thumbnails.map((thumbnail) => thumbnail.width)).toEqual([200, 400]);
    for (const thumbnail of result.thumbnails) {
      const meta = await sharp(thumbnail.body).metadata();
      expect(meta).toMatchObject({
        format: "webp",
        width: thumbnail.width,
        height: Math.round(thumbnail.width * 1.5),
      });
    }
  });

  it("never enlarges a small image", async () => {
    const result = await processImage(await smallJpeg(120, 90));
    expect(result.main).toMatchObject({ width: 120, height: 90 });
    expect((await sharp(result.thumbnails[1]!.body).metadata()).width).toBe(120);
  });

  it("accepts PNG (keeping transparency), WebP and GIF", async () => {
    const transparent = await sharp({
      create: { width: 50, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const png = await processImage(transparent);
    expect((await sharp(png.main.body).metadata()).hasAlpha).toBe(true);
    const base = sharp({ create: { width: 30, height: 30, channels: 3, background: "#123456" } });
    for (const bytes of [await base.clone().webp().toBuffer(), await base.clone().gif().toBuffer()]) {
      expect(
        await sharp((await processImage(bytes)).main.body)
          .metadata()
          .then((m) => m.format),
      ).toBe("webp");
    }
  });

  it("neutralises an HTML/JPEG polyglot: the output is a plain WebP without the HTML", async () => {
    const polyglot = await htmlJpegPolyglot();
    expect(polyglot.includes(HTML_PAYLOAD)).toBe(true);
    const result = await processImage(polyglot);
    for (const body of [result.main.body, ...result.thumbnails.map((thumbnail) => thumbnail.body)]) {
      expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(body.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(body.includes("<script")).toBe(false);
      expect(body.includes("<html")).toBe(false);
    }
  });

  it("refuses an SVG with a script", async () => {
    expect(await refusal(SVG_WITH_SCRIPT)).toBe(IMAGE_MESSAGES.unsupportedType);
  });

  it("refuses a PHP script named .jpg (the name is never looked at, the bytes are)", async () => {
    expect(await refusal(PHP_AS_JPG)).toBe(IMAGE_MESSAGES.unsupportedType);
  });

  it("refuses a 20 MB file before reading it", async () => {
    expect(await refusal(twentyMegabytes())).toBe(IMAGE_MESSAGES.tooLarge);
  });

  it("refuses a 50-megapixel PNG", async () => {
    expect(await refusal(fiftyMegapixelPng())).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it("refuses a decompression bomb (900 megapixels in a small file) from its header", async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(MAX_SMALL_FILE);
    expect(await refusal(bomb)).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it("refuses a truncated JPEG", async () => {
    expect(await refusal(await truncatedJpeg())).toBe(IMAGE_MESSAGES.damaged);
  });

  it("refuses an empty file", async () => {
    expect(await refusal(new Uint8Array())).toBe(IMAGE_MESSAGES.empty);
  });

  it("refuses a file whose header says PNG but is garbage", async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("not really"),
    ]);
    expect(await refusal(fake)).toBe(IMAGE_MESSAGES.damaged);
  });

  it("writes every refusal in Spanish", () => {
    for (const message of Object.values(IMAGE_MESSAGES)) expect(message).toMatch(/[a-záéíóúñ]/);
  });
});

const MAX_SMALL_FILE = 1024 * 1024;
