import { Readable } from "node:stream";
import { data } from "react-router";
import { ConfirmIdentitySchema } from "~/domain/auth/account-forms";
import { confirmIdentity } from "~/domain/auth/account.server";
import { wantsJson } from "~/domain/auth/guards.server";
import { requireAccess } from "~/lib/entry-access.server";
import { EXPORT_MESSAGES } from "~/domain/stores/close-store";
import { exportFileName, storeExportZip } from "~/domain/data-export/export.server";
import { AppError } from "~/lib/errors";
import { fieldErrors, invalidForm } from "~/lib/form-result";
import { answering } from "~/lib/http-errors.server";
import { plainPage } from "~/lib/plain-page.server";
import type { Route } from "./+types/export";

/**
 * /i/cuenta/exportar: "Descargar mis datos" — the owner's store as a ZIP of CSV files and one JSON
 * file, made as it is sent. Only the signed-in owner, only their store, and only once they showed
 * it is them: POST with the current password, or GET right after signing in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = await requireAccess(request, context, "account-export");
  try {
    await confirmIdentity(context.services, callerOf(request, context, owner), "");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (wantsJson(request)) throw Response.json({ ok: false, message: error.message }, { status: 403 });
    throw new Response(
      plainPage({ title: "Confirma que eres tú", message: EXPORT_MESSAGES.passwordNeeded }),
      {
        status: 403,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      },
    );
  }
  return exportOf(context, owner.store.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireAccess(request, context, "account-export");
  const identity = ConfirmIdentitySchema.safeParse({
    currentPassword: (await request.formData()).get("currentPassword") ?? "",
  });
  if (!identity.success) return data(invalidForm(EXPORT_MESSAGES.failed, fieldErrors(identity.error)), 400);
  return answering(
    { logger: context.logger, fallback: EXPORT_MESSAGES.failed, logLine: "export failed" },
    async () => {
      await confirmIdentity(
        context.services,
        callerOf(request, context, owner),
        identity.data.currentPassword,
      );
      return exportOf(context, owner.store.id);
    },
  );
}

function callerOf(
  request: Request,
  context: Route.LoaderArgs["context"],
  { user, signedInAt }: { user: { email: string }; signedInAt: Date },
) {
  return { email: user.email, ip: context.clientIp, headers: request.headers, signedInAt };
}

function exportOf(context: Route.LoaderArgs["context"], storeId: string) {
  const now = new Date();
  context.logger.info("store data exported", { storeId });
  const body = Readable.toWeb(
    Readable.from(storeExportZip(context.services.db, storeId, now)),
  ) as ReadableStream;
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName(storeId, now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
