import type pg from "pg";
import { describe, expect, it } from "vitest";
import type { Listener, ListenerEvents } from "~/db/listen.server";
import { createLogger } from "~/lib/logger.server";
import { PAGE_VERSIONS_CHANNEL, startVersionMirror, TRUST_MS } from "./version-mirror.server";

/**
 * The trust rules of the versions in memory, with a listening connection whose statements the test
 * answers by hand and a clock it moves: when memory answers and when the database is read instead.
 */
function setUp(table: Record<string, number>) {
  let clock = 0;
  let listening = true;
  let hearer: ListenerEvents | undefined;
  /** Statements sent on the listening connection, answered when the test says. */
  const sent: { text: string; answer: () => void; fail: () => void }[] = [];
  const listener: Listener = {
    on: (channel, events) => {
      expect(channel).toBe(PAGE_VERSIONS_CHANNEL);
      hearer = events;
      return () => (hearer = undefined);
    },
    query: <Row extends pg.QueryResultRow>(text: string) =>
      new Promise<pg.QueryResult<Row>>((resolve, reject) => {
        const rows = text.startsWith("select")
          ? Object.entries(table).map(([scope, version]) => ({ scope, version: String(version) }))
          : [];
        sent.push({
          text,
          answer: () => resolve({ rows } as unknown as pg.QueryResult<Row>),
          fail: () => reject(new Error("connection lost")),
        });
      }),
    isListening: () => listening,
    close: async () => {},
  };
  const databaseReads: string[][] = [];
  const pool = {
    query: async (config: { values: [string[]] }) => {
      const scopes = config.values[0];
      databaseReads.push(scopes);
      const rows = scopes
        .filter((scope) => scope in table)
        .map((scope) => ({ scope, version: `${table[scope]}` }));
      return { rows };
    },
  } as unknown as pg.Pool;
  const mirror = startVersionMirror({ listener, pool, logger: createLogger("silent"), now: () => clock });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    mirror,
    table,
    databaseReads,
    sent,
    /** Answers every statement on its way, and lets their answers be taken in. */
    async answerAll() {
      for (const statement of sent.splice(0)) statement.answer();
      await settle();
    },
    notice: (payload: string) => hearer!.notice(payload),
    lose() {
      listening = false;
      for (const statement of sent.splice(0)) statement.fail();
      hearer!.lost!();
    },
    reconnect() {
      listening = true;
      hearer!.connected!();
    },
    pass: (ms: number) => (clock += ms),
    async read(scopes: string[]) {
      const versions = await mirror.read(scopes);
      await settle();
      return Object.fromEntries(versions);
    },
  };
}

describe("the versions in memory", () => {
  it("answer only once the whole table was read on the listening connection, then from memory", async () => {
    const t = setUp({ "store:a": 3, "city:x": 7 });
    expect(t.mirror.source()).toBe("database");
    expect(await t.read(["store:a"])).toEqual({ "store:a": 3 });
    expect(t.databaseReads).toHaveLength(1);
    expect(t.sent.map((statement) => statement.text)).toEqual(["select scope, version from page_versions"]);
    await t.answerAll();
    expect(t.mirror.source()).toBe("memory");
    expect(await t.read(["store:a", "city:x", "city:never"])).toEqual({ "store:a": 3, "city:x": 7 });
    expect(t.databaseReads).toHaveLength(1);
    t.mirror.close();
  });

  it("ask the database about a store they do not know: it may have been created a moment ago", async () => {
    const t = setUp({ "store:a": 3 });
    await t.answerAll();
    t.table["store:new"] = 1;
    expect(await t.read(["store:new", "city:x"])).toEqual({ "store:new": 1 });
    expect(t.databaseReads).toEqual([["store:new", "city:x"]]);
    expect(await t.read(["store:a"])).toEqual({ "store:a": 3 });
    expect(t.databaseReads).toHaveLength(1);
    t.mirror.close();
  });

  it("take every notice in at once; an older one is no news; null forgets a scope", async () => {
    const t = setUp({ "store:a": 3 });
    await t.answerAll();
    t.notice(JSON.stringify({ "store:a": 4, "city:b": 1 }));
    expect(await t.read(["store:a", "city:b"])).toEqual({ "store:a": 4, "city:b": 1 });
    t.notice(JSON.stringify({ "store:a": 2 }));
    t.notice(JSON.stringify({ "city:b": null }));
    expect(await t.read(["store:a", "city:b"])).toEqual({ "store:a": 4 });
    expect(t.databaseReads).toHaveLength(0);
    t.mirror.close();
  });

  it(`are not trusted once the listening connection has not answered for ${TRUST_MS} ms`, async () => {
    const t = setUp({ "store:a": 3 });
    await t.answerAll();
    t.pass(TRUST_MS);
    expect(t.mirror.source()).toBe("memory");
    t.pass(1);
    expect(t.mirror.source()).toBe("database");
    expect(await t.read(["store:a"])).toEqual({ "store:a": 3 });
    expect(t.databaseReads).toHaveLength(1);
    // A statement sent now and answered proves the connection live and caught up again.
    t.mirror.wrote();
    await t.answerAll();
    expect(t.mirror.source()).toBe("memory");
    t.mirror.close();
  });

  it("after this worker wrote, are trusted only once a statement sent after the write came back", async () => {
    const t = setUp({ "store:a": 3 });
    await t.answerAll();
    t.mirror.wrote();
    expect(t.mirror.source()).toBe("database");
    expect(t.sent.map((statement) => statement.text)).toEqual([`listen ${PAGE_VERSIONS_CHANNEL}`]);
    // A second write while the first statement is on its way: that one proves only the first.
    t.mirror.wrote();
    await t.answerAll();
    expect(t.mirror.source()).toBe("database");
    await t.answerAll();
    expect(t.mirror.source()).toBe("memory");
    t.mirror.close();
  });

  it("read the database while the connection is lost, and the whole table again once it is back", async () => {
    const t = setUp({ "store:a": 3 });
    await t.answerAll();
    t.lose();
    expect(t.mirror.source()).toBe("database");
    t.table["store:a"] = 5;
    expect(await t.read(["store:a"])).toEqual({ "store:a": 5 });
    t.reconnect();
    expect(t.mirror.source()).toBe("database");
    await t.answerAll();
    expect(t.mirror.source()).toBe("memory");
    expect(await t.read(["store:a"])).toEqual({ "store:a": 5 });
    t.mirror.close();
  });

  it('"*", a notice that cannot be read, and a failover each read the whole table again', async () => {
    const t = setUp({ "store:a": 3 });
    await t.answerAll();
    for (const cause of [() => t.notice("*"), () => t.notice("{not json"), () => t.mirror.forget()]) {
      t.table["store:a"] += 1;
      cause();
      expect(t.mirror.source()).toBe("database");
      await t.answerAll();
      expect(t.mirror.source()).toBe("memory");
      expect(await t.read(["store:a"])).toEqual({ "store:a": t.table["store:a"] });
    }
    t.mirror.close();
  });

  it("a notice heard while the table is read again is not lost under the older read", async () => {
    const t = setUp({ "store:a": 3 });
    t.notice(JSON.stringify({ "store:a": 4 }));
    await t.answerAll();
    expect(await t.read(["store:a"])).toEqual({ "store:a": 4 });
    t.mirror.close();
  });
});
