/**
 * A least-recently-used map bounded by the bytes of what it holds, not by a count: a city page
 * with its search results weighs ten times a small store's page. Reading an entry makes it the
 * newest; adding past the budget drops the oldest until the total fits again.
 *
 * A read only stamps the entry with the time of its use (a counter): a kept page is read on every
 * hit, and moving it to the end of the map each time (a delete and a set) cost more than the rest
 * of the look-up. The oldest is looked for when something must go, which only a render adds.
 */
export class ByteLru<V> {
  readonly #entries = new Map<string, { value: V; bytes: number; used: number }>();
  #bytes = 0;
  #clock = 0;

  constructor(readonly budget: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    entry.used = ++this.#clock;
    return entry.value;
  }

  /** Keeps `value` as the newest entry; one larger than the whole budget is not kept at all. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.budget) return;
    this.#entries.set(key, { value, bytes, used: ++this.#clock });
    this.#bytes += bytes;
    this.#evict();
  }

  /** An entry grew (a compressed variant prepared later): its weight counts from now on. */
  resize(key: string, bytes: number): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.budget) this.delete(key);
    else this.#evict();
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops the least recently used entries until the total fits the budget. */
  #evict() {
    while (this.#bytes > this.budget) {
      let oldest: string | undefined;
      let oldestUse = Infinity;
      for (const [key, entry] of this.#entries) {
        if (entry.used < oldestUse) [oldest, oldestUse] = [key, entry.used];
      }
      if (oldest === undefined) return;
      this.delete(oldest);
    }
  }
}
