import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger, takeAtomicWrite } from "./logger.server";

const WRITER = path.resolve(import.meta.dirname, "../../tests/support/log-writer.ts");

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

  it("hands stdout whole lines in writes a pipe never cuts: at most 4096 bytes, a longer line alone", () => {
    const short = "a".repeat(1000);
    const box = { lines: [short, short, short, "ñ".repeat(600), short, "b".repeat(5000), short], bytes: 0 };
    const writes: string[] = [];
    while (box.lines.length > 0) writes.push(takeAtomicWrite(box));
    expect(writes.map((write) => write.split("\n").length - 1)).toEqual([3, 2, 1, 1]);
    expect(writes.map((write) => Buffer.byteLength(write))).toEqual([3003, 2202, 5001, 1001]);
  });

  it("keeps every line whole when three processes log at full speed into one pipe, as a primary and its workers do", async () => {
    const perWriter = 20_000;
    const script = [1, 2, 3]
      .map((writer) => `"${process.execPath}" --import tsx "${WRITER}" ${writer} ${perWriter} &`)
      .join(" ");
    const shell = spawn("sh", ["-c", `${script} wait`], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    shell.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const code = await new Promise((resolve) => shell.once("close", resolve));
    expect(code).toBe(0);
    const lines = output.split("\n").filter(Boolean);
    const cut = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(cut.slice(0, 2)).toEqual([]);
    const seen = new Set(
      lines.map((line) => {
        const { writer, n } = JSON.parse(line) as { writer: number; n: number };
        return `${writer}:${n}`;
      }),
    );
    expect(seen.size).toBe(3 * perWriter);
  });
});
