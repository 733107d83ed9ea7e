import { OrderInvoicePanel } from "./order-invoice-panel";
import { useState } from "react";
import { Link } from "react-router";
import { useFormAction } from "~/components/forms/use-form-action";
import type { OwnerOrder } from "~/domain/orders/owner-orders.server";
import {
  OWNER_ORDER_MESSAGES,
  PENDING_MORE,
  PENDING_PAGE_SIZE,
  whatsappLink,
} from "~/domain/orders/owner-orders";
import {
  customerLabel,
  formatOrderDate,
  ORDER_STATUS_LABELS,
  scheduledLabel,
} from "~/domain/orders/order-vocabulary";
import { DeliveryTerms, OrderLines } from "~/components/order-lines";
import { finalStep, nextSteps, STEP_LABELS } from "~/domain/orders/order-steps";
import { TICKET_WORDS, ticketPath } from "~/domain/orders/kitchen-ticket";
import { statusWhatsappUrl, type MessageContext, type TemplateKind } from "~/domain/orders/status-messages";
import { paymentText } from "~/domain/orders/whatsapp";
import { amountToPay } from "~/domain/orders/tips";
import { formatMoney } from "~/domain/money/money";
import type { LiveConnection } from "./use-live-orders";
import { CancelOrderDialog } from "./cancel-order-dialog";
import { KitchenPrinting, useTicketPaper } from "./kitchen-printing";
import { TicketIcon } from "./ticket-icon";
import { WhatsappStatusLink } from "./whatsapp-status-link";
import { DoneByLine } from "./done-by-line";
import { BellOffIcon } from "~/components/icons";

const CONNECTION_TEXT: Record<LiveConnection, string> = {
  connecting: "Conectando…",
  open: "En vivo",
  closed: "Sin conexión, reintentando…",
};

