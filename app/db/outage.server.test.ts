import { describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { databaseOutage, isDatabaseUnavailable, joinsOutage } from "./outage.server";

/** Errors as node-postgres, PostgreSQL and Drizzle raise them. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset socket", withCode("read ECONNRESET", "ECONNRESET")],
    ["a connection ended under a query", new Error("Connection terminated unexpectedly")],
    ["a checkout that timed out", new Error("timeout exceeded when trying to connect")],
    [
      "pg_terminate_backend (57P01)",
      withCode("terminating connection due to administrator command", "57P01"),
    ],
    [
      "a crashed postmaster (57P02)",
      withCode("terminating connection because of crash of another server process", "57P02"),
    ],
    ["a database starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a connection exception (08006)", withCode("connection failure", "08006")],
    ["too many connections (53300)", withCode("sorry, too many clients already", "53300")],
    [
      "a database closed to connections",
      withCode('database "x" is not currently accepting connections', "55000"),
    ],
    [
      "a standby where the primary should be (25006)",
      withCode("cannot execute INSERT in a read-only transaction", "25006"),
    ],
    [
      "localhost refused on both addresses",
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]),
    ],
    [
      "Drizzle's wrapper around a lost connection",
      new Error("Failed query: select 1", { cause: new Error("Connection terminated unexpectedly") }),
    ],
  ])("%s is an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "x"', "23505")],
    ["a syntax error", withCode('syntax error at or near "selct"', "42601")],
    ["a lock timeout", withCode("canceling statement due to lock timeout", "55P03")],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      "a Drizzle wrapper around a bug",
      new Error("Failed query", { cause: withCode("division by zero", "22012") }),
    ],
    ["nothing", undefined],
    ["a string", "Connection terminated"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("joinsOutage", () => {
  it("takes a background failure that means the database is away into the outage, logged once, and leaves any other to the caller", () => {
    const lines: string[] = [];
    databaseOutage.logTo(createLogger("debug", {}, (line) => lines.push(line)));
    // Three parts of a process noticing one failover: the job poll, a stream's read, a NOTIFY.
    expect(joinsOutage(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(
      joinsOutage(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") })),
    ).toBe(true);
    expect(joinsOutage(withCode("cannot execute SELECT in a read-only transaction", "25006"))).toBe(true);
    expect(joinsOutage(withCode("division by zero", "22012"))).toBe(false);
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      "database unreachable: answering 503 until it is back",
    ]);
    databaseOutage.logTo(undefined);
  });
});
