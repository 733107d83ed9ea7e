import { isRouteErrorResponse } from "react-router";

/** The friendly Spanish page for a 404, a 403 or an unexpected error (the request id is in the log). */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = notFound ? "No encontramos esta página" : forbidden ? "Sin permiso" : "Algo salió mal";
  const message = notFound
    ? "La dirección que buscas no existe o ya no está disponible."
    : forbidden
      ? "No tienes permiso para ver esta página."
      : "Tuvimos un problema al mostrar esta página. Intenta de nuevo en unos momentos.";
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{`${title} · Tianguis`}</title>
      <p className="text-5xl font-black text-brand-600" aria-hidden="true">
        {notFound ? "404" : forbidden ? "403" : "¡Uy!"}
      </p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-600">{message}</p>
      <a href="/" className="rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Volver al inicio
      </a>
    </main>
  );
}
