import { Form, Link } from "react-router";
import { PlanBadge } from "~/components/plan-badge";
import { LICENCE_TYPES, type LicenceType } from "~/domain/stores/licence-types";
import { PLAN_LABELS } from "~/domain/stores/licence";
import { SUPER_ADMIN_ACTIONS_URL, SUPER_ADMIN_MESSAGES } from "~/domain/super-admin/super-admin-forms";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { releaseDate } from "~/domain/stores/close-store";
import {
  STORE_LIST_PARAMS,
  storeListHref,
  type StoreListFilter,
} from "~/domain/super-admin/store-list-filter";
import { ClaimLinkForm } from "./claim-link-form";

type OperatorStore = {
  id: string;
  displayName: string;
  cityName: string;
  ownerEmail: string | null;
  isHidden: boolean;
  closedAt: string | Date | null;
  licenceType: LicenceType;
  licenceExpires: string | Date | null;
  licence: { tier: LicenceType; trial: boolean; expiresAt: string | Date | null };
};

const dateFormat = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeZone: "America/Mexico_City" });
/** yyyy-mm-dd of a moment, in central Mexico: the value a date input shows. */
const isoDay = (value: string | Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date(value));

const filterLink =
  "rounded-full px-3 py-1.5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 aria-[current=page]:bg-stone-800 aria-[current=page]:text-white aria-[current=page]:ring-stone-800";
const pageLink =
  "rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-stone-100";

/**
 * Every store, a page of 50 at a time, or only those without an owner ("Tiendas sin dueño"),
 * each of which offers "Crear enlace para reclamar".
 */
