import { useEffect, useRef, useState } from "react";
import type { OrderSummary } from "~/domain/orders/order-summary";
import { formatClabe } from "~/domain/orders/payment";
import { trackingPath } from "~/domain/orders/status-messages";
import { whatsappOrderText, whatsappOrderUrl } from "~/domain/orders/whatsapp";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";
import { OrderDetails, TrackingLink } from "./order-lines";

export function OrderConfirmation({
  store,
  order,
  customerName,
  paymentNotice,
  onContinue,
}: {
  store: StorefrontStore;
  order: OrderSummary;
  customerName: string;
  /** The payment chosen could not start (Mercado Pago unreachable): said first, with where to pay. */
  paymentNotice?: string;
  onContinue: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const tracking = trackingPath(store.id, order.number);
  const whatsapp = store.whatsappPhone
    ? whatsappOrderUrl(
        store.whatsappPhone,
        whatsappOrderText(order, store.displayName, customerName, `${window.location.origin}${tracking}`),
      )
    : null;
  const bank = order.paymentMethod === "transfer" ? store.bank : null;

  return (
    <section
      aria-labelledby="sf-confirmation-title"
      className="space-y-4 rounded-xl bg-[var(--store-panel)] p-4 text-[var(--store-on-panel)]"
    >
      <h2 id="sf-confirmation-title" ref={heading} tabIndex={-1} className="text-2xl font-bold">
        ¡Pedido recibido!
      </h2>
      <div>
        <p className="text-sm font-medium">Número de pedido</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <p className="font-mono text-2xl font-bold tracking-wider" data-testid="order-number">
            {order.number}
          </p>
          <CopyButton text={order.number} label="Copiar número" done="Número copiado" />
        </div>
        <p className="mt-1 text-sm">Guárdalo: con él puedes consultar tu pedido en la pestaña Mi Pedido.</p>
      </div>
      {paymentNotice ? (
        <p role="alert" className="rounded-lg bg-amber-100 p-3 font-medium text-amber-950">
          {paymentNotice}{" "}
          <a href={tracking} className="font-semibold underline">
            Ir a mi pedido
          </a>
        </p>
      ) : null}
      {whatsapp ? (
        <div className="rounded-lg bg-white p-3 text-stone-900 ring-1 ring-green-700">
          <p className="mb-2 font-medium">Esta tienda pide que confirmes tu pedido por WhatsApp.</p>
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded-lg bg-green-700 px-4 py-3 text-center text-lg font-bold text-white hover:bg-green-800"
          >
            Confirmar por WhatsApp
          </a>
        </div>
      ) : null}
      {bank ? (
        <div className="space-y-2 rounded-lg bg-white p-3 text-stone-900 ring-1 ring-stone-400">
          <p className="font-semibold">Datos para transferir</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">Banco</dt>
            <dd>{bank.name}</dd>
            <dt className="font-semibold">Titular</dt>
            <dd>{bank.holder}</dd>
            <dt className="font-semibold">CLABE</dt>
            <dd className="font-mono">{formatClabe(bank.clabe)}</dd>
          </dl>
          <CopyButton text={bank.clabe} label="Copiar CLABE" done="CLABE copiada" />
          <p className="text-sm">Cuando transfieras, avísale a la tienda desde la página de tu pedido.</p>
        </div>
      ) : null}
      <OrderDetails order={order} />
      <TrackingLink storeId={store.id} number={order.number} />
      <button
        type="button"
        onClick={onContinue}
        className="w-full rounded-lg border border-stone-500 bg-white px-4 py-3 font-semibold text-stone-900"
      >
        Seguir comprando
      </button>
    </section>
  );
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch {
            setCopied(false);
          }
        }}
        className="rounded-lg border border-stone-500 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900"
      >
        {copied ? "¡Copiado!" : label}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? done : ""}
      </span>
    </>
  );
}
