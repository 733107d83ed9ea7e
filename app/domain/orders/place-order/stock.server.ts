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
import type { ChoiceGroup } from "~/domain/products/choices";
import {
  firstOptionShortfall,
  firstShortfall,
  isRefillDue,
  lastRefillTime,
  quantitiesByOption,
  quantitiesByProduct,
  stockRefusal,
  type OptionStock,
} from "~/domain/products/stock";
import type { ProductUnit } from "~/domain/products/product-units";
import type { OpeningHours } from "~/domain/stores/opening-hours";
import { AppError } from "~/lib/errors";
import type { PricedLine, ProductRow } from "./price";

/**
 * The refusal of a line its product, or its size option (named "Concha (Grande)"), has not
 * enough of; nothing is stored.
 */
export class OutOfStockError extends AppError {
  constructor(product: { id: string; name: string; unit: ProductUnit }, left: number, optionId?: string) {
    super("UNAVAILABLE", stockRefusal(product.name, left, product.unit), {
      field: "lines",
      details: { outOfStock: { productId: product.id, ...(optionId ? { optionId } : {}), left } },
    });
  }
}

/** What an order took: the products whose own stock, and the size options ("productId optionId") whose stock. */
export type TakenStock = { products: ReadonlySet<string>; options: ReadonlySet<string> };

export const NOTHING_TAKEN: TakenStock = { products: new Set(), options: new Set() };

/** The size option whose stock a line's units came from, or null. */
export function stockOptionOf(taken: TakenStock, line: { productId: string; choices?: string[] }) {
  return (line.choices ?? []).find((id) => taken.options.has(`${line.productId} ${id}`)) ?? null;
}

const countsStock = (product: ProductRow) =>
  product.stock !== null || Object.keys(product.optionStock ?? {}).length > 0;

/**
 * Takes the lines' units from the tracked products (stock not null) and from the counted size
 * options (docs/decisions/034), and answers what it took, or throws OutOfStockError naming the
 * first product or option short and what is left of it. The first order after the store's
 * opening refills its daily stock first.
 */
export async function takeStock(
  tx: Executor,
  storeId: string,
  lines: PricedLine[],
  read: ProductRow[],
  store: { openingHours: OpeningHours | null; timeZone: string; now: Date },
): Promise<TakenStock> {
  let tracked = read.filter(countsStock);
  if (tracked.length === 0) return NOTHING_TAKEN;
  const lastRefill = lastRefillTime(store.openingHours, store.now, store.timeZone);
  if (tracked.some((product) => isRefillDue(refillFields(product), lastRefill))) {
    await refillStock(tx, [{ storeId, lastRefill: lastRefill! }]);
    tracked = tracked.map((product) =>
      isRefillDue(refillFields(product), lastRefill) ? { ...product, stock: product.dailyStock } : product,
    );
  }
  // What the read saw short is refused without taking a lock: the shoppers who lost the race
  // for the last units do not queue behind those who won it.
  refuseShortfall(lines, tracked);

  const wanted = [...quantitiesByProduct(lines)].filter(([id]) =>
    tracked.some((product) => product.id === id && product.stock !== null),
  );
  const options = [...quantitiesByOption(lines, tracked).values()];
  const { rows } = await tx.execute<{ id: string }>(sql`
      with wanted as (
        select product_id, quantity
        from unnest(${sql.param(wanted.map(([id]) => id))}::text[],
                    ${sql.param(wanted.map(([, quantity]) => quantity))}::numeric[]) as w(product_id, quantity)
      ), options as (
        select product_id, option_id, quantity
        from unnest(${sql.param(options.map((option) => option.product.id))}::text[],
                    ${sql.param(options.map((option) => option.optionId))}::text[],
                    ${sql.param(options.map((option) => option.quantity))}::numeric[])
          as o(product_id, option_id, quantity)
      ), locked as materialized (
        select p.id, p.stock, p.option_stock from ${products} p
        where p.store_id = ${storeId}
          and p.id in (select product_id from wanted union select product_id from options)
        order by p.id
        for update
      )
      -- What is left is read from the locked rows: FOR UPDATE returns each row as the orders
      -- before this one left it, so the conditions and the new amounts are decided on it.
      update ${products} p
      set stock = l.stock - coalesce((select quantity from wanted where product_id = l.id), 0),
        option_stock = coalesce(l.option_stock || (
          select jsonb_object_agg(o.option_id, (l.option_stock ->> o.option_id)::numeric - o.quantity)
          from options o where o.product_id = l.id and l.option_stock ? o.option_id), l.option_stock)
      from locked l
      where p.store_id = ${storeId} and p.id = l.id
        and not exists (select 1 from wanted w where w.product_id = l.id and not l.stock >= w.quantity)
        and not exists (select 1 from options o where o.product_id = l.id
                        and not (l.option_stock ->> o.option_id)::numeric >= o.quantity)
      returning p.id`);
  const updated = new Set(rows.map((row) => row.id));
  const asked = new Set([...wanted.map(([id]) => id), ...options.map((option) => option.product.id)]);
  if (updated.size < asked.size) await refuseWhatRanOut(tx, storeId, lines, [...asked]);
  return {
    products: new Set(wanted.map(([id]) => id).filter((id) => updated.has(id))),
    options: new Set(
      options
        .filter((option) => updated.has(option.product.id))
        .map((option) => `${option.product.id} ${option.optionId}`),
    ),
  };
}

/** What deciding a shortfall reads of a product. */
type StockRow = Pick<ProductRow, "id" | "name" | "unit" | "stock" | "optionStock" | "choiceGroups">;

/** Refuses the order for the first product, then the first size option, with less left than asked. */
function refuseShortfall(lines: PricedLine[], products: StockRow[]) {
  const short = firstShortfall(lines, products);
  if (short) throw new OutOfStockError(short.product, short.left);
  const option = firstOptionShortfall(lines, products);
  if (option)
    throw new OutOfStockError({ ...option.product, name: option.name }, option.left, option.optionId);
}

/**
 * Another order took the units between the read and the update: the product or option short
 * now, with what is left of it. One whose owner stopped counting it meanwhile is not short.
 */
async function refuseWhatRanOut(tx: Executor, storeId: string, lines: PricedLine[], ids: string[]) {
  const { rows } = await tx.execute<{
    id: string;
    name: string;
    unit: ProductUnit;
    stock: string | null;
    option_stock: OptionStock | null;
    choice_groups: ChoiceGroup[];
  }>(sql`
      select id, name, unit, stock, option_stock, choice_groups from ${products}
      where store_id = ${storeId} and id = any(${sql.param(ids)}::text[])`);
  refuseShortfall(
    lines,
    rows.map((row) => ({
      ...row,
      stock: row.stock === null ? null : Number(row.stock),
      optionStock: row.option_stock,
      choiceGroups: row.choice_groups,
    })),
  );
}

function refillFields(product: ProductRow) {
  return {
    dailyStock: product.dailyStock,
    stockRefilledAt: product.stockRefilledAt === null ? null : new Date(product.stockRefilledAt),
  };
}
