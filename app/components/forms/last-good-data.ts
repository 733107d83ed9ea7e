import { isRouteErrorResponse } from "react-router";

/**
 * Keeps a page's last good data for the moments its loader cannot be reached (docs/decisions/009): a
 * revalidation after a save, a live order or a tab change that meets an offline phone, a
 * dropped connection or a 5xx shows the data already on screen, marked stale, instead of
 * swapping the page for the error page. Redirects (an ended session) and 4xx answers still go
 * through, as does a first load with nothing to show.
 */
export function lastGoodData<T extends object>() {
  let last: T | undefined;
  return {
    remember(data: T) {
      last = data;
    },
    async load(serverLoader: () => Promise<T>): Promise<T & { stale: boolean }> {
      try {
        const data = await serverLoader();
        last = data;
        return { ...data, stale: false };
      } catch (error) {
        if (last && isTransportFailure(error)) return { ...last, stale: true };
        throw error;
      }
    },
  };
}

function isTransportFailure(error: unknown): boolean {
  if (error instanceof Response) return error.status >= 500;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}
