import { Resolver } from "node:dns";
import path from "node:path";
import { parsePushServiceHosts, type PushServiceHost } from "~/domain/push/push-endpoint";
import { z } from "~/lib/zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Worker processes `npm start` runs (server/cluster.ts); unset: one per core. 1: a single process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * The interface to listen on: this machine only, so that a first `npm start` does not share the
   * demo and its published passwords with the local network. In a container or behind a proxy on
   * another machine, set 0.0.0.0 (or the interface's address).
   */
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  /**
   * Straight to PostgreSQL when DATABASE_URL points at PgBouncer in transaction pooling mode
   * (docs/decisions/026): the connections that need a session of their own use it — the live
   * orders' LISTEN, the job worker's LISTEN, the migrations' advisory lock, the connection-budget
   * check. Unset: DATABASE_URL serves them all. Only with DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z.string().optional(),
  /**
   * A streaming read replica of DATABASE_URL's PostgreSQL (docs/decisions/047): the public reads —
   * the city page and its search, the store page, the sitemap, the owner's Resumen — run there
   * when it holds what the page shows; everything else stays on DATABASE_URL. The URL names the
   * replica itself (or a pooler in session mode): its connections are set read-only per session.
   */
  DATABASE_REPLICA_URL: z.string().optional(),
  /** A replica further behind than this is not asked at all until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /**
   * Each worker's pool of database connections (app/db/connection-budget.ts); unset: about 20 for the
   * instance, shared among its workers. The instance refuses to start when the database cannot hold
   * its workers × (this + 2).
   */
  DB_POOL_MAX: z.coerce.number().int().min(2).max(500).optional(),
  /**
   * How long one statement of the pool may take before its connection is given up and the request
   * answered 503 with Retry-After (app/db/client.server.ts): a database that hangs holds no request
   * longer than this, plus the 5 s a checkout may wait. Streams (COPY, backups) are not bounded.
   */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  DEMO_DATA: booleanFlag.default(true),
  CONTACT_EMAIL: z.email().default("hola@tianguis.mx"),
  SOCIAL_URL: z.url().default("https://www.facebook.com/tianguis.mx"),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: z.string().optional(),
  /** Sign-ups accepted from one address per hour. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Image storage: S3-compatible when S3_BUCKET is set, otherwise local disk under DATA_DIR/uploads. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public base URL (a CDN) for the bucket: /media redirects there. */
  S3_PUBLIC_URL: z.url().optional(),
  /** Web Push keys: generated on first start and kept in the database unless set here. */
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/)
    .optional(),
  /** How long a worker holds a job before another may take it (seconds). */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Where `npm run backup` and the scheduled backups write their archives. */
  BACKUP_DIR: z.string().default("backups"),
  /** A backup every so often ("24h", "6h", "30m"); unset: none scheduled. */
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+[hm]$/, "a number of hours or minutes, such as 24h or 30m")
    .optional(),
  /** How many scheduled archives to keep. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /**
   * log2 of scrypt's N for new password hashes: 17 (OWASP's) in production; the test suite lowers it
   * to save minutes of hashing. The server warns at start when it is below 17.
   */
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** How long a shutdown waits for requests in flight before closing their connections. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /**
   * Outgoing e-mail (docs/decisions/017): an SMTP server as a URL, such as
   * smtps://user:password@smtp.example.com:465. Unset: messages go to the log and DATA_DIR/mail.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
    .optional(),
  /** The sender address of every message; the display name is Tianguis's or the store's. */
  MAIL_FROM: z
    .string()
    .regex(/^[^\s@<>]+@[^\s@<>]+$/, "an e-mail address")
    .optional(),
  /**
   * Memory for rendered public pages (docs/decisions/021), in MB of compressed HTML;
   * 0 turns the cache off (every page rendered for its request).
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /** Addresses that may read GET /metrics, comma-separated. */
  METRICS_ALLOW: z.string().default("127.0.0.1,::1,::ffff:127.0.0.1"),
  /**
   * DNS servers for the names the server looks up itself — stores' own domains, push services —
   * (`1.1.1.1,8.8.8.8`, `127.0.0.1:5300`); unset: the system's. A public resolver sees an owner's
   * new records sooner than a caching local one.
   */
  DNS_SERVERS: z
    .string()
    .optional()
    .refine((value) => value === undefined || areDnsServers(splitList(value)), {
      message: "comma-separated IP addresses, each with an optional :port ([::1]:53 for IPv6)",
    }),
  /**
   * Push services that push endpoints may name besides the browsers' own (FCM, Mozilla, Apple,
   * Windows): comma-separated `host`, `host:port` or `*.domain`, for a self-hosted service or the
   * tests' local one. A listed host is trusted wherever its name points, private networks included.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .refine((value) => value === undefined || "hosts" in parsePushServiceHosts(value), {
      message: "comma-separated host names, each with an optional :port or a leading *. (no IP addresses)",
    }),
  /**
   * Card payments through each store's own Mercado Pago account (docs/decisions/052): the REST API's
   * base URL (the tests point it at a local stand-in) and the authorization page of "Vincular cuenta".
   */
  MERCADOPAGO_API_URL: z.url().default("https://api.mercadopago.com"),
  MERCADOPAGO_AUTH_URL: z.url().default("https://auth.mercadopago.com"),
  /** The operator's Mercado Pago application: with both set, owners may link their account by OAuth. */
  MERCADOPAGO_CLIENT_ID: z.string().min(1).optional(),
  MERCADOPAGO_CLIENT_SECRET: z.string().min(1).optional(),
  /** The secret the operator's application signs webhooks with, for accounts linked by OAuth. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** How long one call to Mercado Pago may take before it is given up. */
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The key that seals the stores' payment credentials (AES-256-GCM): 32 bytes in base64. Unset: a
   * key generated once and kept in the database with the other app secrets.
   */
  PAYMENTS_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || Buffer.from(value, "base64").length === 32, {
      message: "32 bytes in base64 (openssl rand -base64 32)",
    }),
  /** An unpaid card order is cancelled as expired after this many minutes. */
  CARD_PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(7 * 24 * 60)
    .default(30),
  /** How often the payments sweep asks Mercado Pago about card orders still waiting. */
  PAYMENTS_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