export function PendingOrdersTab({
  orders,
  shown,
  pendingNumbers,
  connection,
  messages,
}: {
  orders: OwnerOrder[];
  /** How many of the pending orders the list shows at most (the page's `mostrar`). */
  shown: number;
  /** Every pending order's number, due first: the count, and what this device prints as it arrives. */
  pendingNumbers: string[];
  connection: LiveConnection;
  messages: MessageContext;
}) {
  // The order just completed or cancelled leaves the list; what it takes to tell the shopper stays.
  const [closed, setClosed] = useState<ClosedOrder | null>(null);
  const [paper, setPaper] = useTicketPaper();
  return (
    <section aria-labelledby="pending-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pending-title" className="text-xl font-bold">
          Órdenes pendientes
          {pendingNumbers.length > 0 ? (
            <span className="ml-2 text-base font-semibold text-stone-700">
              {`(${PENDING_MORE.count(pendingNumbers.length)})`}
            </span>
          ) : null}
        </h2>
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 rounded-full ${connection === "open" ? "bg-green-600" : "bg-amber-500"}`}
          />
          {CONNECTION_TEXT[connection]}
        </p>
      </div>
      <p className="text-sm text-stone-700">
        Las órdenes nuevas aparecen aquí sin recargar la página; arriba, la que toca entregar primero.
      </p>
      <KitchenPrinting orderNumbers={pendingNumbers} paper={paper} onPaper={setPaper} />
      {closed ? <ClosedNotice closed={closed} onDismiss={() => setClosed(null)} /> : null}
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
          {OWNER_ORDER_MESSAGES.noPending}
        </p>
      ) : (
        <ul aria-label="Órdenes pendientes" className="space-y-3">
          {orders.map((order) => (
            <PendingOrder
              key={order.id}
              order={order}
              messages={messages}
              ticket={ticketPath(order.id, paper)}
              onClosed={(kind, reason = "") =>
                setClosed({
                  id: order.id,
                  kind,
                  whatsapp: statusWhatsappUrl(kind, { ...order, cancelReason: reason }, messages),
                })
              }
            />
          ))}
        </ul>
      )}
      {pendingNumbers.length > orders.length ? (
        <MorePending shown={orders.length} total={pendingNumbers.length} next={shown + PENDING_PAGE_SIZE} />
      ) : null}
    </section>
  );
}

/** Where a long list stops: how many it shows of how many, and the way to the rest. */
function MorePending({ shown, total, next }: { shown: number; total: number; next: number }) {
  return (
    <div className="space-y-3 rounded-xl bg-amber-50 p-4 text-center ring-1 ring-amber-200">
      <p role="status" className="font-medium text-stone-900">
        {PENDING_MORE.shown(shown, total)}
      </p>
      <Link
        to={`/i/admin?tab=ordenes_pendientes&mostrar=${next}`}
        preventScrollReset
        className="inline-block rounded-lg bg-stone-900 px-4 py-2.5 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {PENDING_MORE.more(Math.min(PENDING_PAGE_SIZE, total - shown))}
      </Link>
    </div>
  );
}

type ClosedOrder = { id: string; kind: "completed" | "cancelled"; whatsapp: string | null };

function PendingOrder({
  order,
  messages,
  ticket,
  onClosed,
}: {
  order: OwnerOrder;
  messages: MessageContext;
  /** The order's kitchen ticket on this device's paper. */
  ticket: string;
  onClosed: (kind: ClosedOrder["kind"], reason?: string) => void;
}) {
  const update = useFormAction("/i/admin/orders", OWNER_ORDER_MESSAGES.failed);
  const busy = update.submitting;
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const refundable =
    order.paymentMethod === "mercadopago" && order.paidAt !== null && order.refundedAt === null;

  // A completion or cancellation that fails is only logged ("Error completing order:"), not shown
  // as a message of its own; the order stays pending on screen with its buttons ready for another try.
  async function send(form: HTMLFormElement) {
    const body = new FormData(form);
    const result = await update.submit(body);
    const intent = body.get("intent");
    if (!result.ok) {
      console.error("Error completing order:", order.id, result.message);
      // A refund Mercado Pago refused is said: the shopper's money is still with the store.
      if (intent === "cancel" && refundable) setCancelError(result.message);
      return false;
    }
    if (intent === "complete") onClosed("completed");
    if (intent === "cancel") onClosed("cancelled", String(body.get("reason") ?? "").trim());
    return true;
  }
  const unseen = order.seenAt === null;
  return (
    <li
      aria-label={`Orden ${order.id}`}
      data-unseen={unseen || undefined}
      className={`space-y-3 rounded-xl bg-white p-4 ${unseen ? "ring-2 ring-red-400" : "ring-1 ring-stone-200"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono font-bold">{order.id}</p>
        <OrderBadges order={order} unseen={unseen} />
      </div>
      <a
        href={ticket}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 rounded-md border border-stone-400 px-3 py-2 text-sm font-medium hover:bg-stone-50"
      >
        <TicketIcon className="h-4 w-4 shrink-0" />
        {TICKET_WORDS.printTicket}
        <span className="sr-only"> {order.id}</span>
      </a>
      <OrderFacts order={order} />
      <OrderLines order={order} />
      {order.invoice ? <OrderInvoicePanel orderId={order.id} invoice={order.invoice} /> : null}
      <StatusMessages order={order} messages={messages} />
      <ProgressActions order={order} busy={busy} onSend={send} />
      <div className="flex flex-col gap-2 sm:flex-row">
        {unseen ? (
          <OrderActionForm
            intent="seen"
            orderId={order.id}
            busy={busy}
            onSend={send}
            className="border border-amber-400 bg-amber-100 text-amber-950 hover:bg-amber-200"
          >
            {/* An acknowledgement, not a danger: it silences the alarm for this order. */}
            <span className="inline-flex items-center justify-center gap-2">
              <BellOffIcon />
              {OWNER_ORDER_MESSAGES.seen}
            </span>
          </OrderActionForm>
        ) : null}
        <OrderActionForm
          intent="complete"
          orderId={order.id}
          busy={busy}
          onSend={send}
          className="bg-green-700 text-white hover:bg-green-800"
        >
          {OWNER_ORDER_MESSAGES.complete}
        </OrderActionForm>
        {/* Before the page has hydrated this posts at once; after, it asks first, with the reason. */}
        <OrderActionForm
          intent="cancel"
          orderId={order.id}
          busy={busy}
          onSend={async () => setCancelling(true)}
          className="border border-red-300 text-red-800 hover:bg-red-50"
        >
          {OWNER_ORDER_MESSAGES.cancel}
        </OrderActionForm>
      </div>
      <CancelOrderDialog
        orderId={order.id}
        open={cancelling}
        busy={busy}
        onSend={send}
        refund={refundable}
        error={cancelError}
        onClose={() => (setCancelling(false), setCancelError(null))}
      />
    </li>
  );
}

/** New, the state, the step reached, paid, when it is due if scheduled: what the owner sees first on the card. */
function OrderBadges({ order, unseen }: { order: OwnerOrder; unseen: boolean }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {unseen ? (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-900">Nueva</span>
      ) : null}
      <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
        {ORDER_STATUS_LABELS[order.status]}
      </span>
      {order.step ? (
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-900">
          {STEP_LABELS[order.step]}
        </span>
      ) : null}
      {order.paidAt ? (
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-900">
          Pagado
        </span>
      ) : null}
      {order.scheduledFor ? (
        <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-bold text-violet-900">
          Programado: {scheduledLabel(order.scheduledFor, new Date())}
        </span>
      ) : null}
      <DoneByLine doneBy={order.doneBy} />
    </span>
  );
}

