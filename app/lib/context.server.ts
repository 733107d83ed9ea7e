import type { Database } from "~/db/client.server";
import type { Auth } from "~/domain/auth/auth.server";
import type { ImageStorage } from "~/domain/images/storage.server";
import type { JobWorker } from "~/domain/jobs/jobs.server";
import type { OrderEventHub } from "~/domain/orders/order-events.server";
import type { VapidKeys } from "~/domain/push/push.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/** What the server builds once at start-up and hands to every loader and action. */
export type AppServices = {
  db: Database;
  auth: Auth;
  env: Env;
  logger: Logger;
  orderEvents: OrderEventHub;
  /** Where uploaded images live (local disk or S3-compatible). */
  storage: ImageStorage;
  /** The background worker of this instance (pushes, the daily rotation). */
  jobs: JobWorker;
  /** Web Push keys: the public one goes to browsers that subscribe. */
  vapid: VapidKeys;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    requestId: string;
    clientIp: string;
    /** The request's logger: every line carries the request id. */
    logger: Logger;
    /** The request's Content-Security-Policy nonce; absent in development. */
    cspNonce?: string;
  }
}
