/**
 * GET /i/og/…/<version>.jpg — the link-preview cards the pages declare in `og:image`. Public (a
 * preview crawler has no session). The current version is served for a year, immutable; an old
 * version is sent to the current one, so a preview cached before a change still finds a card.
 */
import { drawOnce, findCard, type CardRequest } from "~/domain/share/og.server";
import type { Route } from "./+types/og-image";

function cardRequest(params: Record<string, string | undefined>): CardRequest | null {
  if (params.productId && params.storeId)
    return { kind: "producto", storeId: params.storeId, productId: params.productId };
  if (params.storeId) return { kind: "tienda", storeId: params.storeId };
  if (params.cityId) return { kind: "ciudad", cityId: params.cityId };
  return { kind: "tianguis" };
}

const notFound = () =>
  new Response("Imagen no encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, storage, env } = context.services;
  const version = /^([A-Za-z0-9_-]{1,40})\.jpg$/.exec(params.file ?? "")?.[1];
  const wanted = cardRequest(params);
  if (!version || !wanted) return notFound();
  const found = await findCard(db, storage, env.publicOrigin, wanted);
  if (!found) return notFound();
  const current = new URL(found.card.url);
  if (!current.pathname.endsWith(`/${version}.jpg`)) {
    return new Response(null, {
      status: 302,
      headers: { Location: current.pathname, "Cache-Control": "public, max-age=300" },
    });
  }
  const jpeg = await drawOnce(found.card.url, found.draw);
  return new Response(request.method === "HEAD" ? null : new Uint8Array(jpeg), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(jpeg.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
