/**
 * Push subscriptions cannot make the server request addresses of an owner's choosing, nor take
 * another account's device, through the real server process: an endpoint must be on a browser's
 * push service (or a host the operator lists in PUSH_SERVICE_HOSTS, here the local push service),
 * by name and on its port; at send time a name that resolves to a loopback, private or otherwise
 * reserved address is refused (this file's own DNS server answers), and a refused endpoint is
 * never connected to (a local listener counts connections); the owner sees only "entregada" or
 * "no se pudo entregar". The push goes to the addresses that were checked, never to a new answer.
 */
import { createECDH, randomBytes } from "node:crypto";
import net from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner, createStore } from "~/db/factories.server";
import { jobs, pushSubscriptions } from "~/db/schema";
import { enqueue, startJobWorker } from "~/domain/jobs/jobs.server";
import { PUSH_MESSAGES } from "~/domain/push/push-messages";
import { PUSH_JOB, pushJob } from "~/domain/push/push.server";
import { readEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase } from "../support/database";
import { startDnsServer } from "../support/dns-server";
import { signIn, useServerProcess } from "../support/http-server";
import { startPushEndpoint } from "../support/push-endpoint";

const { db, url: databaseUrl } = await createTestDatabase();
/** A database no server's worker reads, for the worker this file runs itself. */
const own = await createTestDatabase();
const REBOUND_NAME = "cambia.tianguis.test";
const pushService = await startPushEndpoint({ names: [REBOUND_NAME] });
const dns = await startDnsServer();
// The server resolves push services at this file's DNS server: the local push service's name,
// a push service's name that points into a private network, and one that points at loopback.
dns.set("localhost", { A: ["127.0.0.1"] });
dns.set("interno.push.services.mozilla.com", { A: ["10.0.0.1"] });
dns.set("bucle.notify.windows.com", { A: ["127.0.0.1"], AAAA: ["::1"] });
dns.set("mixto.push.apple.com", { A: ["142.250.72.170", "169.254.169.254"] });

/** A listener on 127.0.0.1 and ::1 (one port) that counts the connections it gets. */
async function startConnectionCounter() {
  let connections = 0;
  const count = (socket: net.Socket) => {
    connections++;
    socket.destroy();
  };
  const v4 = net.createServer(count);
  await new Promise<void>((resolve) => v4.listen(0, "127.0.0.1", resolve));
  const port = (v4.address() as net.AddressInfo).port;
  const v6 = net.createServer(count);
  const listening6 = await new Promise<boolean>((resolve) => {
    v6.once("error", () => resolve(false));
    v6.listen(port, "::1", () => resolve(true));
  });
  return {
    port,
    listening6,
    connections: () => connections,
    close: async () => {
      await new Promise((resolve) => v4.close(resolve));
      if (listening6) await new Promise((resolve) => v6.close(resolve));
    },
  };
}
const counter = await startConnectionCounter();
afterAll(async () => {
  await pushService.close();
  await dns.close();
  await counter.close();
});

const running = useServerProcess(databaseUrl, {
  PUSH_SERVICE_HOSTS: pushService.host,
  DNS_SERVERS: dns.address,
  NODE_EXTRA_CA_CERTS: pushService.caFile,
});
const base = () => running.server.url;

const owners = { a: { cookie: "", userId: "", storeId: "" }, b: { cookie: "", userId: "", storeId: "" } };
beforeAll(async () => {
  for (const key of ["a", "b"] as const) {
    const store = await createStore(db);
    const owner = await createOwner(db, { storeId: store.id });
    owners[key] = {
      cookie: await signIn(base(), owner.email, owner.password),
      userId: owner.id,
      storeId: store.id,
    };
  }
});

/** A browser's keys for a subscription: a P-256 public key and an auth secret. */
const keysOf = () => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
};
const post = (cookie: string, fields: Record<string, string>) =>
  fetch(`${base()}/i/admin/push`, {
    method: "POST",
    headers: { cookie, Accept: "application/json", Origin: base() },
    body: new URLSearchParams(fields),
  });
const subscribe = (cookie: string, endpoint: string, keys = keysOf()) =>
  post(cookie, { intent: "subscribe", endpoint, ...keys, device: "Chrome en Android" });
const rowsOf = (endpoints: string[]) =>
  db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, endpoints));
