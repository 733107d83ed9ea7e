/**
 * The promotions' side of placing and cancelling an order (docs/decisions/036): the store's offers
 * and the typed code read in the statement that reads under the order's key, a code's use taken
 * in the order's own transaction by one conditional UPDATE (like stock, docs/decisions/028), and
 * given back by the cancel.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "~/db/client.server";
import { discountCodes, discountCodeUses, offers, stores, storeSettings } from "~/db/schema";
import type { ProductUnit } from "~/domain/products/product-units";
import { resolveLicence, type StoreLicenceFields } from "~/domain/stores/licence";
import { AppError } from "~/lib/errors";
import {
  hasPromotions,
  isOfferOn,
  offerBadgeFor,
  PROMOTION_MESSAGES,
  type DiscountCode,
  type Offer,
} from "./promotions";
import { readSql, type ReadDatabase } from "~/db/read-database.server";

/** What the order reads of the store's promotions: its offers, and the typed code with whether this phone used it. */
export type PromotionsRead = { offers: Offer[]; code: (DiscountCode & { phoneUsed: boolean }) | null };

export const NO_PROMOTIONS: PromotionsRead = { offers: [], code: null };

const offerJson = sql`json_build_object('id', o.id, 'name', o.name, 'kind', o.kind, 'buy', o.buy, 'pay', o.pay,
  'percent', o.percent, 'productIds', o.product_ids, 'categories', o.categories, 'weekdays', o.weekdays,
  'startMinute', o.start_minute, 'endMinute', o.end_minute, 'paused', o.paused)`;

/** The store's offers that are not paused, as a JSON array of Offer: a part of a larger statement. */
export function offersOf(storeId: string): SQL {
  return sql`(select coalesce(json_agg(${offerJson} order by o.created_at, o.id), '[]'::json)
    from ${offers} o where o.store_id = ${storeId} and not o.paused)`;
}

/**
 * The store's offers and the code typed (null when none was typed or none has that name), as one
 * JSON value: a part of the statement that reads under the order's key.
 */
export function promotionsOf(storeId: string, code: string, phone: string): SQL {
  const codeJson =
    code === ""
      ? sql`null::json`
      : sql`(select json_build_object('id', c.id, 'code', c.code, 'kind', c.kind, 'value', c.value,
          'minSubtotal', c.min_subtotal, 'startsAt', c.starts_at, 'endsAt', c.ends_at, 'maxUses', c.max_uses,
          'uses', c.uses, 'oncePerPhone', c.once_per_phone, 'productIds', c.product_ids,
          'categories', c.categories, 'paused', c.paused,
          'phoneUsed', c.once_per_phone and exists (select 1 from ${discountCodeUses} u
            where u.store_id = c.store_id and u.code_id = c.id and u.phone = ${phone}))
        from ${discountCodes} c where c.store_id = ${storeId} and c.code = ${code})`;
  return sql`json_build_object('offers', ${offersOf(storeId)}, 'code', ${codeJson})`;
}

/**
 * What the store page shows of a store's promotions: its offers not paused, and whether it has a
 * code a shopper could type (one not paused), so the cart asks "¿Tienes un código?" only then.
 */
export async function readStorePromotions(
  db: ReadDatabase,
  storeId: string,
): Promise<{ offers: Offer[]; takesCodes: boolean }> {
  const { rows } = await db.execute<{ offers: Offer[]; takes_codes: boolean }>(readSql`
    select ${offersOf(storeId)} as offers,
      exists (select 1 from ${discountCodes} where store_id = ${storeId} and not paused) as takes_codes`);
  const row = rows[0]!;
  return { offers: readPromotions({ offers: row.offers, code: null }).offers, takesCodes: row.takes_codes };
}

/**
 * The badges of the offers running now on directory products ("storeId productId" → "2×1"), for
 * stores whose plan has promotions; one statement, none when there is no product. The city page is
 * kept until the next minute (docs/decisions/021), so the badges follow the offers' hours.
 */
