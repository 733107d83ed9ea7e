import { sql, type SQL } from "drizzle-orm";
import { products } from "~/db/schema";
import type { OrderLineInput } from "../order-form";

/**
 * The lines' products as they are now, as a JSON array of ProductRow (./price.ts): a part of the
 * statement that reads under the order's key, so that pricing costs no round trip of its own.
 * Only this store's products are read, whatever ids the browser sent.
 */
export function productsOf(storeId: string, lines: OrderLineInput[]): SQL {
  const ids = [...new Set(lines.map((line) => line.productId))];
  return sql`(select coalesce(json_agg(json_build_object('id', id, 'name', name, 'price', price, 'unit', unit,
            'category', category,
            'available', available, 'variations', variations, 'choiceGroups', choice_groups,
            'quantityStep', quantity_step,
            'minQuantity', min_quantity, 'stock', stock, 'dailyStock', daily_stock,
            'stockRefilledAt', stock_refilled_at, 'optionStock', option_stock)), '[]'::json)
          from ${products}
          where store_id = ${storeId} and id = any(${sql.param(ids)}::text[]))`;
}
