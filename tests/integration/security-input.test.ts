/**
 * Wrong kinds of input, through the real server process: every entry point that takes a POST
 * (app/lib/entry-points.ts: the router's actions and the server's own, so a new one is covered
 * without touching this file) gets an empty body, JSON, plain text, a multipart body that does not
 * parse, a 1 MB field, half of a surrogate pair and a NUL. None of them is answered with a 5xx, and no row of the
 * database changes. A shopper's order whose name or comments hold half a surrogate pair is refused
 * next to that field.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOrder, createOwner, createProduct, createStore } from "~/db/factories.server";
import { pushSubscriptions } from "~/db/schema";
import { SUPERADMIN_ROLE } from "~/domain/auth/roles";
import { ALL_ENTRY_POINTS } from "~/lib/entry-points";
import { createTestDatabase } from "../support/database";
import { signIn, useServerProcess } from "../support/http-server";
import { orderRequest } from "../support/shopper";

const { db, url: databaseUrl } = await createTestDatabase();
const running = useServerProcess(databaseUrl);
const base = () => running.server.url;

/** Every entry point that takes a POST, by its path pattern. */
const posts = ALL_ENTRY_POINTS.filter((entry) => entry.methods.includes("POST"));

const target = { storeId: "", productId: "", orderNumber: "" };
const cookies = { owner: "", superadmin: "" };

beforeAll(async () => {
  // A trial already used, e-mails of new orders already off, an order paid in cash: what a form
  // without its fields would ask for is already so, and anything else must be refused.
  const store = await createStore(db, {
    settings: { allowPickup: true },
    trialExpiration: new Date(Date.now() - 86_400_000),
  });
  const product = await createProduct(db, store.id, { available: true });
  const order = await createOrder(db, store.id, {
    lines: [{ productId: product.id, name: product.name, price: product.price, unit: product.unit }],
  });
  const owner = await createOwner(db, { storeId: store.id });
  // A device to notify: a new order's push is queued with the order, name and all.
  await db.insert(pushSubscriptions).values({
    userId: owner.id,
    storeId: store.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
    p256dh: randomBytes(65).toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  });
  const admin = await createOwner(db, { role: SUPERADMIN_ROLE });
  Object.assign(target, { storeId: store.id, productId: product.id, orderNumber: order.id });
  cookies.owner = await signIn(base(), owner.email, owner.password);
  cookies.superadmin = await signIn(base(), admin.email, admin.password);
});

/** A route pattern with its parameters filled with this file's store, product and order. */
function urlOf(pattern: string): string {
  const values: Record<string, string> = {
    storeId: target.storeId,
    productId: target.productId,
    number: target.orderNumber,
    city: "aguascalientes",
    cityId: "aguascalientes",
    token: "un-enlace-que-no-existe-0123456789",
    file: "1.jpg",
  };
  return pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "x").replace(/\*$/, "x");
}

/** Who asks: the owner for the panel and the Cuenta area, the super-admin for theirs, else nobody. */
function cookieFor(url: string): string | undefined {
  if (url.startsWith("/i/super-admin")) return cookies.superadmin;
  if (url.startsWith("/i/admin") || url.startsWith("/i/cuenta")) return cookies.owner;
  return undefined;
}