/** Who ordered, when, for when, how it is delivered and paid, and the shopper's comments. */
function OrderFacts({ order }: { order: OwnerOrder }) {
  const chat = whatsappLink(order.customerPhone);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-stone-600">Cliente</dt>
      <dd className="font-medium">{customerLabel(order.customerName)}</dd>
      <dt className="text-stone-600">Teléfono</dt>
      <dd>
        {order.customerPhone ? (
          chat ? (
            <a href={chat} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
              {order.customerPhone}
            </a>
          ) : (
            order.customerPhone
          )
        ) : (
          "—"
        )}
      </dd>
      <dt className="text-stone-600">Hora</dt>
      <dd>{formatOrderDate(order.createdAt)}</dd>
      {order.scheduledFor ? (
        <>
          <dt className="text-stone-600">Para</dt>
          <dd className="font-semibold">{formatOrderDate(order.scheduledFor, "long")}</dd>
        </>
      ) : null}
      <DeliveryTerms order={order} />
      {order.deliveryType === "delivery" && (order.deliveryZone || order.deliveryFee > 0) ? (
        <>
          <dt className="text-stone-600">Envío</dt>
          <dd>
            {order.deliveryZone ? `${order.deliveryZone} · ` : ""}
            {formatMoney(order.deliveryFee)}
          </dd>
        </>
      ) : null}
      {order.comments ? (
        <>
          <dt className="text-stone-600">Comentarios</dt>
          <dd className="break-words">{order.comments}</dd>
        </>
      ) : null}
      {order.paymentMethod ? (
        <>
          <dt className="text-stone-600">Pago</dt>
          <dd>
            {paymentText({ ...order, paid: order.paidAt !== null, refunded: order.refundedAt !== null })}
            {order.transferReportedAt && !order.paidAt ? (
              <span className="block text-sm text-stone-700">
                El cliente avisó que ya transfirió
                {order.transferReference ? ` (referencia: ${order.transferReference})` : ""}.
              </span>
            ) : null}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The next steps of an open order and, until it is paid, marking it paid. */
function ProgressActions({
  order,
  busy,
  onSend,
}: {
  order: OwnerOrder;
  busy: boolean;
  onSend: (form: HTMLFormElement) => Promise<unknown>;
}) {
  const steps = nextSteps(order);
  // A card paid online is confirmed by its provider, never by hand.
  const payable = order.paymentMethod && order.paymentMethod !== "mercadopago" && !order.paidAt;
  if (steps.length === 0 && !payable) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {steps.map((step) => (
        <OrderActionForm
          key={step}
          intent="step"
          orderId={order.id}
          fields={{ step }}
          busy={busy}
          onSend={onSend}
          className="border border-brand-300 text-brand-900 hover:bg-brand-50"
        >
          Marcar: {STEP_LABELS[step]}
        </OrderActionForm>
      ))}
      {payable ? (
        <OrderActionForm
          intent="paid"
          orderId={order.id}
          busy={busy}
          onSend={onSend}
          className="border border-green-300 text-green-900 hover:bg-green-50"
        >
          {OWNER_ORDER_MESSAGES.markPaid} ({formatMoney(amountToPay(order))})
        </OrderActionForm>
      ) : null}
    </div>
  );
}

/**
 * "Avisar por WhatsApp": for each step, the shopper's chat opened on the owner's own phone with
 * the ready text and the tracking link. Nothing is sent until the owner presses send.
 */
function StatusMessages({ order, messages }: { order: OwnerOrder; messages: MessageContext }) {
  const kinds: TemplateKind[] = ["accepted", finalStep(order.deliveryType), "completed", "cancelled"];
  const links = kinds.flatMap((kind) => {
    const href = statusWhatsappUrl(kind, order, messages);
    return href ? [{ kind, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-stone-700">Avisar por WhatsApp:</span>
      {links.map(({ kind, href }) => (
        <WhatsappStatusLink key={kind} kind={kind} href={href} />
      ))}
    </div>
  );
}

/** After an order leaves the list: what happened to it, and the message that tells the shopper. */
function ClosedNotice({ closed, onDismiss }: { closed: ClosedOrder; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-white p-3 text-sm ring-1 ring-stone-300"
    >
      <p className="min-w-0 flex-1 basis-48">
        {closed.kind === "completed" ? "Completaste" : "Cancelaste"} la orden{" "}
        <span className="font-mono font-semibold whitespace-nowrap">{closed.id}</span>.
      </p>
      {closed.whatsapp ? (
        <span className="flex items-center gap-2">
          <span className="text-stone-700">Avisar por WhatsApp:</span>
          <WhatsappStatusLink kind={closed.kind} href={closed.whatsapp} />
        </span>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        className="rounded-lg px-3 py-1.5 font-semibold text-stone-700 underline hover:bg-stone-100"
      >
        Cerrar aviso
      </button>
    </div>
  );
}

/** One button of a pending order, as its own form (it still posts, before the page has hydrated). */
function OrderActionForm({
  intent,
  orderId,
  fields = {},
  busy,
  onSend,
  className,
  children,
}: {
  intent: "complete" | "cancel" | "step" | "paid" | "seen";
  orderId: string;
  fields?: Record<string, string>;
  busy: boolean;
  onSend: (form: HTMLFormElement) => Promise<unknown>;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action="/i/admin/orders"
      className="flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        void onSend(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        disabled={busy}
        className={`w-full rounded-lg px-4 py-2.5 font-semibold disabled:opacity-70 ${className}`}
      >
        {children}
      </button>
    </form>
  );
}
