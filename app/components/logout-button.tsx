import { Form } from "react-router";

/** "Cerrar sesión": ends the session on the server (app/routes/logout.tsx). */
export function LogoutButton() {
  return (
    <Form method="post" action="/i/logout">
      <button
        type="submit"
        className="rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100"
      >
        Cerrar sesión
      </button>
    </Form>
  );
}
