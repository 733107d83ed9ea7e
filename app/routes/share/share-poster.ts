/**
 * GET /i/admin/share/poster.pdf?tamano=a4|media-carta — the counter poster of the owner's store:
 * logo, name, colours, the QR of its address and a call to action, as a printable PDF.
 */
import { requireAccess } from "~/lib/entry-access.server";
import { posterPdf } from "~/domain/share/poster.server";
import { publicStoreAddress } from "~/domain/domains/custom-domains.server";
import { isPosterSize } from "~/domain/share/share-links";
import type { Route } from "./+types/share-poster";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireAccess(request, context, "admin-share-poster");
  const { storage, env, db } = context.services;
  const requested = new URL(request.url).searchParams.get("tamano") ?? "a4";
  const size = isPosterSize(requested) ? requested : "a4";
  const { settings } = store;
  const logo = settings.logoKey ? ((await storage.get(settings.logoKey))?.body ?? null) : null;
  const pdf = await posterPdf(
    {
      displayName: settings.displayName || store.id,
      address: await publicStoreAddress(db, env.publicOrigin, store.id),
      primaryColor: settings.primaryColor,
      logo,
    },
    size,
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="cartel-${store.id}-${size}.pdf"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
