import { EVENT_LABELS, type OrderEventKind } from "./order-steps";

/** Per kind of change of an order, the name of who behind the counter did it (docs/decisions/033). */
export type DoneBy = Partial<Record<OrderEventKind, string>>;

/** The kinds the panel says who did, in the order an order goes through them. */
const SHOWN: OrderEventKind[] = ["accepted", "ready", "on_the_way", "paid", "completed", "cancelled"];

/** "Aceptado por Beto · Completada por Ana"; empty when nobody's name was recorded. */
export function doneBySentence(doneBy: DoneBy): string {
  return SHOWN.filter((kind) => doneBy[kind])
    .map((kind) => `${EVENT_LABELS[kind]} por ${doneBy[kind]}`)
    .join(" · ");
}
