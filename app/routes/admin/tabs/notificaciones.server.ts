import { wantsNewOrderEmails } from "~/domain/orders/new-order-mail.server";
import { can } from "~/domain/team/team-roles";
import type { TabContext } from "./context";

/**
 * Notificaciones: each person's own alarm (devices are the browser's own) and, for the owner, whether
 * they asked for an e-mail per order (null for a member: the e-mail goes to the owner's address).
 */
export async function load({ db, store, role }: TabContext) {
  const emailNewOrders = can(role, "notifications") ? await wantsNewOrderEmails(db, store.id) : null;
  return { tab: "notificaciones", emailNewOrders } as const;
}
