import { wantsNewOrderEmails } from "~/domain/mail/new-order-mail.server";
import type { TabContext } from "./context";

/** Notificaciones: whether the owner asked for an e-mail per order (devices are the browser's own). */
export async function load({ db, store }: TabContext) {
  return { tab: "notificaciones", emailNewOrders: await wantsNewOrderEmails(db, store.id) } as const;
}
