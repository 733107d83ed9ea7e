/**
 * Shared factories: the demo marketplace and the tests build their data with these same
 * functions, so demo and tests never drift apart.
 */
import type { ChoiceGroup, ChosenGroup } from "~/domain/products/choices";
import { randomUUID } from "node:crypto";
import type { Executor } from "./client.server";
import {
  authAccount,
  authUser,
  cities,
  orderInvoices,
  orderLines,
  orders,
  products,
  storeMembers,
  storeOwners,
  stores,
  storeSettings,
} from "./schema";
import type { MemberRole } from "~/domain/team/team-roles";
import type { DeliveryType, OrderStatus } from "~/domain/orders/order-vocabulary";
import type { ProductUnit } from "~/domain/products/product-units";
import type { LicenceType } from "~/domain/stores/licence-types";
import { roundMoney } from "~/domain/money/money";
import { newOrderNumber } from "~/domain/orders/order-number";
import { hashPassword } from "~/domain/auth/password-hash.server";
import { randomId } from "~/lib/ids";

type StoreSettingsInput = Partial<typeof storeSettings.$inferInsert>;

/** A city of the directory (the migrations bring Mexico's main ones); a test's own has no other stores. */
export async function createCity(db: Executor, input: { id?: string; name?: string; state?: string } = {}) {
  const id = input.id ?? `ciudad-${randomId(8)}`;
  const [city] = await db
    .insert(cities)
    .values({ id, name: input.name ?? `Ciudad ${id}`, state: input.state ?? "Aguascalientes" })
    .returning();
  return city!;
}

export type CreateStoreInput = {
  id?: string;
  displayName?: string;
  categoryId?: string;
  cityId?: string;
  isHidden?: boolean;
  licenceType?: LicenceType;
  licenceExpires?: Date | null;
  trialExpiration?: Date | null;
  settings?: StoreSettingsInput;
};

export async function createStore(db: Executor, input: CreateStoreInput = {}) {
  const id = input.id ?? `tienda-${randomId(8)}`;
  const [store] = await db
    .insert(stores)
    .values({
      id,
      categoryId: input.categoryId ?? "sweets",
      cityId: input.cityId ?? "aguascalientes",
      isHidden: input.isHidden ?? false,
      licenceType: input.licenceType ?? "starter",
      licenceExpires: input.licenceExpires ?? null,
      trialExpiration: input.trialExpiration ?? null,
    })
    .returning();
  const [settings] = await db
    .insert(storeSettings)
    .values({ storeId: id, displayName: input.displayName ?? `Tienda ${id}`, ...input.settings })
    .returning();
  return { ...store!, settings: settings! };
}

export type CreateOwnerInput = {
  email?: string;
  name?: string;
  password?: string;
  /** A precomputed hash, to seed many accounts without paying for scrypt each time. */
  passwordHash?: string;
  role?: string;
  storeId?: string | null;
};

export async function createOwner(db: Executor, input: CreateOwnerInput = {}) {
  const id = randomUUID();
  const email = (input.email ?? `dueno-${randomId(8)}@example.com`).toLowerCase();
  const password = input.password ?? "contrasena-segura";
  const passwordHash = input.passwordHash ?? (await hashPassword(password));
  await db.insert(authUser).values({ id, email, name: input.name ?? email, role: input.role ?? "user" });
  await db.insert(authAccount).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: passwordHash,
  });
  if (input.storeId) await db.insert(storeOwners).values({ userId: id, storeId: input.storeId });
  return { id, email, password };
}

/** An account that works at a store with a role (an encargado or a cajero), not its owner. */
export async function createMember(
  db: Executor,
  input: Omit<CreateOwnerInput, "storeId" | "role"> & { storeId: string; role: MemberRole },
) {
  const account = await createOwner(db, {
    ...input,
    email: input.email ?? `equipo-${randomId(8)}@example.com`,
    storeId: null,
  });
  await db.insert(storeMembers).values({ userId: account.id, storeId: input.storeId, role: input.role });
  return account;
}

