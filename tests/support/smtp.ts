/**
 * A real SMTP server in the test's process (`smtp-server`, the same project as nodemailer): the
 * app sends to it over TCP as it would to a provider, and each message is parsed (`mailparser`)
 * so a test reads the link in it. `refuseNext(n)` answers the next n messages with a temporary
 * failure (451), as a busy provider would.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";

export type ReceivedMail = {
  to: string;
  from: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: string;
};

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        attempts++;
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("Servicio ocupado, intenta más tarde"), {
            responseCode: 451,
          });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        const from = parsed.from?.value[0];
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(", "),
          from: from?.address ?? "",
          fromName: from?.name ?? "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          messageId: parsed.messageId ?? "",
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** Messages that reached the server's DATA step, refused or not. */
    attempts: () => attempts,
    refuseNext(count: number) {
      refusals = count;
    },
    to(address: string) {
      return received.filter((mail) => mail.to === address);
    },
    /** Waits for a message to this address (and matching the subject, if given). */
    async waitFor(address: string, subject?: RegExp): Promise<ReceivedMail> {
      const find = () =>
        received.find((mail) => mail.to === address && (subject ? subject.test(mail.subject) : true));
      await expect.poll(find).toBeDefined();
      return find()!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The first link to our origin in a message's text part. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/\//g, "\\/")}[^\\s]*`));
  if (!match) throw new Error(`No ${pathPrefix} link in:\n${mail.text}`);
  return match[0];
}
