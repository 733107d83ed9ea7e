/**
 * What the log keeps of Content-Security-Policy reports. Anyone can send one, so nothing in a
 * report decides how much is written: each field is cut short, one line stands for a whole batch,
 * and the same violation seen again within a minute is counted instead of written again (a page
 * with a blocked script reports on every visit). Pure apart from the clock it is given.
 */

/** How much of each field a log line keeps: a directive is a word, URLs are cut at about 1 KB. */
export const CSP_FIELD_LIMITS = { directive: 100, blocked: 1000, page: 500 } as const;
/** Identical reports within this window are counted, not logged again. */
export const CSP_REPEAT_WINDOW_MS = 60_000;
/** Distinct violations remembered at once; past it new ones are counted as unlogged. */
const MAX_TRACKED = 500;

export type CspViolation = { directive: string; blocked: string; page: string };

function cut(value: unknown, limit: number): string {
  const text = typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

type RawReport = Record<string, unknown> | undefined | null;

/**
 * The reports of a body, in either format browsers send (`report-uri`'s `{"csp-report": …}` or
 * the Reporting API's array), each cut to its limits; null for a body that is not one.
 */
export function readCspReports(body: string): CspViolation[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const raw: RawReport[] = Array.isArray(parsed)
    ? parsed.map((entry) => (entry as { body?: RawReport } | null)?.body)
    : [(parsed as { "csp-report"?: RawReport } | null)?.["csp-report"]];
  const reports = raw.filter(
    (report): report is Record<string, unknown> => typeof report === "object" && !!report,
  );
  if (reports.length === 0) return null;
  return reports.map((report) => ({
    directive: cut(report["violated-directive"] ?? report.effectiveDirective, CSP_FIELD_LIMITS.directive),
    blocked: cut(report["blocked-uri"] ?? report.blockedURL, CSP_FIELD_LIMITS.blocked),
    page: cut(report["document-uri"] ?? report.documentURL, CSP_FIELD_LIMITS.page),
  }));
}

export type CspLogLine =
  | { msg: "csp violation"; fields: CspViolation & { alsoInBatch?: number } }
  | { msg: "csp violation repeated"; fields: CspViolation & { times: number; seconds: number } };

/**
 * Remembers the violations logged in the last minute. `record` gives the line to write for a
 * request's reports (the first one not seen within the minute), or null when every one is a
 * repeat; `flush` gives, for each violation whose minute is over, how many repeats it had.
 */
export function cspReportLog() {
  const seen = new Map<string, { report: CspViolation; since: number; repeats: number }>();
  let unlogged = 0;
  const keyOf = (report: CspViolation) => `${report.directive}\n${report.blocked}\n${report.page}`;

  function flush(now: number): CspLogLine[] {
    const lines: CspLogLine[] = [];
    for (const [key, entry] of seen) {
      if (now - entry.since < CSP_REPEAT_WINDOW_MS) continue;
      seen.delete(key);
      if (entry.repeats > 0) {
        const seconds = Math.round((now - entry.since) / 1000);
        lines.push({
          msg: "csp violation repeated",
          fields: { ...entry.report, times: entry.repeats, seconds },
        });
      }
    }
    return lines;
  }

  function record(reports: CspViolation[], now: number): CspLogLine | null {
    let line: CspLogLine | null = null;
    for (const report of reports) {
      const key = keyOf(report);
      const entry = seen.get(key);
      if (entry && now - entry.since < CSP_REPEAT_WINDOW_MS) {
        entry.repeats += 1;
        continue;
      }
      if (!entry && seen.size >= MAX_TRACKED) {
        unlogged += 1;
        continue;
      }
      seen.set(key, { report, since: now, repeats: 0 });
      // One line per request: the batch's other new violations are counted on it.
      if (line) line.fields.alsoInBatch = (line.fields.alsoInBatch ?? 0) + 1;
      else line = { msg: "csp violation", fields: { ...report } };
    }
    return line;
  }

  return {
    record,
    flush,
    /** Violations not logged because too many distinct ones arrived within a minute; reset when read. */
    takeUnlogged() {
      const count = unlogged;
      unlogged = 0;
      return count;
    },
  };
}
