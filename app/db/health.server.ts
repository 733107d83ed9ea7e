import type pg from "pg";

/** How long /healthz and /readyz wait for the database before calling it down. */
const PROBE_BOUND_MS = 200;
/** A pool busy with other queries is answering if one of them came back this recently. */
const RECENT_ANSWER_MS = 250;

/**
 * Whether the database answers, decided within 200 ms whatever it does (stopped, restarting,
 * refusing connections). One probe at a time: a database that hangs holds one connection, not
 * one per health check. A pool with queries waiting for a connection is busy, not down, as long
 * as answers keep coming back: a probe queued behind them would call a loaded database dead.
 */
export function createDatabaseHealth(pool: pg.Pool) {
  let lastAnswerAt = 0;
  let probe: Promise<boolean> | undefined;
  pool.on("release", (error) => {
    if (!error) lastAnswerAt = Date.now();
  });
  return {
    async answers(): Promise<boolean> {
      if (pool.waitingCount > 0 && Date.now() - lastAnswerAt < RECENT_ANSWER_MS) return true;
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
        return await Promise.race([current, bound]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
