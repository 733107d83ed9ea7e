/** GET /i/admin/share/qr.png — the QR code of the owner's store address, as a PNG to download. */
import { requireStoreOwner } from "~/domain/auth/guards.server";
import { qrPng } from "~/domain/share/poster.server";
import { storeAddress } from "~/domain/share/share-links";
import type { Route } from "./+types/share-qr";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { store } = await requireStoreOwner(request, context);
  const png = await qrPng(storeAddress(context.services.env.publicOrigin, store.id));
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="qr-${store.id}.png"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
