import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru";

describe("ByteLru", () => {
  it("keeps entries within its byte budget, dropping the least recently used first", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the newest
    lru.set("c", "C", 40);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    expect(lru.bytes).toBe(80);
    expect(lru.size).toBe(2);
  });

  it("never keeps an entry larger than the whole budget, and replacing one counts its new weight", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 60);
    lru.set("huge", "H", 101);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    lru.set("a", "A2", 30);
    expect(lru.bytes).toBe(30);
    expect(lru.get("a")).toBe("A2");
  });

  it("counts an entry that grows, and evicts others for it", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    lru.resize("b", 80);
    expect(lru.get("a")).toBeUndefined();
    expect(lru.bytes).toBe(80);
    lru.resize("b", 120);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.bytes).toBe(0);
  });

  it("forgets on delete and clear", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 10);
    lru.delete("a");
    lru.delete("missing");
    expect(lru.bytes).toBe(0);
    lru.set("b", "B", 10);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });
});
