import type pg from "pg";

/** How long /readyz waits for the database's answer to its probe. */
const PROBE_BOUND_MS = 1_000;
/** Any query of the pool that came back this recently says the database answers. */
const RECENT_ANSWER_MS = 1_000;

/**
 * Whether the database answers, for /readyz: decided within a second whatever the database does
 * (stopped, restarting, refusing connections), and never "down" only because it is busy. Any
 * query of the pool that came back within the last second is an answer, so a loaded instance
 * asks nothing more; otherwise one probe (one at a time: a database that hangs holds one
 * connection, not one per check) has a second to come back, and an answer to anyone during that
 * second counts too. A new connection through PgBouncer, or a probe queued behind a busy pool,
 * takes longer than a fifth of a second on a loaded machine, and calling that a dead database made
 * balancers drop healthy instances.
 */
export function createDatabaseHealth(pool: pg.Pool) {
  let lastAnswerAt = 0;
  let probe: Promise<boolean> | undefined;
  pool.on("release", (error) => {
    if (!error) lastAnswerAt = Date.now();
  });
  return {
    async answers(): Promise<boolean> {
      const answeredRecently = () => Date.now() - lastAnswerAt < RECENT_ANSWER_MS;
      if (answeredRecently()) return true;
      probe ??= pool.query("select 1").then(
        () => true,
        () => false,
      );
      const current = probe;
      void current.finally(() => {
        if (probe === current) probe = undefined;
      });
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_BOUND_MS);
      });
      try {
        return (await Promise.race([current, bound])) || answeredRecently();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
