import type { AppLoadContext } from "react-router";
import { logIn } from "./login.server";

/** Signs in from a link's page (a claim, an invitation), with the login's limits. */
export function signInWithLink(
  request: Request,
  context: AppLoadContext,
  { email, password }: { email: string; password: string },
) {
  return logIn(context.services, { email, password, ip: context.clientIp, headers: request.headers });
}

/** The session cookie a login just set, as a request would carry it. */
export function sessionHeaders(setCookies: Headers) {
  const cookie = setCookies
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}
