/**
 * Reading a request body under a cap, for the routes whose body streams to them (their entry
 * point's `body` in app/lib/entry-points.ts).
 */
import type { AppError } from "./errors";

/** What a capped form is refused with: each route words its own, next to its own field. */
export type CappedFormRefusals = { tooLarge: () => AppError; notAForm: () => AppError };

/**
 * A multipart (or URL-encoded) form of at most `limit` bytes. Refused as too large when it says it
 * is longer (Node discards the unread body after the answer, so the client still reads it), or as
 * soon as it grows past the limit without saying (the unread rest is drained, server/security.ts,
 * dropUnreadBody); refused as not a form when it cannot be read as one.
 */
export async function readCappedForm(
  request: Request,
  limit: number,
  refuse: CappedFormRefusals,
): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw refuse.tooLarge();
  const body = await readLimitedBody(request, limit);
  if (!body) throw refuse.tooLarge();
  try {
    return await new Request(request.url, { method: "POST", headers: request.headers, body }).formData();
  } catch {
    throw refuse.notAForm();
  }
}

/** The request body, or null as soon as it grows past `limit` (a missing Content-Length is no way around the cap). */
export async function readLimitedBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
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
