import { describe, expect, it } from "vitest";
import { budgetProblem, connectionBudget, workerCount } from "./connection-budget";

describe("connectionBudget", () => {
  it("shares about 20 pool connections among an instance's workers when DB_POOL_MAX is unset", () => {
    expect(connectionBudget({}, 1)).toEqual({ workers: 1, pool: 20, perWorker: 22, instance: 22 });
    expect(connectionBudget({}, 2)).toEqual({ workers: 2, pool: 10, perWorker: 12, instance: 24 });
    expect(connectionBudget({}, 3)).toEqual({ workers: 3, pool: 7, perWorker: 9, instance: 27 });
    // Never fewer than 4 per worker: a worker with 2 would queue every request behind the others.
    expect(connectionBudget({}, 16)).toEqual({ workers: 16, pool: 4, perWorker: 6, instance: 96 });
  });

  it("takes DB_POOL_MAX as each worker's pool", () => {
    expect(connectionBudget({ DB_POOL_MAX: 6 }, 4)).toEqual({
      workers: 4,
      pool: 6,
      perWorker: 8,
      instance: 32,
    });
  });

  it("behind PgBouncer counts only the two direct connections of each worker against PostgreSQL", () => {
    expect(connectionBudget({ DB_POOL_MAX: 6, DATABASE_DIRECT_URL: "postgres://db/tianguis" }, 4)).toEqual({
      workers: 4,
      pool: 6,
      perWorker: 2,
      instance: 8,
      pooler: { clients: 24 },
    });
    expect(connectionBudget({ DATABASE_DIRECT_URL: "" }, 2)).toEqual(connectionBudget({}, 2));
  });

  it("counts workers from WEB_CONCURRENCY, else the cores", () => {
    expect(workerCount({ WEB_CONCURRENCY: 3 }, 8)).toBe(3);
    expect(workerCount({}, 8)).toBe(8);
  });
});

describe("budgetProblem", () => {
  it("says nothing while the database holds the instance, down to the last connection", () => {
    expect(budgetProblem(connectionBudget({}, 2), 24)).toBeNull();
  });

  it("names what the instance needs, what the database accepts and what to change", () => {
    expect(budgetProblem(connectionBudget({}, 2), 23)).toBe(
      "this instance needs 24 database connections (2 workers × (pool 10 + 2)) but the database accepts 23 " +
        "(max_connections minus the reserved ones): lower DB_POOL_MAX or WEB_CONCURRENCY, put PgBouncer in " +
        "front, or raise max_connections",
    );
  });

  it("behind PgBouncer names the direct connections, which the pools no longer add to", () => {
    const budget = connectionBudget({ DB_POOL_MAX: 200, DATABASE_DIRECT_URL: "postgres://db/tianguis" }, 3);
    expect(budgetProblem(budget, 6)).toBeNull();
    expect(budgetProblem(budget, 5)).toBe(
      "this instance needs 6 direct database connections (3 workers × 2: the listener's and the " +
        "job worker's; the pools go through PgBouncer) but the database accepts 5 (max_connections minus " +
        "the reserved ones): lower WEB_CONCURRENCY or raise max_connections",
    );
  });
});
