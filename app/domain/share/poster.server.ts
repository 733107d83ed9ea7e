/**
 * The counter poster (a printable PDF, A4 or half-letter) and the QR code of the store's address.
 * QR by `qrcode`, PDF by `pdfkit`, text in Open Sans; nothing is drawn in the browser.
 */
import QRCode from "qrcode";
import sharp from "sharp";
import { contrastRatio, readableOn, safeColour } from "~/domain/stores/store-theme";
import { FONT_FILES } from "./cards.server";
import { POSTER_CALL_TO_ACTION, POSTER_SIZES, type PosterSize } from "./share-links";

/** A PNG of the address's QR code: black on white with a quiet zone, the kind every camera reads. */
export function qrPng(address: string, width = 1024): Promise<Buffer> {
  return QRCode.toBuffer(address, { type: "png", width, margin: 4, errorCorrectionLevel: "M" });
}

/** The same QR code as an SVG to put in a page (the kitchen ticket), with the same quiet zone. */
export function qrSvg(address: string): Promise<string> {
  return QRCode.toString(address, { type: "svg", margin: 4, errorCorrectionLevel: "M" });
}

type PosterStore = {
  displayName: string;
  address: string;
  primaryColor: string;
  /** The stored logo (WebP); PDF takes PNG, so it is converted here. */
  logo: Buffer | null;
};

export async function posterPdf(store: PosterStore, size: PosterSize): Promise<Buffer> {
  const [width, height] = POSTER_SIZES[size].points;
  const scale = width / POSTER_SIZES.a4.points[0];
  const brand = safeColour(store.primaryColor, "#ea580c");
  const onBrand = readableOn(brand);
  const [qr, logo] = await Promise.all([
    qrPng(store.address, 1200),
    store.logo
      ? sharp(store.logo)
          .resize(300, 300, { fit: "contain", background: "#ffffff" })
          .flatten({ background: "#ffffff" })
          .png()
          .toBuffer()
          .catch(() => null)
      : null,
  ]);

  // pdfkit, loaded the first time a poster is asked for: a sixth of a second of a core that every
  // server process would otherwise pay at start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    info: { Title: `Cartel de ${store.displayName}`, Author: "Tianguis", Subject: store.address },
  });
  doc.registerFont("bold", FONT_FILES.bold);
  doc.registerFont("regular", FONT_FILES.regular);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const margin = 40 * scale;
  const bandHeight = 150 * scale;
  doc.rect(0, 0, width, bandHeight).fill(brand);
  let nameLeft = margin;
  if (logo) {
    const side = 96 * scale;
    doc.roundedRect(margin, (bandHeight - side) / 2, side, side, 12 * scale).fill("#ffffff");
    doc.image(logo, margin + 6 * scale, (bandHeight - side) / 2 + 6 * scale, {
      fit: [side - 12 * scale, side - 12 * scale],
    });
    nameLeft = margin + side + 20 * scale;
  }
  doc
    .font("bold")
    .fontSize(34 * scale)
    .fillColor(onBrand)
    .text(store.displayName, nameLeft, bandHeight / 2 - 24 * scale, {
      width: width - nameLeft - margin,
      height: 48 * scale,
      ellipsis: true,
      lineBreak: false,
    });

  /** One centred line (or lines) of text across the page, at `top`. */
  const centred = (text: string, top: number, font: "bold" | "regular", size: number, colour: string) =>
    doc
      .font(font)
      .fontSize(size * scale)
      .fillColor(colour)
      .text(text, margin, top, { width: width - 2 * margin, align: "center" });

  let y = bandHeight + 36 * scale;
  centred("¡Haz tu pedido en línea!", y, "bold", 30, "#1c1917");
  y += 56 * scale;
  const qrSide = Math.min(width * 0.62, height - y - 190 * scale);
  doc.image(qr, (width - qrSide) / 2, y, { width: qrSide, height: qrSide });
  y += qrSide + 16 * scale;
  centred(POSTER_CALL_TO_ACTION, y, "bold", 22, contrastRatio(brand, "#ffffff") >= 4.5 ? brand : "#1c1917");
  y += 36 * scale;
  centred(store.address, y, "regular", 16, "#1c1917");
  y += 28 * scale;
  centred("Para recoger o a domicilio · Sin apps ni registros", y, "regular", 13, "#57534e");
  // The credit sits at the foot of the page, on one line.
  doc
    .font("regular")
    .fontSize(10 * scale)
    .fillColor("#78716c")
    .text("Hecho con Tianguis", margin, height - margin, {
      width: width - 2 * margin,
      align: "center",
      lineBreak: false,
    });
  doc.end();
  return done;
}
