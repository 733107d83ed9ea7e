/**
 * The login form's door (docs/decisions/011-login-limits-and-hashing.md). During a flood
 * most logins are refused because the hashing queue is full, and refusing one through React Router
 * (matching, the action, the login page's render) costs the event loop about 25 ms — 40 at once
 * kept static files waiting for a second. The door counts the logins the server has taken in and
 * answers the rest with a small page of its own before anything reads their body.
 *
 * Only the form sent without JavaScript comes through here: a `.data` request gets the action's
 * own 503, which renders no page. A browser carrying a known-device cookie always passes (its hash
 * has a lane of its own); the action checks the cookie's signature, so a forged one only buys the
 * ordinary path, limits and queue included.
 */
import type { RequestHandler } from "express";
import { KNOWN_DEVICE_COOKIE } from "~/domain/auth/known-device.server";
import { HASH_BUSY_MESSAGE, HASH_BUSY_RETRY_SECONDS } from "~/domain/auth/password-hash.server";
import { plainPage } from "~/lib/plain-page.server";

export function loginDoor({
  admission,
  queueFull,
}: {
  admission: number;
  queueFull: () => boolean;
}): RequestHandler {
  let inside = 0;
  return (req, res, next) => {
    if (req.method !== "POST" || req.path !== "/i/login") return next();
    if (req.get("cookie")?.includes(`${KNOWN_DEVICE_COOKIE}=`)) return next();
    if (inside >= admission || queueFull()) {
      res
        .status(503)
        .set("Retry-After", String(HASH_BUSY_RETRY_SECONDS))
        .type("html")
        .send(
          plainPage({
            title: "Espera unos segundos",
            message: HASH_BUSY_MESSAGE,
            link: { href: "/i/login", label: "Volver a intentar" },
          }),
        );
      return;
    }
    inside++;
    res.once("close", () => inside--);
    next();
  };
}
