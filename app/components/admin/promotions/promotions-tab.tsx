import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { formatMoney } from "~/domain/money/money";
import { codeValidity, PROMOTION_FORM_MESSAGES } from "~/domain/promotions/promotion-form";
import { offerBadge, PROMOTION_MESSAGES } from "~/domain/promotions/promotions";
import { WEEKDAY_NAMES } from "~/domain/stores/opening-hours";
import type { AdminTabData } from "~/routes/admin/tabs/index.server";
import { CodeForm, OfferForm } from "./promotion-forms";

export type PromotionsPanel = Extract<AdminTabData, { tab: "promociones" }>;

const ACTION = "/i/admin/promotions";

/** Promociones (docs/decisions/036): the store's discount codes and automatic offers. */
export function PromotionsTab({ panel }: { panel: PromotionsPanel }) {
  return (
    <section aria-labelledby="promotions-title" className="space-y-6">
      <div>
        <h2 id="promotions-title" className="text-xl font-bold">
          Promociones
        </h2>
        <p className="text-stone-700">{PROMOTION_MESSAGES.combination}</p>
      </div>
      <CodeList codes={panel.codes} timeZone={panel.timeZone} />
      <CodeForm panel={panel} />
      <OfferList offers={panel.offers} />
      <OfferForm panel={panel} />
    </section>
  );
}

function CodeList({ codes, timeZone }: { codes: PromotionsPanel["codes"]; timeZone: string }) {
  return (
    <section aria-labelledby="codes-title" className="space-y-2">
      <h3 id="codes-title" className="text-lg font-bold">
        Códigos de descuento
      </h3>
      {codes.length === 0 ? (
        <p className="text-stone-700">Aún no tienes códigos. Crea uno abajo y compártelo con tus clientes.</p>
      ) : (
        <ul className="space-y-2">
          {codes.map((code) => (
            <li key={code.id} className="rounded-xl bg-white p-3 ring-1 ring-stone-200">
              <p className="font-bold break-words">
                {code.code}{" "}
                <span className="font-normal">
                  · {code.kind === "percent" ? `${code.value} %` : formatMoney(code.value)}
                  {code.minSubtotal > 0 ? ` · mínimo ${formatMoney(code.minSubtotal)}` : ""}
                </span>
              </p>
              <p className="text-sm text-stone-700">
                Usado {code.uses}
                {code.maxUses !== null ? ` de ${code.maxUses}` : ""} veces
                {code.oncePerPhone ? " · una vez por teléfono" : ""}
                {code.startsAt || code.endsAt ? ` · ${codeValidity(code, timeZone)}` : ""}
                {code.paused ? " · Pausado" : ""}
              </p>
              <RowActions kind="code" id={code.id} name={code.code} paused={code.paused} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function offerWhen(offer: PromotionsPanel["offers"][number]) {
  const days =
    offer.weekdays.length === 0
      ? "todos los días"
      : offer.weekdays.map((day) => WEEKDAY_NAMES[day]).join(", ");
  const time = (minute: number) =>
    `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  const hours =
    offer.startMinute !== null && offer.endMinute !== null
      ? ` de ${time(offer.startMinute)} a ${time(offer.endMinute)}`
      : "";
  return `${days}${hours}`;
}

function OfferList({ offers }: { offers: PromotionsPanel["offers"] }) {
  return (
    <section aria-labelledby="offers-title" className="space-y-2">
      <h3 id="offers-title" className="text-lg font-bold">
        Ofertas automáticas
      </h3>
      {offers.length === 0 ? (
        <p className="text-stone-700">
          Aún no tienes ofertas. Un 2×1 o un descuento por día se aplican solos.
        </p>
      ) : (
        <ul className="space-y-2">
          {offers.map((offer) => (
            <li key={offer.id} className="rounded-xl bg-white p-3 ring-1 ring-stone-200">
              <p className="font-bold break-words">
                {offer.name} <span className="font-normal">· {offerBadge(offer)}</span>
              </p>
              <p className="text-sm text-stone-700">
                {offerWhen(offer)}
                {offer.paused ? " · Pausada" : ""}
              </p>
              <RowActions kind="offer" id={offer.id} name={offer.name} paused={offer.paused} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Pause or resume, and delete (after a confirmation), one code or offer. */
function RowActions({
  kind,
  id,
  name,
  paused,
}: {
  kind: "code" | "offer";
  id: string;
  name: string;
  paused: boolean;
}) {
  const action = useFormAction(ACTION, PROMOTION_FORM_MESSAGES.failed);
  const send = (intent: string) => {
    const body = new FormData();
    body.set("intent", intent);
    body.set("kind", kind);
    body.set("id", id);
    void action.submit(body);
  };
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={action.submitting}
          onClick={() => send(paused ? "resume" : "pause")}
          className="min-h-11 rounded-lg px-3 font-semibold text-brand-800 ring-1 ring-stone-300 disabled:opacity-60"
        >
          {paused ? `Reactivar ${name}` : `Pausar ${name}`}
        </button>
        <button
          type="button"
          disabled={action.submitting}
          onClick={() => {
            if (window.confirm(`¿Eliminar ${name}? Los pedidos que lo usaron lo conservan.`)) send("delete");
          }}
          className="min-h-11 rounded-lg px-3 font-semibold text-red-800 ring-1 ring-stone-300 disabled:opacity-60"
        >
          Eliminar {name}
        </button>
      </div>
      <ActionMessage result={action.result} onRetry={action.retry} />
    </div>
  );
}
