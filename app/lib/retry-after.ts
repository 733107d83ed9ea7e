/**
 * A route module with a page only sends the headers its `headers` export returns, so a loader's or
 * an action's `Retry-After` (a 429 from a rate limit, a 503 from a busy server) would be lost on the
 * way to the browser without this. Nothing else of their headers is passed on: a session cookie
 * travels on the redirect, which keeps its own headers.
 */
export function retryAfterOf({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders?: Headers;
}): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
