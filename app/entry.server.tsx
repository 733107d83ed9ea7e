import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { databaseOutage, isDatabaseUnavailable } from "~/db/outage.server";
import { contentSecurityPolicy, framedByOwnPages, REPORTING_ENDPOINTS } from "~/lib/csp";
import { NonceProvider } from "~/lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Production gives every request a nonce (server/security.ts); development (Vite's own inline
  // scripts) has none and no policy.
  const nonce = loadContext?.cspNonce;
  if (nonce) {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy({
        nonce,
        imageOrigins: loadContext.services.env.imageOrigins,
        // Its X-Frame-Options follows the same rule (server/security.ts).
        framedByOwnPages: framedByOwnPages(new URL(request.url).pathname, loadContext.site.kind === "store"),
      }),
    );
    responseHeaders.set("Reporting-Endpoints", REPORTING_ENDPOINTS);
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Every page is sent whole, each Suspense boundary in place: no loader defers data, and the
        // only boundary that suspends here, the Resumen tab's code, would otherwise first show
        // "Cargando resumen…" while its figures waited apart, hidden, for a script to move them in
        // (on its first render after a start, and whenever it passed React's 12.8 KB chunk).
        // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Unexpected errors in loaders, actions and rendering: one log line with the request id, while
 * the visitor sees the friendly Spanish page of the nearest error boundary.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const appContext = context as AppLoadContext | undefined;
  if (isDatabaseUnavailable(error)) {
    // A 503 with Retry-After, and one log line for the whole outage instead of one per request.
    appContext?.databaseUnavailable();
    databaseOutage.failed(error);
    return;
  }
  const logger = appContext?.logger;
  // React Router's own refusals — a method the route does not take (405), an address it does not
  // have — are answers, not faults: the request's log line already has their status, and anyone
  // could fill the error log with PUTs and OPTIONS.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger?.debug("refused by the router", { status: error.status, method: request.method });
    return;
  }
  if (logger) logger.error("unexpected error", { error, path: new URL(request.url).pathname });
  else console.error(error);
};
