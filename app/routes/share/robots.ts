/**
 * GET /robots.txt — public pages open to crawlers; the panels and APIs closed; the sitemap (on a
 * store's own domain, that domain's).
 */
import { robotsTxt } from "~/domain/share/sitemap.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.site.kind === "store" ? context.site.origin : context.services.env.publicOrigin;
  return new Response(robotsTxt(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
