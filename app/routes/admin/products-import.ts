/**
 * POST /i/admin/products/import — multipart: `file` (CSV or XLSX), optional `photos` (a ZIP),
 * `intent` ("preview" or "apply"), and the owner's choices: `validOnly` (apply the valid rows and
 * skip the refused ones) and `overwrite` (the file's values win over what changed in the store
 * after the export). The preview answers what would be created, changed and refused; the apply
 * writes it (docs/decisions/035, 050). One import at a time per store. The route reads its own
 * body under the cap its entry point declares (app/lib/entry-points.ts), after the guard.
 */
import type { Executor } from "~/db/client.server";
import { requireAccess } from "~/lib/entry-access.server";
import {
  FILE_MESSAGES,
  MAX_SHEET_BYTES,
  readPhotos,
  readSheet,
  sheetKind,
} from "~/domain/products/catalogue-files.server";
import { CATALOGUE_MESSAGES } from "~/domain/products/catalogue";
import { applyImport, oneImportAtATime, previewImport } from "~/domain/products/catalogue.server";
import { actorOf, recordActivity } from "~/domain/team/activity.server";
import { AppError } from "~/lib/errors";
import { answering } from "~/lib/http-errors.server";
import { entryPoint } from "~/lib/entry-points";
import { readCappedForm } from "~/lib/limited-body.server";
import type { Route } from "./+types/products-import";

/** The sheet, the ZIP and the multipart boundaries around them, as the entry declares. */
const MAX_IMPORT_BODY = entryPoint("admin-products-import").body.limit;
const FAILED = "No se pudo importar el archivo. Intenta de nuevo.";

export async function action({ request, context }: Route.ActionArgs) {
  const { user, store } = await requireAccess(request, context, "admin-products-import");
  const options = { logger: context.logger, fallback: FAILED, logLine: "catalogue import failed" };
  return answering(options, async () => {
    const form = await readCappedForm(request, MAX_IMPORT_BODY, {
      tooLarge: () => new AppError("TOO_LARGE", FILE_MESSAGES.zipTooLarge),
      notAForm: () => new AppError("VALIDATION", FILE_MESSAGES.missingSheet, { field: "file" }),
    });
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      throw new AppError("VALIDATION", FILE_MESSAGES.missingSheet, { field: "file" });
    if (file.size > MAX_SHEET_BYTES)
      throw new AppError("TOO_LARGE", FILE_MESSAGES.sheetTooLarge, { field: "file" });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sheetKind(bytes, file.name);
    if (!kind) throw new AppError("VALIDATION", FILE_MESSAGES.sheetType, { field: "file" });
    const zip = form.get("photos");
    const choices = { validOnly: form.get("validOnly") === "1", overwrite: form.get("overwrite") === "1" };
    const { db, storage } = context.services;
    return oneImportAtATime(db, store.id, async (tx) => {
      const rows = await readSheet(bytes, kind);
      const photos =
        zip instanceof File && zip.size > 0
          ? await readPhotos(new Uint8Array(await zip.arrayBuffer()))
          : null;
      if (form.get("intent") === "apply") {
        const deps = {
          storage,
          logger: context.logger,
          uploads: db,
          // Who applied the file, on the Equipo tab's Actividad, in the import's own transaction.
          onApplied: (tx: Executor, details: { created: number; changed: number }) =>
            recordActivity(tx, actorOf(user), store.id, { kind: "products_imported", details }),
        };
        const applied = await applyImport(tx, store.id, { rows, photos }, deps, choices);
        return {
          ok: true as const,
          message: CATALOGUE_MESSAGES.applied(applied.created, applied.changed, applied.skipped),
          preview: applied.summary,
        };
      }
      return { ok: true as const, preview: await previewImport(tx, store.id, { rows, photos }, choices) };
    });
  });
}
