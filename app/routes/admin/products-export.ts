/**
 * GET /i/admin/productos.csv and /i/admin/productos.xlsx — every product of the store, to edit in a
 * spreadsheet and import again (docs/decisions/035). Products capability: the owner and an encargado.
 */
import { catalogueCsv, catalogueXlsx } from "~/domain/products/catalogue-files.server";
import { catalogueRows } from "~/domain/products/catalogue.server";
import { requireAccess } from "~/lib/entry-access.server";
import type { Route } from "./+types/products-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const xlsx = new URL(request.url).pathname.endsWith(".xlsx");
  const entry = xlsx ? "products-export-xlsx" : "products-export-csv";
  const { store } = await requireAccess(request, context, entry);
  const rows = await catalogueRows(context.services.db, store.id);
  const headers = {
    "Content-Disposition": `attachment; filename="productos-${store.id}.${xlsx ? "xlsx" : "csv"}"`,
    "Cache-Control": "private, no-store",
  };
  if (xlsx)
    return new Response(await catalogueXlsx(rows), {
      headers: {
        ...headers,
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    });
  return new Response(catalogueCsv(rows), {
    headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" },
  });
}
