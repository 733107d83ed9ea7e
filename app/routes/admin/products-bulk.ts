/**
 * POST /i/admin/products/bulk — the Productos tab's bulk edit: `productIds` (comma-separated) or
 * `productId` repeated, and `change`: "price" (`priceKind` percent or amount, `value`), "category"
 * (`category`) or "availability" (`available`). One transaction; another store's product in the
 * selection changes nothing (404).
 */
import { data } from "react-router";
import { requireAccess } from "~/lib/entry-access.server";
import { BULK_MESSAGES, bulkEditSubject, parsePriceChange, type BulkEdit } from "~/domain/products/catalogue";
import { bulkEdit } from "~/domain/products/catalogue.server";
import { actorOf, withActivity } from "~/domain/team/activity.server";
import { answering } from "~/lib/http-errors.server";
import type { Route } from "./+types/products-bulk";

export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-products-bulk");
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  // One field of ids joined by commas: a whole catalogue selected stays far under the form's 32 KB.
  const ids = [...form.getAll("productId"), ...text("productIds").split(",")].filter(
    (id): id is string => typeof id === "string" && id.length > 0 && id.length <= 40,
  );
  if (ids.length === 0 || ids.length > 5_000)
    return data({ ok: false as const, message: BULK_MESSAGES.none }, 400);
  let edit: BulkEdit;
  const change = text("change");
  if (change === "price") {
    const parsed = parsePriceChange(text("priceKind"), text("value"));
    if ("error" in parsed)
      return data({ ok: false as const, message: parsed.error, fieldErrors: { value: parsed.error } }, 400);
    edit = { kind: "price", change: parsed };
  } else if (change === "category") edit = { kind: "category", category: text("category") };
  else if (change === "availability" && ["true", "false"].includes(text("available")))
    edit = { kind: "availability", available: text("available") === "true" };
  else return data({ ok: false as const, message: BULK_MESSAGES.change }, 400);
  const options = { logger: context.logger, fallback: BULK_MESSAGES.failed, logLine: "bulk edit failed" };
  return answering(options, async () => {
    const count = await withActivity(
      context.services.db,
      actorOf(user),
      store.id,
      (tx) => bulkEdit(tx, store.id, ids, edit),
      (changed) => ({ kind: "products_bulk", subject: bulkEditSubject(edit), details: { count: changed } }),
    );
    return { ok: true as const, message: BULK_MESSAGES.done(count) };
  });
}