function splitList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function areDnsServers(servers: string[]): boolean {
  try {
    new Resolver().setServers(servers);
    return servers.length > 0;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof EnvSchema> & {
  publicOrigin: string;
  /** MAIL_FROM, or no-responder@ the public origin's host. */
  mailFrom: string;
  dataDir: string;
  /** Origins images may come from besides our own (the S3 public URL's), for the CSP. */
  imageOrigins: string[];
  /** DNS_SERVERS as a list; empty: the system's resolvers. */
  dnsServers: string[];
  /** PUSH_SERVICE_HOSTS, parsed. */
  pushServiceHosts: PushServiceHost[];
  /**
   * Whether DATABASE_URL's connections keep their sessions, so statements may be prepared by name
   * on them: not when DATABASE_DIRECT_URL is set, which says DATABASE_URL is a pooler in
   * transaction mode (docs/decisions/026).
   */
  namedStatements: boolean;
};

/** Parses the environment once; every other module receives the result. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
    // The embedded PostgreSQL has no pooler in front of it: a direct URL alone names a second database.
    throw new Error("Invalid environment:\n  DATABASE_DIRECT_URL: set it only together with DATABASE_URL");
  }
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    publicOrigin,
    mailFrom: env.MAIL_FROM ?? `no-responder@${new URL(publicOrigin).hostname}`,
    dataDir: path.resolve(env.DATA_DIR),
    imageOrigins: env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [],
    dnsServers: env.DNS_SERVERS ? splitList(env.DNS_SERVERS) : [],
    pushServiceHosts: listedPushHosts(env.PUSH_SERVICE_HOSTS),
    namedStatements: !env.DATABASE_DIRECT_URL,
  };
}

function listedPushHosts(value: string | undefined): PushServiceHost[] {
  const parsed = parsePushServiceHosts(value ?? "");
  return "hosts" in parsed ? parsed.hosts : [];
}
