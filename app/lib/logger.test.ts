import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

describe("logger", () => {
  it("never writes a failed query's parameters (customers' data), in the message, stack or cause", () => {
    const lines: string[] = [];
    const logger = createLogger("info", {}, (line) => lines.push(line));
    const failure = new Error(
      "Failed query: insert into orders (customer_name, customer_phone) values ($1, $2)\nparams: Ana Secreta,4499998877",
    );
    failure.cause = new Error("Failed query: select 1\nparams: Calle Falsa 123");
    logger.error("request failed", { error: failure });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("insert into orders");
    expect(lines[0]).toContain("params: [omitidos]");
    for (const secret of ["Ana Secreta", "4499998877", "Calle Falsa"]) expect(lines[0]).not.toContain(secret);
  });

  it("writes each line as the one JSON object of its time, level, message, the logger's fields and its own", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { worker: 2 }, (line) => lines.push(line)).child({
      requestId: "r-1",
    });
    logger.info("request", { method: "GET", path: '/a"b\\c\n', status: 200, gone: undefined, ms: 0.5 });
    logger.warn("sin campos");
    logger.info("el mismo nombre dos veces", { worker: 7, level: "x" });
    logger.debug("debajo del mínimo", { no: true });
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      {
        time: expect.any(String),
        level: "info",
        msg: "request",
        worker: 2,
        requestId: "r-1",
        method: "GET",
        path: '/a"b\\c\n',
        status: 200,
        ms: 0.5,
      },
      { time: expect.any(String), level: "warn", msg: "sin campos", worker: 2, requestId: "r-1" },
      { time: expect.any(String), level: "x", msg: "el mismo nombre dos veces", worker: 7, requestId: "r-1" },
    ]);
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual([
      "time",
      "level",
      "msg",
      "worker",
      "requestId",
      "method",
      "path",
      "status",
      "ms",
    ]);
  });
});
