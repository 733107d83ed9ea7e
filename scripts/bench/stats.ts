/** What every bench measures with: percentiles of a set of samples and the time of one run. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! };
}

/** Milliseconds a run took, with its result. */
export async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = process.hrtime.bigint();
  const result = await run();
  return [Number(process.hrtime.bigint() - started) / 1e6, result];
}
