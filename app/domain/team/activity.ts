import { formatMoney } from "~/domain/money/money";
import { EVENT_LABELS, type OrderEventKind } from "~/domain/orders/order-steps";
import { roleLabel } from "./invitations";
import type { MemberRole } from "./team-roles";

/**
 * Equipo's "Actividad" (docs/decisions/033): the kinds of change the panel records besides the
 * orders', and the Spanish sentence each one reads as. A new kind of change (a promotion, say) is
 * one more entry of ACTIVITY_SENTENCES, and one `recordActivity` call where it is written.
 */
export type ActivityDetails = {
  /** A price change: before and after, in pesos. */
  from?: number;
  to?: number;
  /** A role given (an invitation, an acceptance, a change of role). */
  role?: MemberRole;
  /** The new-order e-mail turned on or off. */
  enabled?: boolean;
  /** Products changed together (a bulk edit), or created and changed by an imported file. */
  count?: number;
  created?: number;
  changed?: number;
};

type Sentence = (subject: string, details: ActivityDetails) => string;

const products = (count: number) => `${count} ${count === 1 ? "producto" : "productos"}`;
/** " como cajero", or nothing for a line recorded without its role (the sentence ends before it). */
const asRole = (details: ActivityDetails, joiner: string) =>
  details.role ? ` ${joiner} ${roleLabel(details.role).toLowerCase()}` : "";

/** What follows the actor's name, per kind: "Ana" + " cambió el precio de Concha: $12.00 → $14.00". */
export const ACTIVITY_SENTENCES = {
  // The store's settings.
  settings: () => "cambió la página de la tienda",
  hours: () => "cambió el horario",
  zones: () => "cambió las zonas de entrega",
  paused: () => "pausó la tienda",
  resumed: () => "reanudó los pedidos",
  payments: () => "cambió las formas de pago",
  templates: () => "cambió los mensajes de WhatsApp",
  tips: () => "cambió la propina",
  categories: () => "cambió las categorías de la tienda",
  domain_saved: (host) => `puso el dominio ${host}`,
  domain_removed: (host) => `quitó el dominio ${host}`,
  order_email: (_, { enabled }) =>
    enabled ? "activó el correo de cada pedido nuevo" : "desactivó el correo de cada pedido nuevo",
  trial_started: () => "empezó la prueba del plan",
  // Products.
  product_created: (name) => `agregó ${name}`,
  product_updated: (name) => `editó ${name}`,
  product_price: (name, { from = 0, to = 0 }) =>
    `cambió el precio de ${name}: ${formatMoney(from)} → ${formatMoney(to)}`,
  product_shown: (name) => `mostró ${name} en la tienda`,
  product_hidden: (name) => `ocultó ${name} de la tienda`,
  product_deleted: (name) => `borró ${name}`,
  products_bulk: (change, { count = 0 }) => `cambió ${products(count)} a la vez: ${change}`,
  products_imported: (_, { created = 0, changed = 0 }) =>
    `importó el catálogo: ${created} ${created === 1 ? "nuevo" : "nuevos"}, ${changed} ${changed === 1 ? "cambiado" : "cambiados"}`,
  // Promotions.
  code_created: (code) => `creó el código ${code}`,
  code_paused: (code) => `pausó el código ${code}`,
  code_resumed: (code) => `reanudó el código ${code}`,
  code_deleted: (code) => `borró el código ${code}`,
  offer_created: (name) => `creó la oferta ${name}`,
  offer_paused: (name) => `pausó la oferta ${name}`,
  offer_resumed: (name) => `reanudó la oferta ${name}`,
  offer_deleted: (name) => `borró la oferta ${name}`,
  // The team.
  member_invited: (email, details) => `invitó a ${email}${asRole(details, "como")}`,
  invitation_resent: (email) => `reenvió la invitación de ${email}`,
  invitation_revoked: (email) => `canceló la invitación de ${email}`,
  member_joined: (_, details) => `se unió al equipo${asRole(details, "como")}`,
  member_role: (name, details) => `cambió el rol de ${name}${asRole(details, "a")}`,
  member_removed: (name) => `quitó a ${name} del equipo`,
  ownership_transferred: (name) => `pasó la tienda a ${name}`,
} satisfies Record<string, Sentence>;

export type ActivityKind = keyof typeof ACTIVITY_SENTENCES;

/** One change as recorded: what kind, what it was done to, and any before → after. */
export type ActivityEntry = { kind: ActivityKind; subject?: string; details?: ActivityDetails };

/** "Ana cambió el precio de Concha: $12.00 → $14.00". */
export function activitySentence(
  actorName: string,
  kind: ActivityKind,
  subject: string,
  details: ActivityDetails | null,
): string {
  const sentence: Sentence = ACTIVITY_SENTENCES[kind];
  return `${actorName} ${sentence(subject, details ?? {})}`;
}

/** "Orden 1042: Completada por Beto" — an order's change, as the order panels say who did it. */
export function orderChangeSentence(actorName: string, kind: OrderEventKind, orderId: string): string {
  return `Orden ${orderId}: ${EVENT_LABELS[kind]} por ${actorName}`;
}

/** What a product's row said before and after a change (null: it did not exist). */
export type ProductSnapshot = { name: string; price: number; available: boolean };

/**
 * The one line a product's change is recorded as: created, deleted, shown, hidden, a new price
 * ("Precio de Concha: $12.00 → $14.00"), or else edited. Null when nothing changed.
 */
export function productActivity(
  before: ProductSnapshot | null,
  after: ProductSnapshot | null,
  edited: boolean,
): ActivityEntry | null {
  if (!before && after) return { kind: "product_created", subject: after.name };
  if (before && !after) return { kind: "product_deleted", subject: before.name };
  if (!before || !after) return null;
  if (after.price !== before.price) {
    return { kind: "product_price", subject: after.name, details: { from: before.price, to: after.price } };
  }
  if (edited) return { kind: "product_updated", subject: after.name };
  if (after.available !== before.available) {
    return { kind: after.available ? "product_shown" : "product_hidden", subject: after.name };
  }
  return null;
}