type Listed = { id: number; endpoint: string; lastNotification: { delivered: boolean; at: string } | null };
const devicesListed = async (cookie: string) =>
  (
    (await (
      await fetch(`${base()}/i/admin/push`, { headers: { cookie, Accept: "application/json" } })
    ).json()) as {
      devices: Listed[];
    }
  ).devices;
const id = () => randomBytes(6).toString("hex");

describe("subscribing accepts only a push service's endpoint", () => {
  const refused = () => [
    `https://127.0.0.1:${counter.port}/push/${id()}`,
    `https://[::1]:${counter.port}/push/${id()}`,
    `https://localhost:${counter.port}/push/${id()}`,
    `https://localhost/push/${id()}`,
    `https://127.0.0.1/push/${id()}`,
    `https://[::1]/push/${id()}`,
    `https://2130706433/push/${id()}`,
    `https://[::ffff:127.0.0.1]/push/${id()}`,
    `https://169.254.169.254/latest/meta-data/${id()}`,
    `https://fcm.googleapis.com:8443/fcm/send/${id()}`,
    `https://localhost:8443/push/${id()}`,
    `http://fcm.googleapis.com/fcm/send/${id()}`,
    `https://usuario:clave@fcm.googleapis.com/fcm/send/${id()}`,
    `https://fcm.googleapis.com.evil.example/fcm/send/${id()}`,
    `https://evil.example/push/${id()}`,
  ];

  it.each(refused().map((endpoint) => [endpoint.replace(/\/[0-9a-f]{12}$/, "/…"), endpoint]))(
    "%s is refused in Spanish and not stored",
    async (_name, endpoint) => {
      const response = await subscribe(owners.a.cookie, endpoint);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        message: PUSH_MESSAGES.unsupportedService,
        fieldErrors: { endpoint: PUSH_MESSAGES.unsupportedService },
      });
      expect(await rowsOf([endpoint])).toEqual([]);
    },
  );

  it.each([
    `https://fcm.googleapis.com/fcm/send/${id()}`,
    `https://updates.push.services.mozilla.com/wpush/v2/${id()}`,
    `https://web.push.apple.com/${id()}`,
    `https://wns2-by3p.notify.windows.com/w/?token=${id()}`,
  ])("a browser's push service is accepted: %s", async (endpoint) => {
    const response = await subscribe(owners.a.cookie, endpoint);
    expect(response.status).toBe(200);
    expect(await rowsOf([endpoint])).toHaveLength(1);
  });
});

describe("sending", () => {
  /** Pushes queued for these devices, once the worker has tried every one of them. */
  const settled = async (deviceIds: number[]) => {
    let found: (typeof jobs.$inferSelect)[] = [];
    await expect
      .poll(async () => {
        found = (await db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB))).filter((job) =>
          deviceIds.includes((job.payload as { subscriptionId: number }).subscriptionId),
        );
        return (
          found.length === deviceIds.length &&
          found.every((job) => job.attempts > 0 && (job.doneAt !== null || job.lastError !== null))
        );
      })
      .toBe(true);
    return found;
  };

  it("endpoints stored before this rule, or by hand, that are not a push service's are never connected to", async () => {
    const { cookie, userId, storeId } = owners.b;
    const stored = [
      `https://127.0.0.1:${counter.port}/push/${id()}`,
      `https://[::1]:${counter.port}/push/${id()}`,
      `https://localhost:${counter.port}/push/${id()}`,
      `https://localhost:8443/push/${id()}`,
      `https://fcm.googleapis.com:8443/fcm/send/${id()}`,
      // Push services' names whose DNS answer is not public: refused after asking the DNS.
      `https://interno.push.services.mozilla.com/wpush/v2/${id()}`,
      `https://bucle.notify.windows.com/w/?token=${id()}`,
      `https://mixto.push.apple.com/${id()}`,
    ];
    await db
      .insert(pushSubscriptions)
      .values(stored.map((endpoint) => ({ userId, storeId, endpoint, ...keysOf(), device: "Antiguo" })));
    const devices = await rowsOf(stored);
    const questions = dns.questions();

    const answer = await post(cookie, { intent: "test" });
    expect(await answer.json()).toEqual({ ok: true, message: PUSH_MESSAGES.testSent(stored.length) });
    const done = await settled(devices.map((device) => device.id));

    expect(counter.connections()).toBe(0);
    // Refused once, not retried; the reason is for the operator's log and the jobs table only.
    for (const job of done) {
      expect(job.doneAt).not.toBeNull();
      expect(job.attempts).toBe(1);
      expect(job.lastError).toMatch(/^push refused: /);
    }
    expect(done.filter((job) => /not public/.test(job.lastError ?? ""))).toHaveLength(3);
    expect(dns.questions()).toBeGreaterThan(questions);
    const listed = await devicesListed(cookie);
    for (const device of listed.filter((candidate) => stored.includes(candidate.endpoint))) {
      expect(Object.keys(device).sort()).toEqual([
        "createdAt",
        "device",
        "endpoint",
        "id",
        "lastNotification",
      ]);
      expect(device.lastNotification).toEqual({ delivered: false, at: expect.any(String) });
    }
    expect(listed.filter((candidate) => stored.includes(candidate.endpoint))).toHaveLength(stored.length);
  });

  it("the push service the operator lists gets a real push, and the owner reads 'entregada'", async () => {
    pushService.answerWith(() => 201);
    const store = await createStore(db);
    const owner = await createOwner(db, { storeId: store.id });
    const cookie = await signIn(base(), owner.email, owner.password);
    const device = pushService.subscribe();
    expect((await subscribe(cookie, device.endpoint, device)).status).toBe(200);
    expect((await post(cookie, { intent: "test" })).status).toBe(200);
    await pushService.waitFor(pushService.delivered.length + 1);
    await expect
      .poll(async () => (await devicesListed(cookie)).map((listed) => listed.lastNotification?.delivered))
      .toEqual([true]);
    expect(pushService.delivered.filter((push) => push.subscription === device.id)).toHaveLength(1);
  });
});

