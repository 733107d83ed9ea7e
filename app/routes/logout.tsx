import { redirect } from "react-router";
import { logOut } from "~/domain/auth/login.server";
import type { Route } from "./+types/logout";

/** A path of this site to go back to: "/" then no second "/" or "\" (never another host). */
const LOCAL_PATH = /^\/(?![/\\])[A-Za-z0-9/_-]{0,200}$/;

/** "Cerrar sesión": ends the session on the server and goes to the login page, or to the page it was asked for. */
export async function action({ request, context }: Route.ActionArgs) {
  // A post without a form body still logs out.
  const form = await request.formData().catch(() => null);
  const returnTo = form?.get("returnTo");
  const headers = await logOut(context.services.auth, request.headers);
  return redirect(typeof returnTo === "string" && LOCAL_PATH.test(returnTo) ? returnTo : "/i/login", {
    headers,
  });
}

export async function loader() {
  return redirect("/i/login");
}
