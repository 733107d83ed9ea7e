/**
 * `npm test` sets itself up as `npm start` does: on a machine without Debian's Chromium (or Caddy,
 * PgBouncer, Patroni, etcd, HAProxy, PostgreSQL 15) that cannot install them, it stops before any test with the one command to run, instead of a
 * wall of browser-test failures. Run as an unprivileged user, which cannot install anything.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server-process";

/** `node scripts/test.mjs …` as the `nobody` user when this is root (who could install). */
function runTests(args: string[], env: Record<string, string>) {
  const command = ["node", "scripts/test.mjs", ...args];
  const asUser = process.getuid?.() === 0 ? ["runuser", "-u", "nobody", "--", "env"] : ["env"];
  const vars = Object.entries({ PATH: process.env.PATH ?? "", ...env }).map(
    ([key, value]) => `${key}=${value}`,
  );
  const [program, ...rest] = [...asUser, ...vars, ...command];
  return spawnSync(program!, rest, { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
}

describe("npm test on a machine without the browser", () => {
  it("stops before any test with the command that installs what is missing", () => {
    const result = runTests(["--project", "e2e"], {
      CHROMIUM_PATH: "/nonexistent/chromium",
      CHROMIUM_HEADLESS_SHELL_PATH: "/nonexistent/chromium-headless-shell",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell",
    );
    // Stopped before Vitest started: no test ran, no report was printed.
    expect(result.stdout).not.toContain("RUN");
    expect(result.stdout).not.toContain("tests:");
  });

  it("names the headless shell alone when only it is missing", () => {
    const result = runTests(["--project", "e2e"], {
      // Chromium itself is there (any file that exists stands for it), whether or not this machine has it yet.
      CHROMIUM_PATH: process.execPath,
      CHROMIUM_HEADLESS_SHELL_PATH: "/nonexistent/chromium-headless-shell",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/sudo apt-get install -y chromium-headless-shell\n/);
    expect(result.stdout).not.toContain("RUN");
  });

  it("names Patroni, etcd, HAProxy and PostgreSQL 15 when the integration layer runs without them", () => {
    const result = runTests(["--project", "integration"], {
      PATRONI_PATH: "/nonexistent/patroni",
      ETCD_PATH: "/nonexistent/etcd",
      HAPROXY_PATH: "/nonexistent/haproxy",
      POSTGRES_BIN: "/nonexistent/postgresql/15/bin",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "sudo apt-get update && sudo apt-get install -y patroni etcd-server haproxy postgresql-15\n",
    );
    expect(result.stdout).not.toContain("RUN");
  });

  it("asks for no browser when only the other layers run", () => {
    const result = runTests(["--project", "unit", "app/domain/orders/order-number.test.ts"], {
      CHROMIUM_PATH: "/nonexistent/chromium",
      CHROMIUM_HEADLESS_SHELL_PATH: "/nonexistent/chromium-headless-shell",
      HOME: "/tmp",
    });
    expect(result.stderr).not.toContain("apt-get install");
    // It went on to run Vitest (which the unprivileged user may not be able to finish here).
    expect(result.stdout).toContain("Suite time:");
  });
});
