/**
 * A read replica's lag, told from WAL positions (app/db/replica.server.ts): pure, so unit-tested
 * beside it.
 */

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high = "0", low = "0"] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How long the replica has been behind: since the oldest of the primary's flushed positions it
 * has not replayed yet (0 when it has replayed the newest). `history` is oldest first.
 */
export function lagSeconds(
  history: readonly { at: number; flushed: bigint }[],
  replayed: bigint,
  now: number,
) {
  const missing = history.find((sample) => sample.flushed > replayed);
  return missing ? Math.max(0, (now - missing.at) / 1000) : 0;
}