describe("a subscription cannot be taken over", () => {
  it("another account's post of the same endpoint is refused, 50 at once too; the same browser's keys move it", async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${id()}`;
    const browser = keysOf();
    expect((await subscribe(owners.a.cookie, endpoint, browser)).status).toBe(200);
    const [before] = await rowsOf([endpoint]);
    expect(before!.userId).toBe(owners.a.userId);

    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => subscribe(owners.b.cookie, endpoint, keysOf())),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual(Array(50).fill(409));
    expect(await attempts[0]!.json()).toMatchObject({ ok: false, message: PUSH_MESSAGES.otherAccount });
    expect(await rowsOf([endpoint])).toEqual([before]);

    // The browser itself, now signed in to B: it holds the keys, so the device moves.
    expect((await subscribe(owners.b.cookie, endpoint, browser)).status).toBe(200);
    const [after] = await rowsOf([endpoint]);
    expect({ userId: after!.userId, storeId: after!.storeId }).toEqual({
      userId: owners.b.userId,
      storeId: owners.b.storeId,
    });
  });
});

describe("the connection goes to the address that was checked", () => {
  it("a name only this file's DNS knows is delivered to: the request never asks the system again", async () => {
    const store = await createStore(own.db);
    const owner = await createOwner(own.db, { storeId: store.id });
    const device = pushService.subscribe();
    const port = new URL(pushService.url).port;
    const endpoint = `https://${REBOUND_NAME}:${port}/push/${device.id}`;
    dns.set(REBOUND_NAME, { A: ["127.0.0.1"] });
    await own.db.insert(pushSubscriptions).values({
      userId: owner.id,
      storeId: store.id,
      endpoint,
      p256dh: device.p256dh,
      auth: device.auth,
    });
    const [row] = await own.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    const env = readEnv({ PUSH_SERVICE_HOSTS: `${REBOUND_NAME}:${port}`, DNS_SERVERS: dns.address });
    const keys = { ...webpush.generateVAPIDKeys(), subject: "mailto:pruebas@tianguis.mx" };
    const logger = createLogger("silent");
    const worker = startJobWorker({
      db: own.db,
      logger,
      pollMs: 60_000,
      handlers: { [PUSH_JOB]: pushJob({ db: own.db, keys, logger, env, agent: pushService.agent }).handler },
    });
    try {
      await worker.runOnce();
      pushService.answerWith(() => 201);
      const message = { title: "t", body: "b", tag: "pin", url: "/" };
      await own.db.transaction((tx) => enqueue(tx, PUSH_JOB, { subscriptionId: row!.id, message }));
      await worker.runOnce();
      const [job] = await own.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, PUSH_JOB), eq(jobs.attempts, 1)));
      expect(job?.lastError ?? null).toBeNull();
      expect(pushService.delivered.filter((push) => push.subscription === device.id)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
