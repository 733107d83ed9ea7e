import { Readable } from "node:stream";
import { requireStoreOwner } from "~/domain/auth/guards.server";
import { exportFileName, storeExportZip } from "~/domain/stores/export.server";
import type { Route } from "./+types/export";

/**
 * GET /i/cuenta/exportar: "Descargar mis datos" — the owner's store as a ZIP of CSV files and one
 * JSON file, made as it is sent. Only the signed-in owner, only their store.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireStoreOwner(request, context);
  const now = new Date();
  context.logger.info("store data exported", { storeId: store.id });
  const body = Readable.toWeb(
    Readable.from(storeExportZip(context.services.db, store.id, now)),
  ) as ReadableStream;
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName(store.id, now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
