/**
 * A new order's push to the owner's device and its e-mail job are written by the order's own
 * transaction: an order that fails to commit leaves neither, and an order that commits has both,
 * in the same transaction (a job queued after the commit would be lost by a crash in between).
 * `placeOrder` runs here, on the test's database, with no job worker: the job rows stay as the
 * order's transaction wrote them, so their `xmin` names the transaction that wrote them.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createOwner, createProduct, createStore } from "~/db/factories.server";
import { orders, storeOwners } from "~/db/schema";
import { NEW_ORDER_EMAIL_JOB } from "~/domain/orders/new-order-mail.server";
import { parseOrderForm } from "~/domain/orders/order-form";
import { placeOrder } from "~/domain/orders/place-order/index.server";
import { PUSH_JOB, saveSubscription } from "~/domain/push/push.server";
import { createTestDatabase } from "../support/database";

const { db } = await createTestDatabase();

/** The customer whose order this database refuses when it commits, and only then. */
const REFUSED_AT_COMMIT = "Cliente que no llega a guardarse";

beforeAll(async () => {
  // A deferred constraint trigger runs at COMMIT, after every statement of the order succeeded:
  // the order's transaction fails as late as a transaction can.
  await db.execute(
    sql.raw(`
    create function refuse_marked_order() returns trigger language plpgsql as $$
    begin
      if new.customer_name = '${REFUSED_AT_COMMIT}' then
        raise exception 'order refused at commit';
      end if;
      return null;
    end $$;
    create constraint trigger orders_refused_at_commit after insert on orders
      deferrable initially deferred for each row execute function refuse_marked_order();
  `),
  );
});

/** A store whose owner has a push device and asked for an e-mail per order. */
async function storeWithBothChannels() {
  const store = await createStore(db, { settings: { allowPickup: true } });
  const owner = await createOwner(db, { storeId: store.id });
  await db.update(storeOwners).set({ emailNewOrders: true }).where(eq(storeOwners.userId, owner.id));
  await saveSubscription(
    db,
    owner.id,
    store.id,
    {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
      p256dh: randomBytes(65).toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
      device: "Chrome en Android",
    },
    [],
  );
  const tamal = await createProduct(db, store.id, { name: "Tamal", price: 24.5 });
  return { store, tamal };
}

function order(storeId: string, productId: string, customerName: string) {
  const parsed = parseOrderForm({
    customerName,
    customerPhone: "",
    deliveryType: "pickup",
    address: "",
    comments: "",
    idempotencyKey: `clave-${randomBytes(8).toString("hex")}`,
    lines: [{ productId, variation: "", quantity: 2 }],
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return placeOrder(db, storeId, parsed.data, { clientIp: `ip-${randomBytes(4).toString("hex")}` });
}

/** The store's push and new-order e-mail jobs, with the transaction that wrote each. */
async function jobsOf(storeId: string) {
  const { rows } = await db.execute<{ kind: string; order_id: string | null; xmin: string }>(sql`
    select j.kind, coalesce(j.payload->>'orderId', substring(j.payload->'message'->>'tag' from 'pedido-(.*)'))
        as order_id, j.xmin::text as xmin
    from jobs j
    where (j.kind = ${NEW_ORDER_EMAIL_JOB} and j.payload->>'storeId' = ${storeId})
       or (j.kind = ${PUSH_JOB} and (j.payload->>'subscriptionId')::bigint in
            (select id from push_subscriptions where store_id = ${storeId}))
    order by j.kind`);
  return rows;
}

describe("an order's push and e-mail commit with it", () => {
  it("an order refused at commit leaves no push job and no e-mail job", async () => {
    const { store, tamal } = await storeWithBothChannels();
    // Every statement went through; the COMMIT itself failed.
    await expect(order(store.id, tamal.id, REFUSED_AT_COMMIT)).rejects.toMatchObject({
      message: expect.stringMatching(/^Failed query: commit/),
      cause: expect.objectContaining({ message: "order refused at commit" }),
    });
    expect(await db.select().from(orders).where(eq(orders.storeId, store.id))).toEqual([]);
    expect(await jobsOf(store.id)).toEqual([]);
  });

  it("an order that commits has both jobs, written by its own transaction", async () => {
    const { store, tamal } = await storeWithBothChannels();
    const { order: placed } = await order(store.id, tamal.id, "Ana López");
    const { rows } = await db.execute<{ xmin: string }>(
      sql`select xmin::text as xmin from orders where store_id = ${store.id} and id = ${placed.number}`,
    );
    const written = rows[0]!.xmin;
    expect(await jobsOf(store.id)).toEqual([
      { kind: NEW_ORDER_EMAIL_JOB, order_id: placed.number, xmin: written },
      { kind: PUSH_JOB, order_id: placed.number, xmin: written },
    ]);
  });
});
