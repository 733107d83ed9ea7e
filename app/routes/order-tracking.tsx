import { amountToPay } from "~/domain/orders/tips";
import { useEffect, useState } from "react";
import { data, Form, useFetcher, useNavigation, useRevalidator } from "react-router";
import { CopyButton } from "~/components/admin/copy-button";
import { OrderDetails } from "~/components/storefront/order-lines";
import { EVENT_LABELS, STEP_LABELS } from "~/domain/orders/order-steps";
import { formatOrderDate, ORDER_STATUS_LABELS } from "~/domain/orders/order-vocabulary";
import { formatClabe } from "~/domain/orders/payment";
import { TRACKING_MESSAGES, TRANSFER_REFERENCE_MAX_LENGTH } from "~/domain/orders/tracking";
import { placedOnThisDevice } from "~/domain/orders/order-device.server";
import { withoutStreetAddress } from "~/domain/orders/order-privacy";
import { loadTracking, reportTransfer, type Tracking } from "~/domain/orders/tracking.server";
import { CHECKOUT_MESSAGES } from "~/domain/payments/checkout";
import { providerOf } from "~/domain/payments/providers.server";
import { consume, release } from "~/domain/rate-limit/rate-limit.server";
import { readableOn, safeColour } from "~/domain/stores/store-theme";
import { isValidStoreId } from "~/domain/stores/store-id";
import { AppError } from "~/lib/errors";
import { answering } from "~/lib/http-errors.server";
import { retryAfterOf } from "~/lib/retry-after";
import type { Route } from "./+types/order-tracking";

/**
 * `/s/<storeId>/pedido/<number>`: the shopper follows one order. The number is the
 * only credential, so every look-up takes a slot of the address's look-up limit and gives it back
 * when the order exists: guessing numbers runs into the limit, following one's own order never
 * does. Never shows the customer's name or phone, and the street address only to the device that
 * placed the order (others see its zone or postal code); never indexed; never cached publicly.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
/** Without a live stream, the page asks again this often while the order is open. */
const REFRESH_MS = 5000;

export const headers: Route.HeadersFunction = (args) => ({ ...PRIVATE, ...retryAfterOf(args) });

