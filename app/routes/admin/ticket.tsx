import { useEffect, useRef, type RefObject } from "react";
import { data, Link } from "react-router";
import { OrderLines } from "~/components/order-lines";
import { requireAccess } from "~/lib/entry-access.server";
import {
  parseTicketPaper,
  PRINTABLE_MM,
  TICKET_PAPERS,
  TICKET_WORDS,
  ticketPageCss,
  ticketPath,
  type TicketPaper,
} from "~/domain/orders/kitchen-ticket";
import { loadKitchenTicket } from "~/domain/orders/kitchen-ticket.server";
import { DELIVERY_LABELS, formatOrderDate } from "~/domain/orders/order-vocabulary";
import { paymentText } from "~/domain/orders/whatsapp";
import type { Route } from "./+types/ticket";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${TICKET_WORDS.title(data.ticket.order.number)} · Tianguis` : "Tianguis" },
  { name: "robots", content: "noindex" },
];

/**
 * /i/admin/pedidos/<número>/ticket?papel=58|80: one order of the owner's store as a kitchen ticket,
 * laid out to the printable width of a 58 mm or 80 mm thermal roll; `imprimir=1` opens the print
 * dialog as soon as the page is ready (the panel's automatic printing loads it so, out of sight).
 * Anyone of the store who works its orders may print it; another store's order is not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { store } = await requireAccess(request, context, "admin-ticket");
  const { db, env } = context.services;
  const ticket = await loadKitchenTicket(db, env.publicOrigin, store.id, params.orderNumber);
  // The panel's friendly 404, as for any address the owner's store does not have.
  if (!ticket) throw data(null, { status: 404 });
  const url = new URL(request.url);
  return {
    storeName: store.settings.displayName,
    ticket,
    paper: parseTicketPaper(url.searchParams.get("papel")),
    print: url.searchParams.get("imprimir") === "1",
  };
}

export default function KitchenTicketPage({ loaderData }: Route.ComponentProps) {
  const { storeName, ticket, paper, print } = loaderData;
  const { order } = ticket;
  const ticketElement = useRef<HTMLElement>(null);
  usePageFittedToTicket(paper, ticketElement);
  // After the page is fitted (effects run in order).
  useEffect(() => {
    if (print) window.print();
  }, [print]);
  return (
    <>
      <style>{`${ticketPageCss(paper, null)}
@media print { .ticket-controls { display: none !important; } body { background: #fff; } }`}</style>
      <TicketControls number={order.number} paper={paper} />
      <main
        ref={ticketElement}
        className="mx-auto bg-white py-2 font-mono text-[11px] leading-snug text-black break-words"
        style={{ width: `${PRINTABLE_MM[paper]}mm` }}
        data-ticket
      >
        <h1 className="text-center text-sm font-bold">{storeName}</h1>
        <p className="text-center text-sm font-bold">{TICKET_WORDS.order(order.number)}</p>
        <dl className="mt-1">
          <TicketTerm term={TICKET_WORDS.placedAt}>{formatOrderDate(order.createdAt)}</TicketTerm>
          {order.scheduledFor ? (
            <TicketTerm term={TICKET_WORDS.scheduledFor}>
              <strong>{formatOrderDate(order.scheduledFor)}</strong>
            </TicketTerm>
          ) : null}
          <TicketTerm term={TICKET_WORDS.customer}>{ticket.customerName}</TicketTerm>
        </dl>
        <p>
          <strong>{DELIVERY_LABELS[order.deliveryType]}</strong>
          {order.address ? `: ${order.address}` : null}
        </p>
        <div className="mt-1 border-t border-dashed border-black pt-1">
          <OrderLines order={order} optionsOnLines />
        </div>
        {order.comments ? (
          <p className="mt-1 border-t border-dashed border-black pt-1">
            <strong>{TICKET_WORDS.notes}:</strong> {order.comments}
          </p>
        ) : null}
        {order.paymentMethod ? (
          <p className="mt-1">
            <strong>{TICKET_WORDS.payment}:</strong> {paymentText(order)}
            {order.paid ? ` · ${TICKET_WORDS.paid}` : ""}
          </p>
        ) : null}
        <figure className="mt-2 flex flex-col items-center">
          <div
            className="w-[28mm] max-w-full [&>svg]:h-auto [&>svg]:w-full"
            // The SVG is made on the server by the QR library from the order's own address.
            dangerouslySetInnerHTML={{ __html: ticket.trackingQr }}
          />
          <figcaption className="text-center">{TICKET_WORDS.tracking}</figcaption>
        </figure>
      </main>
    </>
  );
}

/**
 * Sizes the printed page to the ticket measured here (`ticketPageCss`), at once and again just
 * before any printing, ours or from the browser's menu. The rule is a style element of its own,
 * after the one rendered with the page (whose A4 length is for a browser without JavaScript), so it
 * wins.
 */
function usePageFittedToTicket(paper: TicketPaper, ticket: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const rule = document.createElement("style");
    const fit = () => {
      if (ticket.current)
        rule.textContent = ticketPageCss(paper, ticket.current.getBoundingClientRect().height);
    };
    fit();
    document.body.append(rule);
    window.addEventListener("beforeprint", fit);
    return () => {
      window.removeEventListener("beforeprint", fit);
      rule.remove();
    };
  }, [paper, ticket]);
}

function TicketTerm({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="shrink-0 font-bold">{term}:</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Paper, print and back: on the screen only, never on the ticket. */
function TicketControls({ number, paper }: { number: string; paper: TicketPaper }) {
  return (
    <nav className="ticket-controls flex flex-wrap items-center justify-center gap-2 bg-stone-100 p-3 text-sm">
      <span className="font-semibold">{TICKET_WORDS.paper}:</span>
      {TICKET_PAPERS.map((size) => (
        <Link
          key={size}
          to={ticketPath(number, size)}
          aria-current={size === paper ? "page" : undefined}
          className="rounded-md border border-stone-400 px-3 py-2 aria-[current=page]:bg-stone-800 aria-[current=page]:text-white"
        >
          {TICKET_WORDS.paperOption(size)}
        </Link>
      ))}
      <button
        type="button"
        onClick={() => window.print()}
        className="rounded-md bg-stone-900 px-4 py-2 font-semibold text-white"
      >
        {TICKET_WORDS.print}
      </button>
      <Link to="/i/admin?tab=ordenes_pendientes" className="px-2 py-2 underline">
        {TICKET_WORDS.back}
      </Link>
    </nav>
  );
}
