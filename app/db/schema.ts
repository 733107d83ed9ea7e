/**
 * The whole data model. Store-owned tables key on (store_id, id) so that a later move to
 * Citus can distribute them by store_id with co-located joins.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { OrderEventKind, OrderStep } from "~/domain/orders/order-steps";
import type { DeliveryType, OrderStatus } from "~/domain/orders/order-vocabulary";
import type { PaymentMethod } from "~/domain/orders/payment";
import type { DeliveryPricing } from "~/domain/orders/delivery-zones";
import type { OutsideHours } from "~/domain/orders/scheduling";
import type { OpeningHours } from "~/domain/stores/opening-hours";
import type { ProductUnit } from "~/domain/products/product-units";
import type { ChoiceGroup, ChosenGroup } from "~/domain/products/choices";
import type { LicenceType } from "~/domain/stores/licence-types";
import type { DomainProblem, DomainStatus } from "~/domain/domains/custom-domain";
import type { MemberRole } from "~/domain/team/team-roles";
import type { ActivityDetails, ActivityKind } from "~/domain/team/activity";
import type { AppliedDiscount, CodeKind, OfferKind } from "~/domain/promotions/promotions";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ── Auth (better-auth's four tables, written by hand: its schema CLI needs Node 22) ──────────

export const authUser = pgTable("auth_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_session_user_idx").on(t.userId)],
);

export const authAccount = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_account_user_idx").on(t.userId)],
);

export const authVerification = pgTable("auth_verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Reference data ────────────────────────────────────────────────────────────────────────────

export const storeCategories = pgTable("store_categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

export const cities = pgTable("cities", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  state: text("state").notNull(),
});

// ── Stores ────────────────────────────────────────────────────────────────────────────────────

export const stores = pgTable(
  "stores",
  {
    id: text("id").primaryKey(),
    cityId: text("city_id")
      .notNull()
      .default("aguascalientes")
      .references(() => cities.id),
    categoryId: text("category_id")
      .notNull()
      .references(() => storeCategories.id),
    isHidden: boolean("is_hidden").notNull().default(false),
    licenceType: text("licence_type").$type<LicenceType>().notNull().default("starter"),
    licenceExpires: timestamp("licence_expires", { withTimezone: true }),
    trialExpiration: timestamp("trial_expiration", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * "Cerrar mi tienda": the store is gone from every public page and its owner's
     * account deleted; the row stays, holding the id and the anonymised orders, until the daily
     * purge deletes it 30 days later and the id can be claimed again (docs/decisions/017).
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("stores_city_idx").on(t.cityId, t.isHidden),
    index("stores_closed_idx")
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    check("stores_id_format", sql`${t.id} ~ '^[a-z0-9-]{3,20}$'`),
    check("stores_licence_type", sql`${t.licenceType} in ('starter', 'basic', 'premier')`),
  ],
);

/** The owner link: an owner owns exactly one store; a store has at most one owner. */
export const storeOwners = pgTable("store_owners", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUser.id, { onDelete: "cascade" }),
  storeId: text("store_id")
    .notNull()
    .unique()
    .references(() => stores.id, { onDelete: "cascade" }),
  /** "Avisarme por correo de cada pedido nuevo": a second channel beside push, off by default. */
  emailNewOrders: boolean("email_new_orders").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * "Crear enlace para reclamar": a single-use link, valid 7 days, that hands a store
 * without an owner to whoever opens it. Only a hash of the link's token is kept.
 */
export const storeClaims = pgTable(
  "store_claims",
  {
    tokenHash: text("token_hash").primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => authUser.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    usedBy: text("used_by").references(() => authUser.id, { onDelete: "set null" }),
  },
  (t) => [index("store_claims_store_idx").on(t.storeId)],
);

/**
 * The team behind the counter (docs/decisions/033): an account that is not a store's owner may be
 * one store's member, with a role. The owner stays in `store_owners`; an account is in at most one
 * of the two tables, which accepting an invitation checks under the store's lock.
 */
export const storeMembers = pgTable(
  "store_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => authUser.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    role: text("role").$type<MemberRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("store_members_store_idx").on(t.storeId),
    check("store_members_role", sql`${t.role} in ('encargado', 'cajero')`),
  ],
);

