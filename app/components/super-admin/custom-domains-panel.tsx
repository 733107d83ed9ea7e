import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { DOMAIN_STATUS_LABELS, type DomainProblem, type DomainStatus } from "~/domain/domains/custom-domain";

type OperatorDomain = {
  host: string;
  storeId: string;
  storeName: string;
  status: DomainStatus;
  lapsed: boolean;
  problems: DomainProblem[];
  checkedAt: string | Date | null;
  failingSince: string | Date | null;
};

const PROBLEM_LABELS: Record<DomainProblem, string> = {
  "txt-missing": "falta el TXT",
  "txt-wrong": "TXT con otro valor",
  "pointing-missing": "no apunta a Tianguis",
  "pointing-elsewhere": "apunta a otro servidor",
};

/** Every store's own domain and its state (docs/decisions/018), for the operator. */
export function CustomDomainsPanel({ domains }: { domains: OperatorDomain[] }) {
  return (
    <section aria-labelledby="dominios" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="dominios" className="text-lg font-bold">
        Dominios propios
      </h2>
      {domains.length === 0 ? (
        <p className="mt-3 text-stone-700">Ninguna tienda tiene dominio propio todavía.</p>
      ) : (
        <ul aria-label="Lista de dominios" className="mt-3 divide-y divide-stone-200">
          {domains.map((domain) => {
            const status = domain.lapsed ? "lapsed" : domain.status;
            return (
              <li key={`${domain.storeId}-${domain.host}`} aria-label={domain.host} className="py-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-all">{domain.host}</span>
                  <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-bold text-stone-900">
                    {DOMAIN_STATUS_LABELS[status]}
                  </span>
                </p>
                <p className="mt-1 text-stone-700">
                  <a href={`/${domain.storeId}`} className="underline">
                    {domain.storeName}
                  </a>{" "}
                  (/{domain.storeId})
                  {domain.checkedAt ? ` · revisado el ${formatOrderDate(domain.checkedAt, "medium")}` : ""}
                  {domain.failingSince
                    ? ` · con fallas desde el ${formatOrderDate(domain.failingSince, "medium")}`
                    : ""}
                  {domain.problems.length > 0
                    ? ` · ${domain.problems.map((problem) => PROBLEM_LABELS[problem]).join(", ")}`
                    : ""}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
