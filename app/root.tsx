import { ErrorPage } from "~/components/error-page";
import {
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
import { useNonce } from "./lib/nonce";
import type { Route } from "./+types/root";
import "./app.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  // Island pages (app/lib/islands.ts) skip the router's runtime. Development always uses the
  // router, and so does any render in the browser: there, the router is already running.
  const matches = useMatches();
  const nonce = useNonce();
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
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : hydration === "island" ? (
          <IslandScripts nonce={nonce} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
