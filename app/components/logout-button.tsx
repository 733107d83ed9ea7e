import { Form } from "react-router";
import { HEADER_ACTION_CLASS } from "./header-action";

/** "Cerrar sesión": ends the session on the server (app/routes/logout.tsx). */
export function LogoutButton() {
  return (
    <Form method="post" action="/i/logout">
      <button type="submit" className={HEADER_ACTION_CLASS}>
        Cerrar sesión
      </button>
    </Form>
  );
}
