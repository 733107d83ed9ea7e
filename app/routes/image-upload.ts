/**
 * POST /i/admin/upload — the logo and product-image inputs send one image here (multipart:
 * `file`, `kind`). Only the store's owner; the answer is the one form-result shape:
 * `{ ok: true, key, urls, width, height }` or `{ ok: false, message }`.
 */
import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { isImageKind } from "~/domain/images/image-keys";
import { IMAGE_MESSAGES } from "~/domain/images/image-messages";
import { imageSources } from "~/domain/images/image-urls";
import { deleteImage, storeImage } from "~/domain/images/store-image.server";
import { recordUpload } from "~/domain/images/unattached-uploads.server";
import { enforce } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import { answering } from "~/lib/http-errors.server";
import { entryPoint } from "~/lib/entry-points";
import { readCappedForm } from "~/lib/limited-body.server";
import type { Route } from "./+types/image-upload";

/** The file and the multipart boundaries and `kind` field around it, as the entry declares. */
const MAX_BODY = entryPoint("admin-upload").body.limit;

export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireAccess(request, context, "admin-upload");
  const options = {
    logger: context.logger,
    fallback: IMAGE_MESSAGES.uploadFailed,
    logLine: "image upload failed",
  };
  return answering(options, async () => {
    const declared = Number(request.headers.get("content-length") ?? "0");
    // Refused before the upload counts against the store's limit (readCappedForm checks it again).
    if (declared > MAX_BODY) throw new AppError("TOO_LARGE", IMAGE_MESSAGES.tooLarge);
    await enforce(
      context.services.db,
      [{ name: "uploadPerStore", subject: store.id }],
      IMAGE_MESSAGES.rateLimited,
    );

    const form = await readCappedForm(request, MAX_BODY, {
      tooLarge: () => new AppError("TOO_LARGE", IMAGE_MESSAGES.tooLarge),
      notAForm: () => new AppError("VALIDATION", IMAGE_MESSAGES.missingFile),
    });
    const kind = form.get("kind");
    const file = form.get("file");
    if (!isImageKind(kind)) throw new AppError("VALIDATION", IMAGE_MESSAGES.invalidKind);
    // The file's name and declared type are ignored: only its bytes count.
    if (!(file instanceof Blob)) throw new AppError("VALIDATION", IMAGE_MESSAGES.missingFile);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stored = await storeImage(
      context.services.storage,
      { kind, storeId: store.id, bytes },
      context.logger,
    );
    try {
      // Until a product or the logo uses it, it is an upload to delete if abandoned.
      await recordUpload(context.services.db, stored.key);
    } catch (error) {
      await deleteImage(context.services.storage, stored.key, context.logger);
      throw error;
    }
    context.logger.info("image stored", { storeId: store.id, key: stored.key });
    return data({ ok: true as const, ...stored, urls: imageSources(stored.key) }, { status: 201 });
  });
}
