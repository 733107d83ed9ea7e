/**
 * Outgoing e-mail (docs/decisions/017): every message is a job of the one job mechanism
 * (docs/decisions/004), queued with `queueMail(tx, …)` in the transaction of the action that causes
 * it, and sent by the worker with its retries and back-off. With `SMTP_URL` it goes through
 * nodemailer's SMTP transport; without it (the default of `npm start`) it is written to
 * `DATA_DIR/mail/<id>.eml` and logged with its link, so a fresh clone can still reset a password.
 */
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Executor } from "~/db/client.server";
import { defineJob, ERASED_PAYLOAD, isErased } from "~/domain/jobs/define-job.server";
import { enqueue, JobError, type Job } from "~/domain/jobs/jobs.server";
import { z } from "~/lib/zod";
import type { Env } from "~/lib/env.server";
import { randomId } from "~/lib/ids";
import type { Logger } from "~/lib/logger.server";
import { mailDeliveries } from "~/lib/metrics.server";
import { MAIL_RETRY } from "./mail-retry";
import type { MailMessage } from "./mail-text";

export const MAIL_JOB = "mail.send";

/**
 * A queued message. `id` names its Message-ID and its .eml file, so a retried send is the same
 * message. `orderRef` ("<storeId>/<orderNumber>") marks a message holding a shopper's data, so
 * erasing that order's personal data erases it here too.
 */
export type QueuedMail = MailMessage & { id: string; orderRef?: string };
/** A queued message, or what erasing the shopper's data left of it. */
export const MailPayloadSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    fromName: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    link: z.string().optional(),
    attachments: z
      .array(z.object({ filename: z.string(), contentType: z.string(), base64: z.string() }))
      .optional(),
    orderRef: z.string().optional(),
  })
  .or(ERASED_PAYLOAD);

/** Queues a message in the caller's transaction: it is sent once that transaction commits. */
export async function queueMail(tx: Executor, message: MailMessage, options: { orderRef?: string } = {}) {
  const queued: QueuedMail = { ...message, id: randomId(24), ...options };
  await enqueue(tx, MAIL_JOB, queued);
  return queued.id;
}

export type Mailer = {
  readonly transport: "smtp" | "file";
  /** Where messages go, for the start-up log. */
  readonly destination: string;
  send(message: QueuedMail): Promise<void>;
  close(): void;
};

/** SMTP waits bounded by these, so a dead server fails the job (to be retried) instead of holding it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(env: Env, logger: Logger): Mailer {
  const from = (message: QueuedMail) => ({ name: message.fromName, address: env.mailFrom });
  const domain = env.mailFrom.split("@")[1] ?? "localhost";
  const envelope = (message: QueuedMail) => ({
    from: from(message),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.id}@${domain}>`,
    attachments: message.attachments?.map(({ filename, contentType, base64 }) => ({
      filename,
      contentType,
      content: Buffer.from(base64, "base64"),
    })),
  });

  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    const transporter = lazyTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      transport: "smtp",
      destination: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ""}`,
      async send(message) {
        await (await transporter.get()).sendMail(envelope(message));
      },
      close: () => transporter.close(),
    };
  }

  const directory = path.join(env.dataDir, "mail");
  const writer = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    transport: "file",
    destination: directory,
    async send(message) {
      const info = await (await writer.get()).sendMail(envelope(message));
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${message.id}.eml`);
      // A reader never sees half a message: written beside it, then renamed over.
      const temporary = `${file}.${randomId(8)}.tmp`;
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, file);
      logger.info("e-mail written (no SMTP_URL configured)", {
        to: message.to,
        subject: message.subject,
        link: message.link,
        file,
      });
    },
    close: () => writer.close(),
  };
}

/**
 * A nodemailer transport made with the first message, not when the process starts: most processes
 * send none, and loading nodemailer costs a twentieth of a second of a core.
 */
function lazyTransport(options: Record<string, unknown>) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () =>
      (transporter ??= import("nodemailer").then((nodemailer) =>
        nodemailer.default.createTransport(options),
      )),
    close: () =>
      void transporter?.then(
        (made) => made.close(),
        () => {}, // never made: nothing to close
      ),
  };
}

/**
 * A recipient the server refused for good (5xx to RCPT TO: no such mailbox) is given up; any
 * other failure — a connection refused or cut, a timeout, a 4xx, a rejected login — is retried
 * by the worker with e-mail's own policy (MAIL_RETRY: at most an hour apart, for 5 days). A
 * given-up message stays in the jobs table with its error.
 */
function isPermanent(error: unknown) {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  return code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500;
}

/** Sending one queued message, retried by e-mail's own policy. */
export function mailJob(deps: { mailer: Mailer; logger: Logger }) {
  return defineJob({
    kind: MAIL_JOB,
    payload: MailPayloadSchema,
    run: mailJobHandler(deps),
    retry: MAIL_RETRY,
  });
}

function mailJobHandler({ mailer, logger }: { mailer: Mailer; logger: Logger }) {
  return async (message: z.infer<typeof MailPayloadSchema>, job: Job) => {
    // Erased meanwhile (the shopper's data of a closed store): nothing left to send.
    if (isErased(message)) return;
    try {
      await mailer.send(message);
      mailDeliveries.inc({ transport: mailer.transport, outcome: "sent" });
    } catch (error) {
      const permanent = isPermanent(error);
      mailDeliveries.inc({ transport: mailer.transport, outcome: permanent ? "rejected" : "failed" });
      logger.warn("e-mail not sent", { job: job.id, attempt: job.attempts, error: (error as Error).message });
      throw new JobError(`e-mail not sent: ${(error as Error).message}`, !permanent);
    }
  };
}