/**
 * An invitation to a store's team: a single-use link valid 7 days, sent by e-mail. Only a hash of
 * the link's token is kept. A pending one (not accepted, not revoked, not expired) holds a place
 * in the plan's team size.
 */
export const storeInvitations = pgTable(
  "store_invitations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole>().notNull(),
    createdBy: text("created_by").references(() => authUser.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => authUser.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("store_invitations_store_idx").on(t.storeId),
    check("store_invitations_role", sql`${t.role} in ('encargado', 'cajero')`),
  ],
);

/**
 * Equipo's "Actividad" (docs/decisions/033): who changed what in the panel, besides the orders
 * (those are `order_events`). Written in the change's own transaction; kept 90 days.
 */
export const storeActivity = pgTable(
  "store_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => authUser.id, { onDelete: "set null" }),
    /** Their name as it was then ("Ana"), so the line outlives the account. */
    actorName: text("actor_name").notNull(),
    kind: text("kind").$type<ActivityKind>().notNull(),
    /** What it was done to, as it was called then: a product's name, an e-mail, a member's name. */
    subject: text("subject").notNull().default(""),
    details: jsonb("details").$type<ActivityDetails>(),
    createdAt: createdAt(),
  },
  (t) => [index("store_activity_store_idx").on(t.storeId, t.createdAt)],
);

