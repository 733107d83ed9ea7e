/**
 * Who may do what behind the counter (docs/decisions/033). A store has one owner and, on the
 * plans that allow it, members with a role. Every admin loader and action names the capability it
 * needs; the guard answers "not found" to a member whose role lacks it, as for another store's data.
 */
export const MEMBER_ROLES = ["encargado", "cajero"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type StoreRole = "owner" | MemberRole;

export const CAPABILITIES = [
  /** Pending orders, their steps, payments, cancellations, the history and the live stream. */
  "orders",
  /** Products, their images and stock. */
  "products",
  /** The store's own categories. */
  "categories",
  /** Opening hours and delivery zones. */
  "hours",
  /** "Pausar pedidos". */
  "pause",
  /** The store's page: name, logo, colours, contact, the share kit. */
  "settings",
  /** The Resumen tab's figures. */
  "dashboard",
  /** The plan and its trial. */
  "plan",
  /** The store's own domain. */
  "domain",
  /** How shoppers pay and the status texts. */
  "payments",
  /** The team: members and invitations. */
  "members",
  /** The data export. */
  "export",
  /** Closing the store. */
  "close",
  /** The new-order e-mail (the owner's address). */
  "notifications",
  /** One's own push alarm: each person's devices ring for new orders. */
  "alarm",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ROLE_CAPABILITIES: Record<StoreRole, readonly Capability[]> = {
  owner: CAPABILITIES,
  encargado: ["orders", "products", "categories", "hours", "pause", "alarm"],
  cajero: ["orders", "alarm"],
};

export function can(role: StoreRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === "string" && (MEMBER_ROLES as readonly string[]).includes(value);
}

/** How the panel names each role. */
export const ROLE_LABELS: Record<StoreRole, string> = {
  owner: "Dueño",
  encargado: "Encargado",
  cajero: "Cajero",
};
