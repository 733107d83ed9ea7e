import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "~/domain/images/image-messages";
import { thumbnailKey } from "~/domain/images/image-urls";
import {
  expectAccessible,
  newPhonePage,
  signedInOwner,
  uniqueSuffix,
  useBrowser,
  useE2eDatabase,
} from "../support/browser";
import { PHP_AS_JPG } from "../support/hostile-images";
import { photoLikeJpeg } from "../support/photo";

const browser = useBrowser();
const db = useE2eDatabase();

async function ownerPage() {
  const page = await newPhonePage(browser.browser, browser.baseUrl);
  const owner = await signedInOwner(page.context(), db);
  return { page, ...owner };
}

async function openNewProductDialog(page: Page) {
  await page.goto("/i/admin?tab=productos");
  await page.locator("main[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Agregar producto" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar producto" });
  await dialog.waitFor();
  return dialog;
}

describe("image upload", () => {
  it("holds the product form's submit while the image is still uploading, then saves it with the image", async () => {
    const { page } = await ownerPage();
    const dialog = await openNewProductDialog(page);
    await dialog.getByLabel("Nombre").fill(`Oreja ${uniqueSuffix()}`);
    await dialog.getByLabel("Descripción").fill("Hojaldre caramelizado");
    await dialog.getByLabel("Precio (MXN)").fill("15");
    // The real server answers, a little later than usual, so the save is tried mid-upload.
    let releaseUpload: () => void = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route("**/i/admin/upload", async (route) => {
      await uploadHeld;
      await route.continue();
    });
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/i/admin/products"))
        saves.push(request.url());
    });
    const photo = await photoLikeJpeg(800, 600);
    await dialog
      .getByLabel("Elegir foto: Imagen del producto")
      .setInputFiles({ name: "oreja.jpg", mimeType: "image/jpeg", buffer: photo });
    await dialog.getByRole("status").filter({ hasText: "Subiendo imagen" }).waitFor();
    await dialog.getByRole("button", { name: "Agregar producto" }).click();
    await dialog.getByText("Espera a que termine de subir la imagen.").waitFor();
    expect(saves).toEqual([]);

    releaseUpload();
    await dialog.getByRole("status").filter({ hasText: "Imagen lista" }).waitFor();
    await dialog.getByRole("button", { name: "Agregar producto" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(saves).toHaveLength(1);
    await page.context().close();
  });

  it("an owner uploads a 3000×2000 photo as a product image and sees its thumbnail on the storefront", async () => {
    const { page, storeId } = await ownerPage();
    const dialog = await openNewProductDialog(page);
    const name = `Concha ${uniqueSuffix()}`;
    await dialog.getByLabel("Nombre").fill(name);
    await dialog.getByLabel("Descripción").fill("Recién horneada");
    await dialog.getByLabel("Precio (MXN)").fill("14");

    const uploads: { status: number; bytes: number }[] = [];
    page.on("requestfinished", async (request) => {
      if (!request.url().endsWith("/i/admin/upload")) return;
      const response = await request.response();
      uploads.push({ status: response?.status() ?? 0, bytes: request.postDataBuffer()?.length ?? 0 });
    });
    const requested: string[] = [];
    page.context().on("request", (request) => requested.push(request.url()));
    const photo = await photoLikeJpeg(3000, 2000);
    await dialog
      .getByLabel("Elegir foto: Imagen del producto")
      .setInputFiles({ name: "IMG_2024.jpg", mimeType: "image/jpeg", buffer: photo });
    await dialog.getByRole("status").filter({ hasText: "Imagen lista" }).waitFor();
    // Compressed in the browser before it went up: at most 1 MB (plus the form's framing).
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.status).toBe(201);
    expect(uploads[0]!.bytes).toBeLessThan(photo.length);
    expect(uploads[0]!.bytes).toBeLessThan(1024 * 1024 + 2048);
    // The library's module, and its copy that the web worker imports, both from our own assets.
    expect(
      new Set(requested.filter((url) => /\/assets\/browser-image-compression-[\w-]+\.js$/.test(url))).size,
    ).toBe(2);
    // The compression library comes from our own assets, never from a CDN.
    expect(requested.filter((url) => !url.startsWith(browser.baseUrl) && !url.startsWith("blob:"))).toEqual(
      [],
    );
    const preview = dialog.getByRole("img", { name: "Vista previa: Imagen del producto" });
    expect(await preview.getAttribute("src")).toMatch(
      new RegExp(`^/media/product-images-thumbnails/${storeId}/[a-z0-9]{20}-400\\.webp$`),
    );
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Agregar producto" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.goto(`/${storeId}`);
    const image = page.getByRole("img", { name }).first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    const current = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
    expect(current).toMatch(
      new RegExp(`/media/product-images-thumbnails/${storeId}/[a-z0-9]{20}-(200|400)\\.webp$`),
    );

    const served = await page.request.get(current);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(await served.body()).metadata();
    expect(meta.format).toBe("webp");
    expect([200, 400]).toContain(meta.width);

    // The main image, as the large view shows it: WebP, 800 px on its longer side, no metadata.
    await page.getByRole("button", { name: `Ver foto grande de ${name}` }).click();
    const large = page.getByRole("dialog").getByRole("img");
    await expect
      .poll(() => large.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    expect(
      await large.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight]),
    ).toEqual([800, 533]);
    const mainUrl = await large.evaluate((element: HTMLImageElement) => element.currentSrc);
    expect(mainUrl).toMatch(new RegExp(`/media/product-images/${storeId}/[a-z0-9]{20}\\.webp$`));
    const main = await page.request.get(mainUrl);
    expect(main.headers()["content-type"]).toBe("image/webp");
    const mainMeta = await sharp(await main.body()).metadata();
    expect([mainMeta.format, mainMeta.width, mainMeta.height]).toEqual(["webp", 800, 533]);
    expect(mainMeta.exif).toBeUndefined();
    await page.context().close();
  });

  it("shows the server's Spanish message for a file that is not an image", async () => {
    const { page } = await ownerPage();
    const dialog = await openNewProductDialog(page);
    await dialog
      .getByLabel("Elegir foto: Imagen del producto")
      .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: PHP_AS_JPG });
    await dialog.getByRole("status").filter({ hasText: IMAGE_MESSAGES.unsupportedType }).waitFor();
    expect(await dialog.getByRole("img", { name: /Vista previa/ }).count()).toBe(0);
    await page.context().close();
  });

  it("a failed upload says so and can be retried", async () => {
    const { page, storeId } = await ownerPage();
    const dialog = await openNewProductDialog(page);
    let attempts = 0;
    await page.route("**/i/admin/upload", async (route) => {
      attempts++;
      if (attempts === 1) await route.abort("connectionreset");
      else await route.continue();
    });
    await dialog
      .getByLabel("Elegir foto: Imagen del producto")
      .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: await photoLikeJpeg(1200, 900) });
    await dialog.getByRole("status").filter({ hasText: IMAGE_MESSAGES.uploadFailed }).waitFor();

    await dialog.getByRole("button", { name: "Reintentar" }).click();
    await dialog.getByRole("status").filter({ hasText: "Imagen lista" }).waitFor();
    expect(attempts).toBe(2);
    const key = await dialog.locator("input[type=hidden][name=imageKey]").inputValue();
    expect(key).toMatch(new RegExp(`^product-images/${storeId}/[a-z0-9]{20}\\.webp$`));
    await page.context().close();
  });

  it("a new logo replaces the old one on the storefront, and the old files are deleted", async () => {
    const { page, storeId } = await ownerPage();
    const uploadLogo = async (colour: string) => {
      await page.goto("/i/admin?tab=configuracion");
      await page.locator("main[data-hydrated]").waitFor();
      const logo = await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
        .png()
        .toBuffer();
      await page
        .getByLabel(/^(Elegir|Cambiar) foto: Logo$/)
        .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
      await page.getByRole("status").filter({ hasText: "Imagen lista" }).waitFor();
      const key = await page.locator("input[type=hidden][name=logoKey]").inputValue();
      await page.getByRole("button", { name: "Guardar configuración" }).click();
      await page.getByRole("status").filter({ hasText: "Configuración guardada exitosamente" }).waitFor();
      return key;
    };
    const first = await uploadLogo("#b45309");
    const second = await uploadLogo("#2563eb");
    expect(second).not.toBe(first);

    await page.goto(`/${storeId}`);
    const sources = await page
      .locator("header img")
      .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
    expect(sources).toContain(`/media/${thumbnailKey(second, 200)}`);
    for (const url of [
      `/media/${first}`,
      `/media/${thumbnailKey(first, 200)}`,
      `/media/${thumbnailKey(first, 400)}`,
    ]) {
      expect((await page.request.get(url)).status(), url).toBe(404);
    }
    expect((await page.request.get(`/media/${second}`)).status()).toBe(200);
    await page.context().close();
  });
});