export const storeSettings = pgTable(
  "store_settings",
  {
    storeId: text("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull().default(""),
    description: text("description").notNull().default(""),
    contactEmail: text("contact_email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** Storage key of the logo (see app/domain/images); thumbnails derive from it. */
    logoKey: text("logo_key"),
    faviconKey: text("favicon_key"),
    primaryColor: text("primary_color").notNull().default("#2563eb"),
    secondaryColor: text("secondary_color").notNull().default("#22d3ee"),
    backgroundColor: text("background_color").notNull().default("#f8fafc"),
    panelBackgroundColor: text("panel_background_color").notNull().default("#ffffff"),
    productBackgroundColor: text("product_background_color").notNull().default("#ffffff"),
    allowPickup: boolean("allow_pickup").notNull().default(true),
    allowDelivery: boolean("allow_delivery").notNull().default(false),
    /** Where shoppers pick up their orders (street and number); "" when the owner has not said. */
    pickupAddress: text("pickup_address").notNull().default(""),
    pickupInstructions: text("pickup_instructions").notNull().default(""),
    deliveryInstructions: text("delivery_instructions").notNull().default(""),
    requireWhatsappConfirmation: boolean("require_whatsapp_confirmation").notNull().default(false),
    facebookUrl: text("facebook_url").notNull().default(""),
    instagramUrl: text("instagram_url").notNull().default(""),
    twitterUrl: text("twitter_url").notNull().default(""),
    /** advancedSettings.categories: the owner's custom product categories (basic plan). */
    customCategories: text("custom_categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How shoppers may pay; with none offered the checkout asks nothing about payment. */
    paymentMethods: text("payment_methods")
      .array()
      .$type<PaymentMethod[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    bankName: text("bank_name").notNull().default(""),
    bankAccountHolder: text("bank_account_holder").notNull().default(""),
    clabe: text("clabe").notNull().default(""),
    /** The owner's WhatsApp status texts by step; missing ones use the defaults. */
    statusTemplates: jsonb("status_templates")
      .$type<Partial<Record<string, string>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // Opening hours and pauses: a store that sets none of these takes orders at any time.
    timeZone: text("time_zone").notNull().default("America/Mexico_City"),
    openingHours: jsonb("opening_hours")
      .$type<OpeningHours>()
      .notNull()
      .default(sql`'{"weekly":[[],[],[],[],[],[],[]],"exceptions":[]}'::jsonb`),
    /** "Pausar pedidos": when set, new orders are refused until `pauseUntil` (or until resumed). */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    pauseUntil: timestamp("pause_until", { withTimezone: true }),
    pauseMessage: text("pause_message").notNull().default(""),
    outsideHours: text("outside_hours").$type<OutsideHours>().notNull().default("refuse"),
    slotMinutes: integer("slot_minutes").notNull().default(30),
    leadMinutes: integer("lead_minutes").notNull().default(60),
    slotCapacity: integer("slot_capacity"),
    deliveryPricing: jsonb("delivery_pricing")
      .$type<DeliveryPricing>()
      .notNull()
      .default(sql`'{"zones":[],"flatFee":0,"freeOver":null}'::jsonb`),
    /**
     * Propina (app/domain/orders/tips.ts): offered while on, as up to 3 percentages of the subtotal
     * after discounts and, when allowed, an amount the shopper types.
     */
    tipsEnabled: boolean("tips_enabled").notNull().default(false),
    tipPercentages: integer("tip_percentages")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tipOwnAmount: boolean("tip_own_amount").notNull().default(false),
    /** "Permitir solicitar factura": the checkout offers "Requiero factura" (docs/decisions/053). */
    allowInvoiceRequests: boolean("allow_invoice_requests").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "store_settings_tip_percentages",
      sql`cardinality(${t.tipPercentages}) <= 3 and 1 <= all(${t.tipPercentages}) and 50 >= all(${t.tipPercentages})`,
    ),
  ],
);

/**
 * A store's own domain (docs/decisions/018): one per store. `host` is the ASCII
 * (punycode) name. A host is live — routed to its store, certified by Caddy — once verified; only
 * one store may hold a host that is verified or failing, while any number may have typed it
 * (pending), so nobody can block a domain they do not control.
 */
export const customDomains = pgTable(
  "custom_domains",
  {
    storeId: text("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    host: text("host").notNull(),
    /** The value of the `_tianguis.<host>` TXT record that proves the owner controls the domain. */
    token: text("token").notNull(),
    status: text("status").$type<DomainStatus>().notNull().default("pending"),
    /** What the last check found missing (empty when it passed). */
    problems: text("problems")
      .array()
      .$type<DomainProblem[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** When a verified domain's daily check first failed; null while it passes. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("custom_domains_live_host_idx")
      .on(t.host)
      .where(sql`${t.status} <> 'pending'`),
    index("custom_domains_host_idx").on(t.host),
    check("custom_domains_status", sql`${t.status} in ('pending', 'verified', 'failing')`),
  ],
);

// ── Products ──────────────────────────────────────────────────────────────────────────────────

export const products = pgTable(
  "products",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    available: boolean("available").notNull().default(true),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    unit: text("unit").$type<ProductUnit>().notNull().default("pieza"),
    /** For kg, L and mL: the quantity step and minimum; null uses the unit's default. */
    quantityStep: numeric("quantity_step", { precision: 10, scale: 3, mode: "number" }),
    minQuantity: numeric("min_quantity", { precision: 10, scale: 3, mode: "number" }),
    imageKey: text("image_key"),
    category: text("category").notNull().default(""),
    variations: text("variations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Choice groups (docs/decisions/031): sizes that set the price and add-ons that add to it,
     * checked by app/domain/products/choice-form.ts before they are written.
     */
    choiceGroups: jsonb("choice_groups")
      .$type<ChoiceGroup[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Stock (docs/decisions/028): what is left, in the product's unit; null sells without limit.
     * Taken by an order in its own transaction and given back when the order is cancelled.
     */
    stock: numeric("stock", { precision: 10, scale: 3, mode: "number" }),
    /** What the stock refills to at the store's first opening of each day; null never refills. */
    dailyStock: numeric("daily_stock", { precision: 10, scale: 3, mode: "number" }),
    /** From how much left the store page says "Quedan N"; null never says it. */
    lowStockThreshold: numeric("low_stock_threshold", { precision: 10, scale: 3, mode: "number" }),
    /** When the daily stock last refilled (or was switched on): units taken before it are not given back. */
    stockRefilledAt: timestamp("stock_refilled_at", { withTimezone: true }),
    /**
     * Stock per size option (docs/decisions/034): what is left of each option of the size group
     * that counts it, by option id, in the product's unit; an option not in it sells without
     * limit, and null counts none. Taken and given back in the same statements as `stock`.
     */
    optionStock: jsonb("option_stock").$type<Record<string, number>>(),
    /**
     * What the city search matches (docs/decisions/032): name and description without accents, in
     * lower case, kept by PostgreSQL itself and indexed by products_search_trgm_idx.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`tianguis_search_text(name || ' ' || description)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index("products_store_available_idx").on(t.storeId, t.available),
    index("products_daily_stock_idx")
      .on(t.storeId)
      .where(sql`${t.dailyStock} is not null`),
    check("products_unit", sql`${t.unit} in ('pieza', 'kg', 'L', 'mL')`),
    check("products_price", sql`${t.price} >= 0`),
    check("products_stock", sql`${t.stock} >= 0`),
    check("products_daily_stock", sql`${t.dailyStock} > 0`),
    check("products_low_stock_threshold", sql`${t.lowStockThreshold} > 0`),
    check("products_option_stock", sql`jsonb_typeof(${t.optionStock}) = 'object'`),
  ],
);

/**
 * "Avísame cuando haya" (docs/decisions/030): a shopper without an account asked to be told, once,
 * when a sold-out product is back. Deleted when the message is queued (in the transaction that
 * brought the stock back), when its token's link is followed, or with the product.
 */
export const restockRequests = pgTable(
  "restock_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: text("store_id").notNull(),
    productId: text("product_id").notNull(),
    /** How the shopper is told: an e-mail, or a Web Push to the browser that asked. */
    channel: text("channel").$type<"email" | "push">().notNull().default("email"),
    /**
     * The e-mail address, lower-cased, or the push subscription's endpoint (as the browser gave
     * it): one request per address and product.
     */
    address: text("address").notNull(),
    /** A push subscription's keys, which only its browser holds; null for e-mail. */
    p256dh: text("p256dh"),
    auth: text("auth"),
    /** The secret of the link that cancels the request. */
    token: text("token").notNull().unique(),
    /** The platform's origin when the request was made: the message links the store there. */
    origin: text("origin").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
    uniqueIndex("restock_requests_address_idx").on(t.storeId, t.productId, t.address),
    check("restock_requests_channel", sql`${t.channel} in ('email', 'push')`),
    check(
      "restock_requests_push_keys",
      sql`(${t.channel} = 'push') = (${t.p256dh} is not null and ${t.auth} is not null)`,
    ),
  ],
);

// ── Orders ────────────────────────────────────────────────────────────────────────────────────

export const orders = pgTable(
  "orders",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The order number the shopper sees: unguessable, see app/domain/orders/order-number.ts. */
    id: text("id").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    deliveryType: text("delivery_type").$type<DeliveryType>().notNull().default("pickup"),
    address: text("address").notNull().default(""),
    comments: text("comments").notNull().default(""),
    total: numeric("total", { precision: 12, scale: 2, mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The last intermediate step while pending (order-steps.ts); null before any. */
    step: text("step").$type<OrderStep>(),
    cancelReason: text("cancel_reason").notNull().default(""),
    paymentMethod: text("payment_method").$type<PaymentMethod>(),
    /** "¿Con cuánto pagas?": what the shopper hands over in cash, when said. */
    cashAmount: numeric("cash_amount", { precision: 12, scale: 2, mode: "number" }),
    transferReference: text("transfer_reference").notNull().default(""),
    transferReportedAt: timestamp("transfer_reported_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When a card payment was refunded through its provider (docs/decisions/052). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** A scheduled order's slot (an order outside opening hours); null for "as soon as possible". */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    deliveryZone: text("delivery_zone").notNull().default(""),
    /** Included in `total`. */
    deliveryFee: numeric("delivery_fee", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    /**
     * Promotions (docs/decisions/036): what the order's offers and code took off, in `total`, and a
     * copy of each (its kind, name and amount), so that later edits never change a past order.
     */
    discount: numeric("discount", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    discounts: jsonb("discounts")
      .$type<AppliedDiscount[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the owner pressed "Visto": until then (and while pending) the open panel's alarm rings. */
    seenAt: timestamp("seen_at", { withTimezone: true }),
    /** When the shopper's name, phone and address were erased (a closed store, or on request). */
    personalDataErasedAt: timestamp("personal_data_erased_at", { withTimezone: true }),
    /**
     * Propina (app/domain/orders/tips.ts): NOT in `total`, which stays what the products and the
     * delivery cost; what the shopper pays is `total + tip`. `tipPercent` is the percentage picked,
     * null for none or an amount of their own.
     */
    tip: numeric("tip", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    tipPercent: integer("tip_percent"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    check("orders_tip", sql`${t.tip} >= 0 and (${t.tipPercent} is null or ${t.tipPercent} between 1 and 50)`),
    check("orders_step", sql`${t.step} is null or ${t.step} in ('accepted', 'ready', 'on_the_way')`),
    check(
      "orders_payment_method",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('cash', 'transfer', 'card', 'mercadopago')`,
    ),
    uniqueIndex("orders_idempotency_idx").on(t.storeId, t.idempotencyKey),
    index("orders_store_status_idx").on(t.storeId, t.status, t.createdAt),
    index("orders_slot_idx").on(t.storeId, t.scheduledFor),
    /** The Resumen tab reads one store's orders of a period, whatever their status. */
    index("orders_store_created_idx").on(t.storeId, t.createdAt),
    /** The payments sweep asks about card orders still waiting (app/domain/payments/sweep.server.ts). */
    index("orders_waiting_card_idx")
      .on(t.createdAt)
      .where(sql`${t.paymentMethod} = 'mercadopago' and ${t.status} = 'pending' and ${t.paidAt} is null`),
    check("orders_status", sql`${t.status} in ('pending', 'completed', 'cancelled')`),
    check("orders_delivery_type", sql`${t.deliveryType} in ('pickup', 'delivery')`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * "Requiero factura" (docs/decisions/053): the shopper's fiscal data, checked against the SAT's
 * catalogues when the order was placed (app/domain/invoices/invoice-form.ts); "Facturado" once the
 * owner marks it, and the PDF and XML the owner attaches, sent to `email`.
 */
export const orderInvoices = pgTable(
  "order_invoices",
  {
    storeId: text("store_id").notNull(),
    orderId: text("order_id").notNull(),
    rfc: text("rfc").notNull(),
    name: text("name").notNull(),
    regimenFiscal: text("regimen_fiscal").notNull(),
    usoCfdi: text("uso_cfdi").notNull(),
    postalCode: text("postal_code").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    invoicedAt: timestamp("invoiced_at", { withTimezone: true }),
    pdf: bytea("pdf"),
    xml: bytea("xml"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderId] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      "cascade",
    ),
    check("order_invoices_rfc", sql`${t.rfc} ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A]$'`),
    check("order_invoices_postal_code", sql`${t.postalCode} ~ '^[0-9]{5}$'`),
  ],
);

/** A copy of each product as it was ordered: later edits of the product never change an order. */
export const orderLines = pgTable(
  "order_lines",
  {
    storeId: text("store_id").notNull(),
    orderId: text("order_id").notNull(),
    position: integer("position").notNull(),
    productId: text("product_id").notNull(),
    name: text("name").notNull(),
    variation: text("variation").notNull().default(""),
    /** The choices picked, with their names and prices as they were when the order was placed. */
    choices: jsonb("choices")
      .$type<ChosenGroup[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Exact decimal: 0.75 kg; whole for pieza. */
    quantity: numeric("quantity", { precision: 10, scale: 3, mode: "number" }).notNull().default(1),
    unit: text("unit").$type<ProductUnit>().notNull(),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull(),
    /** The line's quantity was taken from its product's stock: cancelling gives it back. */
    stockTaken: boolean("stock_taken").notNull().default(false),
    /** The size option whose stock the line's quantity was taken from (docs/decisions/034); null for none. */
    stockOptionId: text("stock_option_id"),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderId, t.position] }),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      "cascade",
    ),
    check("order_lines_quantity", sql`${t.quantity} > 0`),
  ],
);

// ── Promotions (docs/decisions/036) ───────────────────────────────────────────────────────────

/**
 * A discount code the shopper types. Public pages never show it, so it has no page-version
 * trigger: an order's use (`uses`, taken by a conditional UPDATE in the order's transaction) does
 * not make the store page stale.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    /** As typed by the shopper after normalizeCode: capital letters, no spaces. */
    code: text("code").notNull(),
    kind: text("kind").$type<CodeKind>().notNull(),
    value: numeric("value", { precision: 12, scale: 2, mode: "number" }).notNull(),
    minSubtotal: numeric("min_subtotal", { precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    oncePerPhone: boolean("once_per_phone").notNull().default(false),
    productIds: text("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    paused: boolean("paused").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex("discount_codes_code_idx").on(t.storeId, t.code),
    check("discount_codes_kind", sql`${t.kind} in ('percent', 'amount')`),
    check("discount_codes_value", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("discount_codes_uses", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/**
 * One order's use of a code: deleted by the order's cancel, which gives the use back. The phone
 * is kept only for a code usable once per phone, where the unique index decides between two
 * simultaneous orders from one phone.
 */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    storeId: text("store_id").notNull(),
    codeId: text("code_id").notNull(),
    orderId: text("order_id").notNull(),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderId, t.codeId] }),
    foreignKey({
      columns: [t.storeId, t.codeId],
      foreignColumns: [discountCodes.storeId, discountCodes.id],
    }).onDelete("cascade"),
    uniqueIndex("discount_code_uses_phone_idx").on(t.storeId, t.codeId, t.phone),
  ],
);

/** An automatic offer (N×M, a percentage on weekdays and hours): shown on public pages, so triggered. */
export const offers = pgTable(
  "offers",
  {
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<OfferKind>().notNull(),
    buy: integer("buy").notNull().default(0),
    pay: integer("pay").notNull().default(0),
    percent: numeric("percent", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    productIds: text("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weekdays: integer("weekdays")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    startMinute: integer("start_minute"),
    endMinute: integer("end_minute"),
    paused: boolean("paused").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    check("offers_kind", sql`${t.kind} in ('bundle', 'percent')`),
    check(
      "offers_rule",
      sql`(${t.kind} = 'bundle' and ${t.buy} > ${t.pay} and ${t.pay} >= 1) or (${t.kind} = 'percent' and ${t.percent} > 0 and ${t.percent} <= 100)`,
    ),
  ],
);

/** Every change of an order, with its time: the shopper's timeline on the tracking page. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: text("store_id").notNull(),
    orderId: text("order_id").notNull(),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    note: text("note").notNull().default(""),
    /** Who behind the counter did it (null: the shopper, the system, or before the team existed). */
    actorUserId: text("actor_user_id").references(() => authUser.id, { onDelete: "set null" }),
    /** Their name as it was then, so "Completada por Ana" outlives the account. */
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_idx").on(t.storeId, t.orderId, t.id),
    foreignKey({ columns: [t.storeId, t.orderId], foreignColumns: [orders.storeId, orders.id] }).onDelete(
      "cascade",
    ),
  ],
);

/**
 * Every order created or changed, written in the order's own transaction: the live stream's
 * event ids, so a panel that lost its stream replays what it missed (docs/decisions/007).
 * Ids of one store are handed out under a per-store lock, so they grow in commit order.
 */
export const orderChanges = pgTable(
  "order_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    type: text("type").$type<"order.created" | "order.updated">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_changes_store_idx").on(t.storeId, t.id),
    check("order_changes_type", sql`${t.type} in ('order.created', 'order.updated')`),
  ],
);

// ── Directory ─────────────────────────────────────────────────────────────────────────────────

export const featuredProducts = pgTable(
  "featured_products",
  {
    storeId: text("store_id").notNull(),
    productId: text("product_id").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.productId] }),
    foreignKey({
      columns: [t.storeId, t.productId],
      foreignColumns: [products.storeId, products.id],
    }).onDelete("cascade"),
  ],
);

// ── Notifications ─────────────────────────────────────────────────────────────────────────────

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    storeId: text("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser, as the owner's device list shows it ("Chrome en Android"). */
    device: text("device").notNull().default(""),
    createdAt: createdAt(),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    /** The last push that could not be delivered: the owner sees that much, never why. */
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_store_idx").on(t.storeId)],
);

/**
 * Work that must happen after a commit and survive a crash (docs/decisions/004): queued in the
 * same transaction as the change that causes it, claimed by one worker at a time with
 * `FOR UPDATE SKIP LOCKED` and a lease, retried with back-off, kept until done.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** A job with a key exists once (a day's featured rotation); null for any number. */
    key: text("key").unique(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** While a worker holds the job; a crashed worker's lease runs out and another takes it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

// ── Operations ────────────────────────────────────────────────────────────────────────────────

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    storeId: text("store_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("analytics_events_name_idx").on(t.name, t.createdAt),
    /** One store's page views of a period, for the Resumen tab. */
    index("analytics_events_store_idx").on(t.storeId, t.name, t.createdAt),
  ],
);

/**
 * A store's page views of one Mexico City day, rolled up from `analytics_events` by the daily
 * retention job (app/domain/retention/retention.server.ts), so the raw events can go after 90 days
 * while the Resumen keeps its figures.
 */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    storeId: text("store_id").notNull(),
    day: date("day").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);

/** How far a roll-up has gone: every day up to `through` is in its table (`page_views`: page_view_days). */
export const rollupMarks = pgTable("rollup_marks", {
  name: text("name").primaryKey(),
  through: date("through").notNull(),
});

/** Sliding-window counters for rate limits, shared by every server instance. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.at)],
);

/**
 * Images uploaded through the panel, kept for a day: an upload that no product or logo uses by
 * then is deleted from storage (app/domain/images/unattached-uploads.server.ts). The key holds
 * the store id; there is no foreign key, so a deleted store's leftovers are cleaned up too.
 */
export const imageUploads = pgTable(
  "image_uploads",
  {
    key: text("key").primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("image_uploads_created_idx").on(t.createdAt)],
);

// ── Card payments (docs/decisions/052) ──────────────────────────────────────────────────────────

/**
 * A store's linked Mercado Pago account. The access and refresh tokens and the webhook secret are
 * AES-256-GCM ciphertexts (app/domain/payments/sealed.server.ts), never shown again once saved.
 */
export const paymentAccounts = pgTable(
  "payment_accounts",
  {
    storeId: text("store_id")
      .primaryKey()
      .references(() => stores.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"mercadopago">().notNull().default("mercadopago"),
    linkedVia: text("linked_via").$type<"token" | "oauth">().notNull(),
    providerUserId: text("provider_user_id").notNull(),
    nickname: text("nickname").notNull(),
    publicKey: text("public_key").notNull().default(""),
    accessToken: text("access_token").notNull(),
    refreshToken: text("refresh_token"),
    webhookSecret: text("webhook_secret"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_accounts_provider", sql`${t.provider} in ('mercadopago')`),
    check("payment_accounts_linked_via", sql`${t.linkedVia} in ('token', 'oauth')`),
  ],
);

/** One row per payment a provider reported for an order: applying one twice changes nothing. */
export const providerPayments = pgTable(
  "provider_payments",
  {
    provider: text("provider").notNull(),
    paymentId: text("payment_id").notNull(),
    storeId: text("store_id").notNull(),
    orderId: text("order_id").notNull(),
    status: text("status").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    refundId: text("refund_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "provider_payments_pk", columns: [t.provider, t.paymentId] }),
    foreignKey({
      name: "provider_payments_order_fk",
      columns: [t.storeId, t.orderId],
      foreignColumns: [orders.storeId, orders.id],
    }).onDelete("cascade"),
    index("provider_payments_order_idx").on(t.storeId, t.orderId),
  ],
);

/** Secrets generated on first start (auth secret, VAPID keys) so a fresh clone needs no setup. */
export const appSecrets = pgTable("app_secrets", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ── Rendered-page cache ───────────────────────────────────────────────────────────────────────

/**
 * What the cached public pages depend on (docs/decisions/021): a counter per scope
 * (`store:<id>`, `city:<id>`, `directory`), bumped by triggers in the same transaction as any
 * write to the tables those pages read (migration 0012), so no write path can forget it. A cached
 * page is served only while the counters it was rendered under are unchanged.
 */
export const pageVersions = pgTable("page_versions", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
