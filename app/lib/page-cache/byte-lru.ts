/**
 * A least-recently-used map bounded by the bytes of what it holds, not by a count: a city page
 * with its search results weighs ten times a small store's page. Reading an entry makes it the
 * newest; adding past the budget drops the oldest until the total fits again.
 */
export class ByteLru<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(readonly budget: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` as the newest entry; one larger than the whole budget is not kept at all. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.budget) return;
    this.#entries.set(key, { value, bytes });
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

  #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.budget) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }
}
