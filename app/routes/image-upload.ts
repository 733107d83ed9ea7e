/**
 * POST /i/admin/upload — the logo and product-image inputs send one image here (multipart:
 * `file`, `kind`). Only the store's owner; the answer is JSON { key, urls } or { error }.
 */
import { data } from "react-router";
import { requireStoreOwner } from "~/domain/auth/guards.server";
import { isImageKind } from "~/domain/images/image-keys";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-messages";
import { imageSources } from "~/domain/images/image-urls";
import { storeImage } from "~/domain/images/store-image.server";
import { consume } from "~/domain/rate-limit/rate-limit.server";
import { AppError } from "~/lib/errors";
import type { Route } from "./+types/image-upload";

/** Room for the multipart boundaries and the `kind` field around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;
const UPLOADS_PER_HOUR = { limit: 300, windowMs: 60 * 60 * 1000 };

type UploadResponse =
  { key: string; urls: ReturnType<typeof imageSources>; width: number; height: number } | { error: string };

const failure = (error: string, status: number, headers?: HeadersInit) =>
  data<UploadResponse>({ error }, { status, headers });

export async function loader() {
  return failure("Método no permitido.", 405, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await guard(request, context);
  if ("error" in owner) return owner.error;
  if (request.method !== "POST") return failure("Método no permitido.", 405, { Allow: "POST" });

  const declared = Number(request.headers.get("content-length") ?? "0");
  // Node discards the unread body after the answer, so the client still reads this 413.
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) return failure(IMAGE_MESSAGES.tooLarge, 413);

  const limited = await consume(
    context.services.db,
    `image-upload:store:${owner.store.id}`,
    UPLOADS_PER_HOUR,
  );
  if (limited.exceeded) {
    return failure(IMAGE_MESSAGES.rateLimited, 429, { "Retry-After": String(limited.retryAfterSeconds) });
  }

  const body = await readLimitedBody(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD);
  // A body without a declared length that keeps growing: answer and close the connection.
  if (!body) return failure(IMAGE_MESSAGES.tooLarge, 413, { Connection: "close" });
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: request.headers, body }).formData();
  } catch {
    return failure(IMAGE_MESSAGES.missingFile, 400);
  }
  const kind = form.get("kind");
  const file = form.get("file");
  if (!isImageKind(kind)) return failure(IMAGE_MESSAGES.invalidKind, 400);
  // The file's name and declared type are ignored: only its bytes count.
  if (!(file instanceof Blob)) return failure(IMAGE_MESSAGES.missingFile, 400);

  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const stored = await storeImage(
      context.services.storage,
      { kind, storeId: owner.store.id, bytes },
      context.logger,
    );
    context.logger.info("image stored", { storeId: owner.store.id, key: stored.key });
    return data<UploadResponse>({ ...stored, urls: imageSources(stored.key) }, { status: 201 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.logger.info("image refused", { storeId: owner.store.id, reason: error.message });
    if (error.message === IMAGE_MESSAGES.tooLarge) return failure(error.message, 413);
    return failure(error.message, error.code === "VALIDATION" ? 422 : 503);
  }
}

/**
 * requireStoreOwner, answered in JSON: this endpoint is called by script, where a redirect to
 * the login page would read as a success.
 */
async function guard(request: Request, context: Route.ActionArgs["context"]) {
  try {
    return await requireStoreOwner(request, context);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return { error: failure(IMAGE_MESSAGES.signInRequired, 401) };
    }
    if (isDataWithStatus(thrown))
      return { error: failure(IMAGE_MESSAGES.notFound, thrown.init?.status ?? 404) };
    throw thrown;
  }
}

function isDataWithStatus(value: unknown): value is { init: { status?: number } | null } {
  return typeof value === "object" && value !== null && "init" in value && "data" in value;
}

/** The request body, or null as soon as it grows past `limit` (a missing Content-Length is no way around the cap). */
async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Stop reading, without destroying the socket before the 413 is sent.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
