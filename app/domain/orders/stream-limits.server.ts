/**
 * The live order streams open on this instance (docs/decisions/012): one session may hold a few (a phone and
 * a couple of tabs), one store a few more; past either, the oldest stream is closed, and its
 * browser reconnects only if its page is still open. Per instance: N instances allow N times as many.
 */
export const MAX_STREAMS_PER_SESSION = 4;
export const MAX_STREAMS_PER_STORE = 8;
/**
 * Shoppers' tracking pages: one address may follow a few orders (a family behind one
 * phone network shares it), and a store's shoppers together many more.
 */
export const TRACKING_LIMITS = { perSession: 12, perStore: 200 };

/** Why a stream is closed: another one took its place, this instance is shutting down, or its member was removed. */
export type CloseReason = "replaced" | "shutdown" | "removed";
type OpenStream = {
  session: string;
  storeId: string;
  /** The signed-in account whose stream it is (the panel's), so that removing a member closes theirs. */
  userId?: string;
  close: (reason: CloseReason) => void;
};
const open: OpenStream[] = [];

/**
 * Registers a new stream, closes the oldest ones past the limits; returns the unregister. Streams of
 * other kinds never count against each other: their `session` and `storeId` keys differ.
 */
export function admitStream(
  stream: OpenStream,
  limits = { perSession: MAX_STREAMS_PER_SESSION, perStore: MAX_STREAMS_PER_STORE },
): () => void {
  open.push(stream);
  closeOldest((other) => other.session === stream.session, limits.perSession);
  closeOldest((other) => other.storeId === stream.storeId, limits.perStore);
  return () => forget(stream);
}

function closeOldest(same: (stream: OpenStream) => boolean, max: number) {
  const matching = open.filter(same);
  for (const stream of matching.slice(0, Math.max(0, matching.length - max))) {
    forget(stream);
    stream.close("replaced");
  }
}

export function openStreamCount(): number {
  return open.length;
}

/** A member was removed from their store: their streams on this instance end, with no hint to come back. */
export function closeStreamsOf(userId: string) {
  for (const stream of open.filter((other) => other.userId === userId)) {
    forget(stream);
    stream.close("removed");
  }
}

/** Shutting down: every stream ends with a hint to reconnect soon (to another instance). */
export function closeAllStreams() {
  for (const stream of open.splice(0)) stream.close("shutdown");
}

function forget(stream: OpenStream) {
  const index = open.indexOf(stream);
  if (index >= 0) open.splice(index, 1);
}

/** The session a request belongs to: its session cookie (only compared, never stored elsewhere). */
export function sessionOf(request: Request): string {
  const cookie = request.headers.get("cookie") ?? "";
  return /(?:^|;\s*)(?:__Secure-)?tianguis\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "";
}
