import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
} from "react-router";
import { IslandScripts } from "./components/island";
import { pageHydration } from "./lib/islands";
import type { Route } from "./+types/root";
import "./app.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  // Island pages (app/lib/islands.ts) skip the router's runtime. Development always uses the
  // router, and so does any render in the browser: there, the router is already running.
  const matches = useMatches();
  const hydration =
    import.meta.env.DEV || typeof document !== "undefined" ? "router" : pageHydration(matches);
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ea580c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydration === "router" ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : hydration === "island" ? (
          <IslandScripts />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
