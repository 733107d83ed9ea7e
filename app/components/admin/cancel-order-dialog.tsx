import { CANCEL_REASON_MAX_LENGTH } from "~/domain/orders/order-steps";
import { OWNER_ORDER_MESSAGES } from "~/domain/orders/owner-orders";
import { REFUND_WORDS } from "~/domain/payments/checkout";
import { Modal } from "./modal";

/**
 * "Cancelar orden" asks first: the product's fixed confirmation sentence and the optional
 * reason the shopper will see in Mi Pedido, on the tracking page and in the WhatsApp message.
 * A failure is only logged, never shown as an error page: the dialog stays open with what was typed.
 */
export function CancelOrderDialog({
  orderId,
  open,
  busy,
  onSend,
  onClose,
  refund = false,
  error = null,
}: {
  orderId: string;
  open: boolean;
  busy: boolean;
  /** A card paid through Mercado Pago: cancelling gives the money back first (docs/decisions/052). */
  refund?: boolean;
  /** Why the last try failed, when the shopper's money could not be given back. */
  error?: string | null;
  /** Sends the form; true once the order is cancelled. */
  onSend: (form: HTMLFormElement) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title={`${OWNER_ORDER_MESSAGES.cancel} ${orderId}`} onClose={onClose}>
      <form
        method="post"
        action="/i/admin/orders"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await onSend(event.currentTarget)) onClose();
        }}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderId" value={orderId} />
        <p className="text-stone-800">{OWNER_ORDER_MESSAGES.confirmCancel}</p>
        {refund ? <p className="text-stone-800">{REFUND_WORDS.explain}</p> : null}
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
            {error}
          </p>
        ) : null}
        <label className="block text-sm font-medium">
          {OWNER_ORDER_MESSAGES.cancelReason}
          <textarea
            name="reason"
            rows={2}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            placeholder="Por ejemplo: se nos acabó el pan de hoy"
            className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
          />
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <button
            type="button"
            onClick={onClose}
            className="flex-1 rounded-lg border border-stone-300 px-4 py-2.5 font-semibold"
          >
            {OWNER_ORDER_MESSAGES.keepOrder}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="flex-1 rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
          >
            {busy
              ? OWNER_ORDER_MESSAGES.cancelling
              : refund
                ? REFUND_WORDS.action
                : OWNER_ORDER_MESSAGES.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
