/**
 * Taking an order's units from its products' stock, in the order's own transaction (docs/decisions/028).
 * One conditional UPDATE decides: it locks the tracked products in the order of their ids (so two
 * orders never wait for each other in a circle) and takes the units only where enough is left,
 * so 50 orders at once for the last 5 units give exactly 5. A refusal throws, and the transaction
 * rolls back whatever it took. An order with no tracked product costs no statement here.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { products } from "~/db/schema";
import { refillStock } from "~/domain/products/stock-refill.server";
import {
  firstShortfall,
  isRefillDue,
  lastRefillTime,
  quantitiesByProduct,
  stockRefusal,
} from "~/domain/products/stock";
import type { ProductUnit } from "~/domain/products/product-units";
import type { OpeningHours } from "~/domain/stores/opening-hours";
import { AppError } from "~/lib/errors";
import type { PricedLine, ProductRow } from "./price";

/** The refusal of a line its product has not enough of; nothing is stored. */
export class OutOfStockError extends AppError {
  constructor(product: { id: string; name: string; unit: ProductUnit }, left: number) {
    super("UNAVAILABLE", stockRefusal(product.name, left, product.unit), {
      field: "lines",
      details: { outOfStock: { productId: product.id, left } },
    });
  }
}

/**
 * Takes the lines' units from the tracked products (stock not null) and answers their ids, or
 * throws OutOfStockError naming the first product short and what is left of it. The first order
 * after the store's opening refills its daily stock first.
 */
export async function takeStock(
  tx: Executor,
  storeId: string,
  lines: PricedLine[],
  read: ProductRow[],
  store: { openingHours: OpeningHours | null; timeZone: string; now: Date },
): Promise<Set<string>> {
  let tracked = read.filter((product) => product.stock !== null);
  if (tracked.length === 0) return new Set();
  const lastRefill = lastRefillTime(store.openingHours, store.now, store.timeZone);
  if (tracked.some((product) => isRefillDue(refillFields(product), lastRefill))) {
    await refillStock(tx, [{ storeId, lastRefill: lastRefill! }]);
    tracked = tracked.map((product) =>
      isRefillDue(refillFields(product), lastRefill) ? { ...product, stock: product.dailyStock } : product,
    );
  }
  // What the read saw short is refused without taking a lock: the shoppers who lost the race
  // for the last units do not queue behind those who won it.
  const short = firstShortfall(lines, tracked);
  if (short) throw new OutOfStockError(short.product, short.left);

  const wanted = [...quantitiesByProduct(lines)].filter(([id]) =>
    tracked.some((product) => product.id === id),
  );
  const { rows } = await tx.execute<{ id: string }>(sql`
      with wanted as (
        select product_id, quantity
        from unnest(${sql.param(wanted.map(([id]) => id))}::text[],
                    ${sql.param(wanted.map(([, quantity]) => quantity))}::numeric[]) as w(product_id, quantity)
      ), locked as materialized (
        select p.id from ${products} p
        where p.store_id = ${storeId} and p.id in (select product_id from wanted) and p.stock is not null
        order by p.id
        for update
      )
      update ${products} p set stock = p.stock - wanted.quantity
      from wanted join locked on locked.id = wanted.product_id
      where p.store_id = ${storeId} and p.id = wanted.product_id and p.stock >= wanted.quantity
      returning p.id`);
  const taken = new Set(rows.map((row) => row.id));
  if (taken.size < wanted.length)
    await refuseWhatRanOut(
      tx,
      storeId,
      lines,
      wanted.map(([id]) => id),
    );
  return taken;
}

/**
 * Another order took the units between the read and the update: the product short now, with
 * what is left of it. A product whose owner stopped counting it meanwhile is not short.
 */
async function refuseWhatRanOut(tx: Executor, storeId: string, lines: PricedLine[], ids: string[]) {
  const { rows } = await tx.execute<{
    id: string;
    name: string;
    unit: ProductUnit;
    stock: string | null;
  }>(sql`
      select id, name, unit, stock from ${products}
      where store_id = ${storeId} and id = any(${sql.param(ids)}::text[])`);
  const now = rows.map((row) => ({ ...row, stock: row.stock === null ? null : Number(row.stock) }));
  const short = firstShortfall(lines, now);
  if (short) throw new OutOfStockError(short.product, short.left);
}

function refillFields(product: ProductRow) {
  return {
    dailyStock: product.dailyStock,
    stockRefilledAt: product.stockRefilledAt === null ? null : new Date(product.stockRefilledAt),
  };
}
