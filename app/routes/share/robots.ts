/** GET /robots.txt — public pages open to crawlers; the panels and APIs closed; the sitemap. */
import { robotsTxt } from "~/domain/share/sitemap.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.services.env.publicOrigin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