export type CreateProductInput = {
  id?: string;
  name?: string;
  description?: string;
  price?: number;
  unit?: ProductUnit;
  available?: boolean;
  category?: string;
  variations?: string[];
  choiceGroups?: ChoiceGroup[];
  imageKey?: string | null;
  quantityStep?: number | null;
  minQuantity?: number | null;
  /** Stock: null (the default) sells without limit. */
  stock?: number | null;
  dailyStock?: number | null;
  lowStockThreshold?: number | null;
  stockRefilledAt?: Date | null;
  /** Stock per size option, by option id: null (the default) counts none. */
  optionStock?: Record<string, number> | null;
};

export async function createProduct(db: Executor, storeId: string, input: CreateProductInput = {}) {
  const [product] = await db
    .insert(products)
    .values({
      storeId,
      id: input.id ?? randomId(),
      name: input.name ?? "Producto de prueba",
      description: input.description ?? "Descripción del producto",
      price: input.price ?? 50,
      unit: input.unit ?? "pieza",
      available: input.available ?? true,
      category: input.category ?? "",
      variations: input.variations ?? [],
      choiceGroups: input.choiceGroups ?? [],
      imageKey: input.imageKey ?? null,
      quantityStep: input.quantityStep ?? null,
      minQuantity: input.minQuantity ?? null,
      stock: input.stock ?? null,
      dailyStock: input.dailyStock ?? null,
      lowStockThreshold: input.lowStockThreshold ?? null,
      stockRefilledAt: input.stockRefilledAt ?? null,
      optionStock: input.optionStock ?? null,
    })
    .returning();
  return product!;
}

export type CreateOrderInput = {
  id?: string;
  status?: OrderStatus;
  customerName?: string;
  customerPhone?: string;
  deliveryType?: DeliveryType;
  address?: string;
  comments?: string;
  createdAt?: Date;
  completedAt?: Date | null;
  /** When the owner pressed "Visto"; null (the default) keeps the panel's alarm ringing. */
  seenAt?: Date | null;
  /** A scheduled order's slot; null (the default) for one due now. */
  scheduledFor?: Date | null;
  cancelReason?: string;
  /** "Requiero factura": the fiscal data the order was placed with; none by default. */
  invoice?: {
    rfc: string;
    name: string;
    regimenFiscal: string;
    usoCfdi: string;
    postalCode: string;
    email: string;
  };
  lines: {
    productId: string;
    name: string;
    price: number;
    unit: ProductUnit;
    quantity?: number;
    variation?: string;
    choices?: ChosenGroup[];
  }[];
};

export async function createOrder(db: Executor, storeId: string, input: CreateOrderInput) {
  const id = input.id ?? newOrderNumber();
  const total = roundMoney(input.lines.reduce((sum, line) => sum + line.price * (line.quantity ?? 1), 0));
  const [order] = await db
    .insert(orders)
    .values({
      storeId,
      id,
      status: input.status ?? "pending",
      customerName: input.customerName ?? "Cliente de prueba",
      customerPhone: input.customerPhone ?? "",
      deliveryType: input.deliveryType ?? "pickup",
      address: input.address ?? "",
      comments: input.comments ?? "",
      total,
      idempotencyKey: randomUUID(),
      createdAt: input.createdAt ?? new Date(),
      completedAt: input.completedAt ?? null,
      seenAt: input.seenAt ?? null,
      scheduledFor: input.scheduledFor ?? null,
      cancelReason: input.cancelReason ?? "",
    })
    .returning();
  await db.insert(orderLines).values(
    input.lines.map((line, position) => ({
      storeId,
      orderId: id,
      position,
      productId: line.productId,
      name: line.name,
      variation: line.variation ?? "",
      choices: line.choices ?? [],
      quantity: line.quantity ?? 1,
      unit: line.unit,
      price: line.price,
    })),
  );
  if (input.invoice) await db.insert(orderInvoices).values({ storeId, orderId: id, ...input.invoice });
  return order!;
}
