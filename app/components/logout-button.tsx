import { Form } from "react-router";
import { HEADER_ACTION_CLASS } from "./header-action";

/**
 * "Cerrar sesión": ends the session on the server (app/routes/logout.tsx), then goes to the login
 * page, or back to `returnTo` (a link's page, to sign in there with another account).
 */
export function LogoutButton({ returnTo }: { returnTo?: string } = {}) {
  return (
    <Form method="post" action="/i/logout">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <button type="submit" className={HEADER_ACTION_CLASS}>
        Cerrar sesión
      </button>
    </Form>
  );
}