type Body = { type?: string; body?: string | Uint8Array<ArrayBuffer> };
const MEGABYTE = 1024 * 1024;
/** The kinds of input, each as a content type and a body. */
const INPUTS: Record<string, Body> = {
  "an empty body": {},
  JSON: { type: "application/json", body: JSON.stringify({ intent: "create", name: "Forjado", a: [1] }) },
  "plain text": { type: "text/plain", body: "hola, esto no es un formulario" },
  "multipart that does not parse": {
    type: "multipart/form-data; boundary=----limite",
    body: "------otro-limite\r\nesto no es multipart",
  },
  "a 1 MB field": {
    type: "application/x-www-form-urlencoded",
    body: `intent=create&name=${"a".repeat(MEGABYTE)}`,
  },
  // U+D800 alone, as the bytes a UTF-8 encoder that allowed it would write (ED A0 80).
  "half a surrogate pair in a form": {
    type: "application/x-www-form-urlencoded",
    body: "intent=%ED%A0%80&name=%ED%A0%80",
  },
  "half a surrogate pair in multipart": {
    type: "multipart/form-data; boundary=limite",
    body: Uint8Array.from([
      ...Buffer.from('--limite\r\nContent-Disposition: form-data; name="intent"\r\n\r\n'),
      0xed,
      0xa0,
      0x80,
      ...Buffer.from("\r\n--limite--\r\n"),
    ]),
  },
  "half a surrogate pair in JSON": {
    type: "application/json",
    body: '{"intent":"\\ud800","name":"\\udc00"}',
  },
  "a NUL": { type: "application/x-www-form-urlencoded", body: "intent=create&name=a%00b" },
};

/**
 * A fingerprint of every row of every table but those that change by themselves: rate-limit
 * hits (a refusal may count) and the jobs' bookkeeping (the server's worker runs its daily jobs).
 */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_hits' order by 1`,
  );
  const parts = tables.map(({ name }) =>
    name === "jobs"
      ? sql`select 'jobs' as name, md5(coalesce(string_agg(md5(j.id || j.kind || j.payload::text), '' order by j.id), '')) as hash from jobs j where j.key is null`
      : sql`select ${name} as name, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as hash from ${sql.identifier(name)} t`,
  );
  const { rows } = await db.execute<{ name: string; hash: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

function changed(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((table) => after[table] !== before[table]);
}

describe("the entry points that take a POST", () => {
  it("include every form the panel and the public pages post, and the server's own", () => {
    const patterns = posts.map((entry) => entry.path);
    for (const known of [
      "/i/login",
      "/i/admin/settings",
      "/i/cuenta/cerrar-tienda",
      "/s/:storeId/pedido/:number",
      "/s/:storeId/api",
      "/i/csp-report",
    ])
      expect(patterns).toContain(known);
    expect(patterns.length).toBeGreaterThanOrEqual(30);
  });
});

describe("wrong kinds of input never give a 5xx and change nothing", () => {
  const cases = posts
    .map((entry) => entry.path)
    .flatMap((pattern) => Object.keys(INPUTS).map((input) => [pattern, input] as const));

  it.each(cases)("%s with %s", async (pattern, input) => {
    const url = urlOf(pattern);
    const { type, body } = INPUTS[input]!;
    const cookie = cookieFor(url);
    const before = await fingerprint();
    for (const accept of ["application/json", "text/html"]) {
      const response = await fetch(`${base()}${url}`, {
        method: "POST",
        headers: {
          Origin: base(),
          Accept: accept,
          ...(type ? { "Content-Type": type } : {}),
          ...(cookie ? { cookie } : {}),
        },
        body,
        redirect: "manual",
      });
      const text = await response.text();
      expect(response.status, `${accept}: ${text.slice(0, 300)}`).toBeLessThan(500);
    }
    expect(changed(before, await fingerprint())).toEqual([]);
  });
});

describe("half a surrogate pair in a shopper's order", () => {
  it.each(["customerName", "comments"])(
    "in %s is refused next to that field; no order is made",
    async (field) => {
      const request = orderRequest({ productId: target.productId });
      const form: Record<string, unknown> = { ...request.form, [field]: "SURROGATE" };
      // JSON.stringify writes a lone surrogate as its escape, as any script could send it.
      const body = JSON.stringify({ ...request, form }).replace("SURROGATE", "\\ud83d Ana");
      expect(body).toContain("\\ud83d");
      const before = await fingerprint();
      const response = await fetch(`${base()}/s/${target.storeId}/api`, {
        method: "POST",
        headers: { Origin: base(), "Content-Type": "application/json" },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        ok: false,
        fieldErrors: {
          [field]: "Este campo tiene caracteres que no se permiten. Bórralos e intenta de nuevo.",
        },
      });
      expect(changed(before, await fingerprint())).toEqual([]);
    },
  );
});
