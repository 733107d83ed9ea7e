import { redirect } from "react-router";
import { logOut } from "~/domain/auth/login.server";
import type { Route } from "./+types/logout";

/** "Cerrar sesión": ends the session on the server and goes to the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await logOut(context.services.auth, request.headers);
  return redirect("/i/login", { headers });
}

export async function loader() {
  return redirect("/i/login");
}
