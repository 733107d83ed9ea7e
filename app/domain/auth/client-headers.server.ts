/** The header through which our actions tell better-auth the client's address (for "Sesiones activas"). */
export const CLIENT_IP_HEADER = "x-tianguis-client-ip";

/**
 * The request's headers for a better-auth call that may create a session, with the client's
 * address as Express saw it: whatever the browser put in that header is replaced.
 */
export function withClientIp(headers: Headers, clientIp: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_IP_HEADER, clientIp);
  return copy;
}