export function StoreListPanel({
  filter,
  stores,
  next,
  ownerlessCount,
}: {
  filter: StoreListFilter;
  stores: OperatorStore[];
  next: string | null;
  ownerlessCount: number;
}) {
  const { query, ownerless } = filter;
  const empty = ownerless && !query ? "No hay tiendas sin dueño." : "No hay tiendas que coincidan.";
  return (
    <section aria-labelledby="tiendas" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="tiendas" className="text-lg font-bold">
        Tiendas
      </h2>
      <nav aria-label="Qué tiendas ver" className="mt-3 flex flex-wrap gap-2">
        <Link
          to={storeListHref({ query })}
          aria-current={ownerless ? undefined : "page"}
          className={filterLink}
        >
          Todas
        </Link>
        <Link
          to={storeListHref({ query, ownerless: true })}
          aria-current={ownerless ? "page" : undefined}
          className={filterLink}
        >
          Tiendas sin dueño ({ownerlessCount})
        </Link>
      </nav>
      {ownerless ? (
        <p className="mt-3 text-sm text-stone-700">
          Tiendas creadas sin usuario que su negocio todavía no reclama. Crea un enlace para reclamar y
          compártelo con el dueño.
        </p>
      ) : null}
      <Form method="get" role="search" className="mt-3 flex gap-2">
        <label htmlFor="buscar-tienda" className="sr-only">
          Buscar tienda
        </label>
        {ownerless ? <input type="hidden" name={STORE_LIST_PARAMS.ownerless} value="1" /> : null}
        <input
          id="buscar-tienda"
          name={STORE_LIST_PARAMS.query}
          type="search"
          defaultValue={query}
          placeholder="Identificador, nombre o correo"
          className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2.5 text-base"
        />
        <button
          type="submit"
          className="rounded-lg px-4 py-2.5 font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Buscar
        </button>
      </Form>
      {stores.length === 0 ? (
        <p className="mt-4 text-stone-700">{empty}</p>
      ) : (
        <ul
          aria-label={ownerless ? "Lista de tiendas sin dueño" : "Lista de tiendas"}
          className="mt-4 divide-y divide-stone-200"
        >
          {stores.map((store) => (
            <StoreRow key={store.id} store={store} />
          ))}
        </ul>
      )}
      {next || filter.after ? (
        <nav aria-label="Páginas de tiendas" className="mt-4 flex flex-wrap gap-2">
          {filter.after ? (
            <Link to={storeListHref({ ...filter, after: null })} className={pageLink}>
              Volver al principio
            </Link>
          ) : null}
          {next ? (
            <Link to={storeListHref({ ...filter, after: next })} className={pageLink}>
              Ver más tiendas
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function StoreRow({ store }: { store: OperatorStore }) {
  if (store.closedAt) return <ClosedStoreRow store={store} />;
  return <OpenStoreRow store={store} />;
}

/** A store its owner closed: listed until it is purged and its id is free again. */
function ClosedStoreRow({ store }: { store: OperatorStore }) {
  return (
    <li aria-label={store.displayName} className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-700">{store.displayName}</span>
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900">Cerrada</span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        /{store.id} · cerrada por su dueño el {dateFormat.format(new Date(store.closedAt!))} · el
        identificador queda libre el {releaseDate(new Date(store.closedAt!))}
      </p>
    </li>
  );
}

function OpenStoreRow({ store }: { store: OperatorStore }) {
  const visibility = useFormAction(SUPER_ADMIN_ACTIONS_URL, SUPER_ADMIN_MESSAGES.visibilityFailed);
  const plan = useFormAction(SUPER_ADMIN_ACTIONS_URL, SUPER_ADMIN_MESSAGES.planFailed);
  const planErrors = plan.result?.ok === false ? plan.result.fieldErrors : undefined;
  return (
    <li aria-label={store.displayName} className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        <a href={`/${store.id}`} className="font-semibold text-ink underline">
          {store.displayName}
        </a>
        <PlanBadge tier={store.licence.tier} trial={store.licence.trial} />
        {store.isHidden ? (
          <span className="rounded-full bg-stone-800 px-2 py-0.5 text-xs font-bold text-white">Oculta</span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-stone-700">
        /{store.id} · {store.cityName} · {store.ownerEmail ?? "Sin dueño"}
        {store.licence.expiresAt ? ` · vence el ${dateFormat.format(new Date(store.licence.expiresAt))}` : ""}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <form method="post" onSubmit={visibility.handleSubmit}>
          <input type="hidden" name="intent" value="set-visibility" />
          <input type="hidden" name="storeId" value={store.id} />
          <input type="hidden" name="hidden" value={store.isHidden ? "false" : "true"} />
          <button
            type="submit"
            disabled={visibility.submitting}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
          >
            {store.isHidden ? "Mostrar en el directorio" : "Ocultar del directorio"}
          </button>
        </form>
        <form method="post" onSubmit={plan.handleSubmit} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="set-plan" />
          <input type="hidden" name="storeId" value={store.id} />
          <label className="text-sm font-medium text-stone-800">
            Plan
            <select
              name="licenceType"
              defaultValue={store.licenceType}
              className="mt-1 block rounded-lg border border-stone-300 bg-white px-2 py-2 text-base"
            >
              {LICENCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PLAN_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-stone-800">
            Vence el
            <input
              type="date"
              name="expires"
              defaultValue={store.licenceExpires ? isoDay(store.licenceExpires) : ""}
              aria-invalid={planErrors?.expires ? true : undefined}
              className="mt-1 block rounded-lg border border-stone-300 px-2 py-1.5 text-base aria-[invalid]:border-red-600"
            />
          </label>
          <button
            type="submit"
            disabled={plan.submitting}
            className="rounded-lg bg-stone-800 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-900 disabled:opacity-60"
          >
            Guardar plan
          </button>
        </form>
      </div>
      {store.ownerEmail ? null : <ClaimLinkForm storeId={store.id} storeName={store.displayName} />}
      <ActionMessage result={visibility.result} onRetry={visibility.retry} />
      {plan.result ? (
        <ActionMessage
          result={{ ...plan.result, message: planErrors?.expires ?? plan.result.message }}
          onRetry={plan.retry}
        />
      ) : null}
    </li>
  );
}
