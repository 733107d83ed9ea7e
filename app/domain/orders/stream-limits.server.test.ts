import { afterEach, describe, expect, it } from "vitest";
import {
  admitStream,
  closeAllStreams,
  type CloseReason,
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_STORE,
  openStreamCount,
  TRACKING_LIMITS,
} from "./stream-limits.server";

/** Opens a stream and records why it was closed (undefined while open). */
function open(session: string, storeId: string, limits?: { perSession: number; perStore: number }) {
  const stream = { closed: undefined as CloseReason | undefined, release: () => {} };
  stream.release = admitStream(
    { session, storeId, close: (reason) => (stream.closed = reason) },
    ...(limits ? [limits] : []),
  );
  return stream;
}

afterEach(() => closeAllStreams());

describe("live order streams per session and per store", () => {
  it(`one session keeps its newest ${MAX_STREAMS_PER_SESSION}: the oldest is replaced`, () => {
    const streams = Array.from({ length: MAX_STREAMS_PER_SESSION + 1 }, () => open("ana", "espiga"));
    expect(streams.map((stream) => stream.closed)).toEqual([
      "replaced",
      ...Array(MAX_STREAMS_PER_SESSION).fill(undefined),
    ]);
    expect(openStreamCount()).toBe(MAX_STREAMS_PER_SESSION);
  });

  it(`one store keeps its newest ${MAX_STREAMS_PER_STORE} across sessions; another store's are not counted`, () => {
    const sessions = ["ana", "beto", "caro"];
    // Interleaved, so that no session passes its own limit: only the store's limit closes streams.
    const streams = Array.from({ length: MAX_STREAMS_PER_STORE + 2 }, (_, n) =>
      open(sessions[n % sessions.length]!, "espiga"),
    );
    const elsewhere = open("dani", "otra-tienda");
    expect(streams.map((stream) => stream.closed)).toEqual([
      "replaced",
      "replaced",
      ...Array(MAX_STREAMS_PER_STORE).fill(undefined),
    ]);
    expect(elsewhere.closed).toBeUndefined();
    expect(openStreamCount()).toBe(MAX_STREAMS_PER_STORE + 1);
  });

  it("a stream that ended frees its place", () => {
    const streams = Array.from({ length: MAX_STREAMS_PER_SESSION }, () => open("ana", "espiga"));
    streams[0]!.release();
    const next = open("ana", "espiga");
    expect([...streams, next].map((stream) => stream.closed)).toEqual(
      Array(MAX_STREAMS_PER_SESSION + 1).fill(undefined),
    );
  });

  it(`a tracking page's limits: ${TRACKING_LIMITS.perSession} per address, ${TRACKING_LIMITS.perStore} per store`, () => {
    const family = Array.from({ length: TRACKING_LIMITS.perSession + 1 }, () =>
      open("tracking:198.51.100.1", "tracking:espiga", TRACKING_LIMITS),
    );
    expect(family.map((stream) => stream.closed)).toEqual([
      "replaced",
      ...Array(TRACKING_LIMITS.perSession).fill(undefined),
    ]);
    closeAllStreams();
    const shoppers = Array.from({ length: TRACKING_LIMITS.perStore + 1 }, (_, n) =>
      open(`tracking:198.51.100.${n}`, "tracking:espiga", TRACKING_LIMITS),
    );
    expect(shoppers.filter((stream) => stream.closed === "replaced")).toEqual([shoppers[0]]);
    // Shoppers' streams never count against the owner's (their keys differ).
    const owner = Array.from({ length: MAX_STREAMS_PER_STORE }, (_, n) => open(`ana-${n % 2}`, "espiga"));
    expect(owner.every((stream) => stream.closed === undefined)).toBe(true);
    expect(shoppers.filter((stream) => stream.closed !== undefined)).toHaveLength(1);
  });

  it("shutting down closes every stream with the reason to come back soon", () => {
    const streams = [open("ana", "espiga"), open("beto", "otra-tienda")];
    closeAllStreams();
    expect(streams.map((stream) => stream.closed)).toEqual(["shutdown", "shutdown"]);
    expect(openStreamCount()).toBe(0);
  });
});
