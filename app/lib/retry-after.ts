/**
 * A route module with a page only sends the headers its `headers` export returns, so an action's
 * `Retry-After` (a 429 from a rate limit, a 503 from a busy server) would be lost on the way to
 * the browser without this. Nothing else of the action's headers is passed on: a session cookie
 * travels on the redirect, which keeps its own headers.
 */
export function retryAfterOf({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
