import sharp from "sharp";

/**
 * A photo-like JPEG (smooth gradients, shapes and sensor-like noise, so it compresses like a
 * camera picture rather than a flat colour), optionally with an EXIF orientation.
 */
export async function photoLikeJpeg(
  width: number,
  height: number,
  options: { orientation?: number; seed?: number } = {},
) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = options.seed ?? 12345;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const cx = width * 0.6;
  const cy = height * 0.45;
  const radius = Math.min(width, height) * 0.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const inside = (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2;
      const noise = (random() - 0.5) * 24;
      const wave = Math.sin(x / 37) * Math.cos(y / 53) * 30;
      pixels[i] = clamp((inside ? 220 : 60 + (x / width) * 120) + noise + wave);
      pixels[i + 1] = clamp((inside ? 150 : 90 + (y / height) * 100) + noise);
      pixels[i + 2] = clamp((inside ? 60 : 170 - (x / width) * 80) + noise - wave);
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.jpeg({ quality: 88 }).toBuffer();
}

function clamp(value: number) {
  return Math.max(0, Math.min(255, Math.round(value)));
}
