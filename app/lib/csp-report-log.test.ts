import { describe, expect, it } from "vitest";
import { CSP_FIELD_LIMITS, CSP_REPEAT_WINDOW_MS, cspReportLog, readCspReports } from "./csp-report-log";

const report = (blocked: string, page = "https://tianguis.mx/") =>
  JSON.stringify({
    "csp-report": { "document-uri": page, "violated-directive": "script-src-elem", "blocked-uri": blocked },
  });

describe("reading CSP reports", () => {
  it("reads both formats and cuts every field to its limit", () => {
    const long = `https://evil.example/${"x".repeat(50_000)}`;
    const [one] = readCspReports(report(long, long))!;
    expect(one!.directive).toBe("script-src-elem");
    expect(one!.blocked).toHaveLength(CSP_FIELD_LIMITS.blocked + 1);
    expect(one!.page).toHaveLength(CSP_FIELD_LIMITS.page + 1);
    const batch = readCspReports(
      JSON.stringify([
        {
          type: "csp-violation",
          body: { effectiveDirective: "img-src", blockedURL: "https://a.example/x.png" },
        },
        { type: "csp-violation", body: { effectiveDirective: "y".repeat(5000), blockedURL: "b" } },
      ]),
    )!;
    expect(batch[0]).toEqual({ directive: "img-src", blocked: "https://a.example/x.png", page: "" });
    expect(batch[1]!.directive).toHaveLength(CSP_FIELD_LIMITS.directive + 1);
  });

  it("reads nothing from a body that is not a report", () => {
    expect(readCspReports("no es json")).toBeNull();
    expect(readCspReports("[]")).toBeNull();
    expect(readCspReports('{"otra":1}')).toBeNull();
    expect(readCspReports("null")).toBeNull();
  });
});

describe("the CSP log", () => {
  const violation = (blocked: string) => ({ directive: "script-src", blocked, page: "https://t.mx/" });

  it("writes a violation once a minute and counts its repeats, summed once the minute is over", () => {
    const log = cspReportLog();
    const start = 1_000_000;
    expect(log.record([violation("a")], start)?.msg).toBe("csp violation");
    for (let i = 1; i <= 9; i++) expect(log.record([violation("a")], start + i * 1000)).toBeNull();
    expect(log.flush(start + CSP_REPEAT_WINDOW_MS - 1)).toEqual([]);
    expect(log.flush(start + CSP_REPEAT_WINDOW_MS)).toEqual([
      { msg: "csp violation repeated", fields: { ...violation("a"), times: 9, seconds: 60 } },
    ]);
    // A new minute: written again.
    expect(log.record([violation("a")], start + CSP_REPEAT_WINDOW_MS + 1)?.msg).toBe("csp violation");
  });

  it("writes one line for a batch, counting the batch's other new violations on it", () => {
    const log = cspReportLog();
    const line = log.record([violation("a"), violation("b"), violation("a"), violation("c")], 0);
    expect(line).toEqual({ msg: "csp violation", fields: { ...violation("a"), alsoInBatch: 2 } });
    // The same batch again within the minute: every one of them is a repeat.
    expect(log.record([violation("c"), violation("b"), violation("a")], 1000)).toBeNull();
  });

  it("a violation not repeated within its minute leaves no summary", () => {
    const log = cspReportLog();
    log.record([violation("a")], 0);
    expect(log.flush(CSP_REPEAT_WINDOW_MS * 2)).toEqual([]);
  });

  it("past 500 distinct violations in a minute counts the rest as unlogged", () => {
    const log = cspReportLog();
    for (let i = 0; i < 500; i++) expect(log.record([violation(`v${i}`)], 0)).not.toBeNull();
    expect(log.record([violation("one-more")], 0)).toBeNull();
    expect(log.takeUnlogged()).toBe(1);
    expect(log.takeUnlogged()).toBe(0);
  });
});
