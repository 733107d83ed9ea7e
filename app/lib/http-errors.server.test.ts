import { describe, expect, it } from "vitest";
import { AppError, OUTAGE_MESSAGE } from "./errors";
import { errorAnswer } from "./http-errors.server";
import { createLogger } from "./logger.server";

/** A logger whose lines the test reads. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger("debug", {}, (line) => lines.push(JSON.parse(line))) };
}

describe("errorAnswer", () => {
  it("answers an AppError with its status, Spanish message and field, and logs nothing when it carries nothing for the operator", () => {
    const { lines, logger } = capture();
    const answer = errorAnswer(
      new AppError("VALIDATION", "Por favor ingresa tu nombre.", { field: "name" }),
      {
        logger,
        fallback: "Falló",
      },
    );
    expect(answer).toEqual({
      status: 400,
      body: {
        ok: false,
        message: "Por favor ingresa tu nombre.",
        fieldErrors: { name: "Por favor ingresa tu nombre." },
      },
      headers: undefined,
    });
    expect(lines).toEqual([]);
  });

  it("keeps an AppError's cause and internal message for the log, never in the answer", () => {
    const { lines, logger } = capture();
    const cause = new Error("S3 PutObject: 503 SlowDown");
    const error = new AppError("SERVICE_UNAVAILABLE", "No pudimos guardar la imagen.", {
      internal: "image storage failed for product-images/x.webp",
      cause,
    });
    expect(error.cause).toBe(cause);
    const answer = errorAnswer(error, { logger, fallback: "Falló", logData: { storeId: "la-espiga" } });
    expect(JSON.stringify(answer)).not.toContain("S3");
    expect(JSON.stringify(answer)).not.toContain("product-images");
    expect(answer.body.message).toBe("No pudimos guardar la imagen.");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "request failed",
      code: "SERVICE_UNAVAILABLE",
      internal: "image storage failed for product-images/x.webp",
      storeId: "la-espiga",
      error: { message: "S3 PutObject: 503 SlowDown" },
    });
  });

  it("logs a refusal with a cause as a warning", () => {
    const { lines, logger } = capture();
    errorAnswer(new AppError("VALIDATION", "Contraseña muy corta.", { cause: new Error("too short") }), {
      logger,
      fallback: "Falló",
    });
    expect(lines[0]).toMatchObject({ level: "warn", msg: "request refused", code: "VALIDATION" });
  });

  it("answers a lost database connection 503 with Retry-After and the outage sentence, logging no line for the request", () => {
    const { lines, logger } = capture();
    const answer = errorAnswer(new Error("Connection terminated unexpectedly"), {
      logger,
      fallback: "Falló",
    });
    expect(answer).toEqual({
      status: 503,
      body: { ok: false, message: OUTAGE_MESSAGE },
      headers: { "Retry-After": "5" },
    });
    expect(lines).toEqual([]);
  });

  it("answers anything else 500 with the form's sentence, and logs it", () => {
    const { lines, logger } = capture();
    const answer = errorAnswer(new TypeError("x is undefined"), { logger, fallback: "No se pudo guardar." });
    expect(answer).toEqual({ status: 500, body: { ok: false, message: "No se pudo guardar." } });
    expect(lines[0]).toMatchObject({ level: "error", msg: "request failed" });
  });
});