export const meta: Route.MetaFunction = ({ data: page }) => [
  {
    title:
      page && page.kind === "order"
        ? `Pedido ${page.tracking.order.number} · ${page.tracking.store.name}`
        : "Tu pedido · Tianguis",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const slot = await consume(db, [{ name: "orderLookupPerAddress", subject: context.clientIp }]);
  if (slot.exceeded) {
    const retryAfter = { "Retry-After": String(slot.retryAfterSeconds) };
    return data({ kind: "limited" as const }, { status: 429, headers: { ...PRIVATE, ...retryAfter } });
  }
  const found = isValidStoreId(params.storeId) ? await loadTracking(db, params.storeId, params.number) : null;
  if (!found) return data({ kind: "missing" as const }, { status: 404, headers: PRIVATE });
  // A card order still waiting: the server asks the provider itself (never the address's query
  // string, which Mercado Pago's redirect fills and anyone can write), docs/decisions/052.
  const tracking = (await confirmWaitingPayment(context, found)) ?? found;
  await release(db, slot.hitIds);
  const here = await placedOnThisDevice(db, {
    storeId: tracking.store.id,
    number: tracking.order.number,
    cookieHeader: request.headers.get("cookie"),
  });
  if (here) return { kind: "order" as const, tracking };
  return { kind: "order" as const, tracking: { ...tracking, order: withoutStreetAddress(tracking.order) } };
}

async function confirmWaitingPayment(context: Route.LoaderArgs["context"], tracking: Tracking) {
  const { order, store } = tracking;
  const provider = providerOf(order.paymentMethod);
  if (!provider?.online || order.paid || order.status !== "pending") return null;
  const { db, payments } = context.services;
  try {
    const outcome = await provider.confirm(db, payments, { storeId: store.id, id: order.number });
    // Read again only when the payment changed the order: the page the loader has is current otherwise.
    return outcome === "paid" ? loadTracking(db, store.id, order.number) : null;
  } catch (error) {
    context.logger.warn("card payment not confirmed", {
      storeId: store.id,
      orderId: order.number,
      error: String(error),
    });
    return null;
  }
}

async function payAgain(context: Route.ActionArgs["context"], storeId: string, number: string) {
  const { db, payments } = context.services;
  const tracking = await loadTracking(db, storeId, number);
  if (!tracking) throw new AppError("NOT_FOUND", TRACKING_MESSAGES.notFound);
  const { order, store } = tracking;
  const provider = providerOf(order.paymentMethod);
  if (!provider?.online || order.paid || order.status !== "pending")
    throw new AppError("UNAVAILABLE", CHECKOUT_MESSAGES.notWaiting);
  try {
    const url = await provider.start(db, payments, {
      storeId: store.id,
      storeName: store.name,
      id: order.number,
      amount: amountToPay(order),
      createdAt: new Date(order.createdAt),
    });
    if (!url) throw new Error("no checkout address");
    return url;
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", CHECKOUT_MESSAGES.providerDown, { internal: String(error) });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = context.services;
  const form = await request.formData();
  const reference = String(form.get("reference") ?? "").trim();
  // The page has two forms; a document post (no JavaScript) tells them apart by this.
  const intent = form.get("intent") === "pay" ? ("pay" as const) : ("transfer" as const);
  const failure = {
    logger: context.logger,
    fallback: TRACKING_MESSAGES.transferFailed,
    answerFields: { intent },
  };
  return answering(failure, async () => {
    const slot = await consume(db, [{ name: "orderLookupPerAddress", subject: context.clientIp }]);
    if (slot.exceeded) {
      throw new AppError("RATE_LIMITED", TRACKING_MESSAGES.tooMany, {
        retryAfterSeconds: slot.retryAfterSeconds,
      });
    }
    if (!isValidStoreId(params.storeId)) throw new AppError("NOT_FOUND", TRACKING_MESSAGES.notFound);
    if (form.get("intent") === "pay") {
      // "Pagar ahora": a new preference for a card order still waiting (a rejected card, a lost page).
      const checkoutUrl = await payAgain(context, params.storeId, params.number);
      await release(db, slot.hitIds);
      return { ok: true as const, intent, message: CHECKOUT_MESSAGES.redirecting, checkoutUrl };
    }
    await reportTransfer(db, params.storeId, params.number, reference);
    await release(db, slot.hitIds);
    return { ok: true as const, intent, message: TRACKING_MESSAGES.transferReported };
  });
}

export default function OrderTracking({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind !== "order") {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Tu pedido</h1>
        <p className="mt-4 text-stone-700">
          {loaderData.kind === "limited" ? TRACKING_MESSAGES.tooMany : TRACKING_MESSAGES.notFound}
        </p>
      </main>
    );
  }
  return <TrackingPage tracking={loaderData.tracking} actionData={actionData} />;
}

type TrackingData = Extract<Route.ComponentProps["loaderData"], { kind: "order" }>["tracking"];

function TrackingPage({
  tracking,
  actionData,
}: {
  tracking: TrackingData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { order, events, store, invoice } = tracking;
  const open = order.status === "pending";
  useLiveRefresh(open);
  const brand = safeColour(store.primaryColor, "#ea580c");
  return (
    <>
      <header style={{ background: brand, color: readableOn(brand) }}>
        <div className="mx-auto max-w-xl px-4 py-5">
          <p className="text-sm">
            <a href={`/${store.id}`} className="underline">
              {store.name}
            </a>
          </p>
          <h1 className="text-2xl font-bold">Pedido {order.number}</h1>
        </div>
      </header>
      <main className="mx-auto max-w-xl space-y-6 px-4 py-6">
        <OrderStatus order={order} events={events} open={open} />
        {invoice ? (
          <p
            className={`rounded-xl p-4 font-semibold ring-1 ${invoice === "invoiced" ? "bg-green-50 text-green-900 ring-green-200" : "bg-amber-50 text-amber-950 ring-amber-200"}`}
          >
            {invoice === "invoiced" ? "Facturado" : "Factura solicitada"}
          </p>
        ) : null}

        <section aria-labelledby="tracking-lines" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
          <h2 id="tracking-lines" className="mb-2 text-lg font-semibold">
            Tu pedido
          </h2>
          <p className="mb-3 text-sm text-stone-700">Hecho el {formatOrderDate(order.createdAt, "long")}</p>
          <OrderDetails order={order} />
        </section>

        {store.pickup ? <PickupSection pickup={store.pickup} /> : null}

        {tracking.cardPayment && !order.paid && open ? (
          <section
            aria-labelledby="tracking-card"
            className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
          >
            <h2 id="tracking-card" className="text-lg font-semibold">
              Esperando pago
            </h2>
            <p className="mt-1 text-sm">
              {tracking.cardPayment.lastStatus === "rejected"
                ? CHECKOUT_MESSAGES.rejected
                : CHECKOUT_MESSAGES.waiting}
            </p>
            <PayAgain posted={actionData?.intent === "pay" ? actionData : undefined} />
          </section>
        ) : null}

        {store.bank && !order.paid ? (
          <TransferSection bank={store.bank} order={order} open={open} actionData={actionData} />
        ) : null}

        <StoreContact store={store} />
      </main>
    </>
  );
}

/** Where the order is now, and each step it went through. */
function OrderStatus({
  order,
  events,
  open,
}: {
  order: TrackingData["order"];
  events: TrackingData["events"];
  open: boolean;
}) {
  const hydrated = useHydrated();
  const state =
    order.status === "pending" && order.step ? STEP_LABELS[order.step] : ORDER_STATUS_LABELS[order.status];
  return (
    <section aria-labelledby="tracking-state" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id="tracking-state" className="text-sm font-medium text-stone-600">
        Estado
      </h2>
      <p className="text-2xl font-bold" data-testid="tracking-state" aria-live="polite">
        {state}
      </p>
      {order.status === "cancelled" && order.cancelReason ? (
        <p className="mt-1 text-stone-800">{`Motivo: ${order.cancelReason}`}</p>
      ) : null}
      {/* Only true once the page runs its script: without JavaScript it is not updated. */}
      {open && hydrated ? (
        <p className="mt-2 text-sm text-stone-600">Esta página se actualiza sola.</p>
      ) : null}
      <ol aria-label="Historial del pedido" className="mt-4 space-y-2 border-l-2 border-stone-300 pl-4">
        {events.map((event, index) => (
          <li key={index} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-stone-500"
            />
            <span className="font-semibold">{EVENT_LABELS[event.kind]}</span>{" "}
            <time dateTime={event.at} className="text-sm text-stone-600">
              {formatOrderDate(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where a pickup order is picked up: the store's address and its instructions, as the owner wrote them. */
function PickupSection({ pickup }: { pickup: NonNullable<TrackingData["store"]["pickup"]> }) {
  return (
    <section
      aria-labelledby="tracking-pickup"
      className="space-y-1 rounded-xl bg-white p-4 ring-1 ring-stone-200 [overflow-wrap:anywhere]"
    >
      <h2 id="tracking-pickup" className="mb-2 text-lg font-semibold">
        Dónde recoger tu pedido
      </h2>
      {pickup.address ? (
        <p className="font-medium" data-testid="pickup-address">
          {pickup.address}
        </p>
      ) : null}
      {pickup.instructions ? (
        <p className="whitespace-pre-line text-stone-800" data-testid="pickup-instructions">
          {pickup.instructions}
        </p>
      ) : null}
    </section>
  );
}

/** The store's bank details and, while the order is open, telling the store the money was sent. */
function TransferSection({
  bank,
  order,
  open,
  actionData,
}: {
  bank: NonNullable<TrackingData["store"]["bank"]>;
  order: TrackingData["order"];
  open: boolean;
  actionData: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="tracking-transfer"
      className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <h2 id="tracking-transfer" className="text-lg font-semibold">
        Datos para transferir
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Banco</dt>
        <dd>{bank.name}</dd>
        <dt className="text-stone-600">Titular</dt>
        <dd>{bank.holder}</dd>
        <dt className="text-stone-600">CLABE</dt>
        {/* Selectable as one piece (a long press takes all of it), with or without the button. */}
        <dd className="font-mono select-all">{formatClabe(bank.clabe)}</dd>
      </dl>
      {/* The clipboard needs JavaScript: without it there is no button that does nothing. */}
      {hydrated ? <CopyButton text={bank.clabe} label="Copiar CLABE" /> : null}
      {order.transferReported ? (
        <p role="status" className="text-green-800">
          Ya avisaste a la tienda de tu transferencia.
        </p>
      ) : open ? (
        <Form method="post" className="space-y-2">
          <label className="block text-sm font-medium" htmlFor="transfer-reference">
            Referencia o folio (opcional)
          </label>
          <input
            id="transfer-reference"
            name="reference"
            maxLength={TRANSFER_REFERENCE_MAX_LENGTH}
            className="block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
          />
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="rounded-lg bg-stone-900 px-4 py-2.5 font-semibold text-white disabled:opacity-70"
          >
            Ya transferí
          </button>
          {actionData && !actionData.ok && actionData.intent !== "pay" ? (
            <p role="alert" className="text-sm text-red-800">
              {actionData.message}
            </p>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}

function StoreContact({ store }: { store: TrackingData["store"] }) {
  return (
    <section aria-labelledby="tracking-contact" className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id="tracking-contact" className="mb-2 text-lg font-semibold">
        ¿Dudas? Contacta a {store.name}
      </h2>
      <ul className="space-y-1">
        {store.phone ? (
          <>
            <li>
              <a href={`https://wa.me/52${store.phone}`} className="font-medium text-blue-800 underline">
                WhatsApp: {store.phone}
              </a>
            </li>
            <li>
              <a href={`tel:${store.phone}`} className="font-medium text-blue-800 underline">
                Llamar
              </a>
            </li>
          </>
        ) : null}
        {store.email ? (
          <li>
            <a
              href={`mailto:${store.email}`}
              className="font-medium text-blue-800 underline [overflow-wrap:anywhere]"
            >
              {store.email}
            </a>
          </li>
        ) : null}
        <li>
          <a href={`/${store.id}`} className="font-medium text-blue-800 underline">
            Volver a la tienda
          </a>
        </li>
      </ul>
    </section>
  );
}

/**
 * False in the server's HTML and until the page's script has run; true after. What needs
 * JavaScript to work (the copy button, the live updates' promise) shows only then, so a page
 * opened without JavaScript promises nothing it cannot do.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * While the order is open, reload its data when the server says it changed (its event stream), when
 * the stream comes back after a cut (a change may have happened meanwhile) and when the page is
 * shown again. Without EventSource, or when the server sheds the stream, ask every few seconds.
 */
function useLiveRefresh(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      clearInterval(timer);
      timer = setInterval(refresh, REFRESH_MS);
    };
    let source: EventSource | undefined;
    if (typeof EventSource === "undefined") poll();
    else {
      source = new EventSource(`${window.location.pathname}/stream`);
      let cut = false;
      source.addEventListener("changed", refresh);
      source.addEventListener("replaced", () => {
        source?.close();
        poll();
      });
      source.addEventListener("error", () => {
        cut = true;
        // A stream the server refused (an unknown order, too many look-ups) is not retried.
        if (source?.readyState === EventSource.CLOSED) poll();
      });
      source.addEventListener("open", () => {
        if (cut) refresh();
        cut = false;
      });
    }
    document.addEventListener("visibilitychange", refresh);
    return () => {
      source?.close();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [active, revalidate]);
}

/** What the action answered "Pagar ahora" with. */
type PayAnswer = { ok: boolean; message: string; checkoutUrl?: string };

/**
 * "Pagar ahora con Mercado Pago": the server makes a new preference and the page goes to it. A
 * script navigates, since the page's forms may only post to its own origin (form-action 'self'),
 * which a redirect after a post must keep too. Without JavaScript the button posts the page, and
 * the page it gets back (`posted`) has a link to the preference instead, which a script that starts
 * meanwhile follows by itself.
 */
function PayAgain({ posted }: { posted: PayAnswer | undefined }) {
  const fetcher = useFetcher<PayAnswer>();
  const url = fetcher.data?.ok ? fetcher.data.checkoutUrl : undefined;
  const answer = fetcher.data ?? posted;
  const link = !fetcher.data && posted?.ok ? posted.checkoutUrl : undefined;
  // With a script the page goes there itself, also after a tap that posted the page before the
  // script had started (the link is for a phone without one); that posted page is replaced, so
  // "back" from Mercado Pago returns to the order's page rather than to it, which would leave again.
  useEffect(() => {
    if (url) window.location.assign(url);
    else if (link) window.location.replace(link);
  }, [url, link]);
  if (link) {
    return (
      <div className="mt-3 space-y-2">
        <p role="status" className="text-sm">
          {CHECKOUT_MESSAGES.readyToPay}
        </p>
        <a
          href={link}
          className="block w-full rounded-lg bg-sky-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-sky-800"
        >
          {CHECKOUT_MESSAGES.continueToPay}
        </a>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="pay" />
      <button
        type="submit"
        disabled={fetcher.state !== "idle" || Boolean(url)}
        className="w-full rounded-lg bg-sky-700 px-4 py-2.5 font-semibold text-white hover:bg-sky-800 disabled:opacity-70"
      >
        {CHECKOUT_MESSAGES.payNow}
      </button>
      {answer && !answer.ok ? (
        <p role="alert" className="text-sm text-red-800">
          {answer.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
