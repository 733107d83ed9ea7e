import { createECDH, randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import ece from "http_ece";
import selfsigned from "selfsigned";

/**
 * A push service on this machine: HTTPS with a self-signed certificate, as `web-push` needs,
 * holding the receiving side of each subscription (its ECDH key and auth secret) so a test can
 * decrypt exactly what a browser would. Each answer can be chosen per request (201, a 410, a 500,
 * or no answer at all).
 */
export type Delivery = {
  subscription: string;
  body: Buffer;
  message: Record<string, unknown>;
  headers: object;
};
export type Answer = number | "hang";

export async function startPushEndpoint({ names = [] }: { names?: string[] } = {}) {
  const pems = await selfsigned.generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          // Other names a test's own DNS points here.
          ...names.map((value) => ({ type: 2 as const, value })),
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  const caFile = path.join(
    os.tmpdir(),
    `tianguis-push-ca-${process.pid}-${randomBytes(4).toString("hex")}.pem`,
  );
  await writeFile(caFile, pems.cert);
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  /** Deliveries answered 201: what the owner's device would have shown. */
  const delivered: Delivery[] = [];
  /** Every request that arrived, whatever it was answered. */
  let arrivals = 0;
  let answer: (subscription: string, attempt: number) => Answer = () => 201;
  const attempts = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const hanging: ServerResponse[] = [];

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      arrivals++;
      const id = (req.url ?? "").replace(/^\/push\//, "");
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const choice = answer(id, attempt);
      if (choice === "hang") {
        hanging.push(res);
        return;
      }
      if (choice === 201) {
        const receiver = subscriptions.get(id);
        const body = Buffer.concat(chunks);
        const plain = receiver
          ? ece.decrypt(body, {
              version: "aes128gcm",
              privateKey: receiver.ecdh,
              authSecret: receiver.auth.toString("base64url"),
            })
          : Buffer.from("{}");
        delivered.push({
          subscription: id,
          body,
          message: JSON.parse(plain.toString("utf8")),
          headers: req.headers,
        });
        for (const wake of waiters.splice(0)) wake();
      }
      res.writeHead(choice).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const url = `https://localhost:${port}`;

  return {
    url,
    /** `localhost:<port>`: what PUSH_SERVICE_HOSTS lists for the server to accept this service. */
    host: `localhost:${port}`,
    /** The certificate to trust: `new https.Agent({ ca })`, or NODE_EXTRA_CA_CERTS=caFile for a process. */
    ca: pems.cert,
    caFile,
    agent: new https.Agent({ ca: pems.cert }),
    delivered,
    arrivals: () => arrivals,
    /** A new browser-side subscription: its endpoint and public keys, as the browser would send them. */
    subscribe() {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${url}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      };
    },
    answerWith(choose: (subscription: string, attempt: number) => Answer) {
      answer = choose;
    },
    /** Resolves once `count` deliveries have arrived (the test's own timeout bounds it). */
    async waitFor(count: number) {
      while (delivered.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
