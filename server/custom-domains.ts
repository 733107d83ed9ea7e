/**
 * Stores' own domains at the edge (docs/decisions/018): the request's `Host` picks the
 * site; on a store's domain only that store's pages and what they need are served
 * (app/domain/domains/host-routing.ts), cookies are neither read nor ever set, and the rest is 404.
 */
import type { Request, RequestHandler, Response } from "express";
import { routeOnCustomHost } from "~/domain/domains/host-routing";
import type { RequestSite, SiteResolver } from "~/domain/domains/site-cache.server";
import { storeAddress } from "~/domain/stores/store-links";
import type { Env } from "~/lib/env.server";
import { plainPage } from "~/lib/plain-page.server";

export const CUSTOM_DOMAIN_PAGES = {
  notFound: {
    title: "No encontramos esta página",
    message: "Esta dirección no existe en esta tienda.",
    link: "Ir a la tienda",
  },
  unavailable: {
    title: "Esta tienda no está disponible en este dominio",
    message: (storeName: string) =>
      `Por ahora ${storeName} no se muestra en esta dirección, pero sigue recibiendo pedidos en Tianguis.`,
    link: (address: string) => `Ir a la tienda en ${address}`,
  },
} as const;

export function siteByHost(sites: SiteResolver, env: Env): RequestHandler {
  const secure = env.publicOrigin.startsWith("https://");
  return async (req, res, next) => {
    let site: RequestSite;
    try {
      site = await sites.resolve(req.hostname ?? "");
    } catch (error) {
      return next(error);
    }
    res.locals.site = site;
    if (site.kind === "platform") return next();

    // Nothing on a store's domain reads or writes a cookie: no session, no device, no other.
    delete req.headers.cookie;
    withoutCookies(res);
    // The platform's HSTS covers its subdomains; an owner's other subdomains are not ours to force.
    if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000");

    const route = routeOnCustomHost(req.path, site.storeId, site.active);
    switch (route.kind) {
      case "pass":
        return next();
      case "store-page":
        rewrite(req, route.path);
        return next();
      case "redirect":
        return res.redirect(301, `${route.location}${search(req)}`);
      case "unavailable": {
        const address = storeAddress(env.publicOrigin, site.storeId);
        const page = CUSTOM_DOMAIN_PAGES.unavailable;
        return void res
          .status(404)
          .set("Cache-Control", "no-store")
          .type("html")
          .send(
            plainPage({
              title: page.title,
              message: page.message(site.storeName),
              link: { href: address, label: page.link(address) },
            }),
          );
      }
      case "not-found": {
        const page = CUSTOM_DOMAIN_PAGES.notFound;
        return void res
          .status(404)
          .type("html")
          .send(
            plainPage({ title: page.title, message: page.message, link: { href: "/", label: page.link } }),
          );
      }
    }
  };
}

function search(req: Request) {
  const at = req.url.indexOf("?");
  return at === -1 ? "" : req.url.slice(at);
}

/** The platform route renders the page (`/` → `/<storeId>`); the browser's address stays. */
function rewrite(req: Request, path: string) {
  req.url = `${path}${search(req)}`;
  req.originalUrl = req.url;
}

/**
 * Drops every `Set-Cookie` when the head is written, whoever set it (a route, better-auth, an
 * error page) and however (`setHeader`, `append`, or the head's own argument).
 */
function withoutCookies(res: Response) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    this.removeHeader("Set-Cookie");
    const cleaned = args.map((arg, index) =>
      index > 0 && typeof arg === "object" && arg !== null ? dropCookies(arg) : arg,
    );
    return (writeHead as (...rest: unknown[]) => Response).apply(this, cleaned);
  } as Response["writeHead"];
}

const isCookie = (name: unknown) => String(name).toLowerCase() === "set-cookie";

/** The head's own headers without Set-Cookie: an object, `[[name, value]…]` or `[name, value…]`. */
function dropCookies(headers: object): object {
  if (!Array.isArray(headers))
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCookie(name)));
  if (headers.every(Array.isArray)) return headers.filter(([name]) => !isCookie(name));
  const kept: unknown[] = [];
  for (let index = 0; index < headers.length; index += 2) {
    if (!isCookie(headers[index])) kept.push(headers[index], headers[index + 1]);
  }
  return kept;
}