export async function offerBadges(
  db: ReadDatabase,
  listed: { storeId: string; id: string; category: string; unit: string }[],
  now: Date,
): Promise<Map<string, string>> {
  const badges = new Map<string, string>();
  if (listed.length === 0) return badges;
  const storeIds = [...new Set(listed.map((product) => product.storeId))];
  const { rows } = await db.execute<{
    store_id: string;
    offers: Offer[];
    time_zone: string;
    store: StoreLicenceFields;
  }>(readSql`
    select s.id as store_id, ss.time_zone,
      json_build_object('licenceType', s.licence_type, 'licenceExpires', s.licence_expires,
        'trialExpiration', s.trial_expiration) as store,
      (select coalesce(json_agg(${offerJson} order by o.created_at, o.id), '[]'::json)
        from ${offers} o where o.store_id = s.id and not o.paused) as offers
    from ${stores} s join ${storeSettings} ss on ss.store_id = s.id
    where s.id = any(${sql.param(storeIds)}::text[])
      and exists (select 1 from ${offers} o where o.store_id = s.id and not o.paused)`);
  for (const row of rows) {
    const licence = resolveLicence(
      {
        licenceType: row.store.licenceType,
        licenceExpires: row.store.licenceExpires && new Date(row.store.licenceExpires),
        trialExpiration: row.store.trialExpiration && new Date(row.store.trialExpiration),
      },
      now,
    );
    if (!hasPromotions(licence.tier)) continue;
    const running = readPromotions({ offers: row.offers, code: null }).offers.filter((offer) =>
      isOfferOn(offer, now, row.time_zone),
    );
    for (const product of listed.filter((candidate) => candidate.storeId === row.store_id)) {
      const badge = offerBadgeFor(running, { ...product, unit: product.unit as ProductUnit });
      if (badge) badges.set(`${product.storeId} ${product.id}`, badge);
    }
  }
  return badges;
}

/** JSON gives numerics as numbers already (json_build_object); this only fixes their types. */
export function readPromotions(value: unknown): PromotionsRead {
  const read = (value ?? NO_PROMOTIONS) as PromotionsRead;
  return {
    offers: read.offers.map((offer) => ({ ...offer, percent: Number(offer.percent) })),
    code: read.code
      ? { ...read.code, value: Number(read.code.value), minSubtotal: Number(read.code.minSubtotal) }
      : null,
  };
}

/**
 * Takes one use of the code for this order, in its transaction: one statement that adds the use
 * only while uses are left (`uses < max_uses`, checked again on the row as the previous order left
 * it, so 50 orders for the last 10 uses give exactly 10) and records the order's use, with its
 * phone for a code usable once per phone (a unique index decides between two orders of one
 * phone). A refusal throws, and the transaction rolls back the use it took.
 */
export async function redeemCode(
  tx: Executor,
  storeId: string,
  code: Pick<DiscountCode, "id" | "oncePerPhone">,
  orderId: string,
  phone: string,
): Promise<void> {
  const { rows } = await tx.execute<{ used: number; recorded: number }>(sql`
    with used as (
      update ${discountCodes} set uses = uses + 1
      where store_id = ${storeId} and id = ${code.id} and not paused
        and (max_uses is null or uses < max_uses)
      returning id
    ), recorded as (
      insert into ${discountCodeUses} (store_id, code_id, order_id, phone)
      select ${storeId}, id, ${orderId}, ${code.oncePerPhone ? phone : null} from used
      on conflict do nothing
      returning code_id
    )
    select (select count(*) from used)::int as used, (select count(*) from recorded)::int as recorded`);
  const { used, recorded } = rows[0]!;
  if (used === 0) throw codeRefusal(PROMOTION_MESSAGES.usedUp);
  if (recorded === 0) throw codeRefusal(PROMOTION_MESSAGES.usedByPhone);
}

/** A code's refusal, beside the field the shopper typed it in. */
export function codeRefusal(message: string): AppError {
  return new AppError("VALIDATION", message, { field: "couponCode" });
}

/**
 * A cancelled order gives its code's use back, once: its use row is deleted, and only a deleted
 * row gives one back. Answers how many uses were given back.
 */
export async function giveCodeBack(tx: Executor, storeId: string, orderId: string): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    with gone as (
      delete from ${discountCodeUses} where store_id = ${storeId} and order_id = ${orderId} returning code_id
    )
    update ${discountCodes} set uses = uses - 1
    where store_id = ${storeId} and id in (select code_id from gone) and uses > 0
    returning id`);
  return rows.length;
}
