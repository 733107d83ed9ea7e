/** GET /i/admin/share/qr.png — the QR code of the owner's store address, as a PNG to download. */
import { requireAccess } from "~/lib/entry-access.server";
import { qrPng } from "~/domain/share/poster.server";
import { publicStoreAddress } from "~/domain/domains/custom-domains.server";
import type { Route } from "./+types/share-qr";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireAccess(request, context, "admin-share-qr");
  const { db, env } = context.services;
  const png = await qrPng(await publicStoreAddress(db, env.publicOrigin, store.id));
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="qr-${store.id}.png"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
