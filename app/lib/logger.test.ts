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
});
