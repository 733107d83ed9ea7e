import { TextField } from "~/components/field";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import {
  CUSTOM_DOMAIN_ACTION,
  DOMAIN_MESSAGES,
  DOMAIN_PROBLEMS,
  DOMAIN_STATUS_LABELS,
  problemText,
  type DomainProblem,
} from "~/domain/domains/custom-domain";
import type { DomainPanel } from "~/domain/domains/custom-domains.server";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { BASIC_PLAN_PRICE } from "~/domain/stores/plan";
import { CopyButton } from "./copy-button";
import { PanelForm } from "./panel-form";

type Domain = NonNullable<DomainPanel["domain"]>;

const TEXT = {
  title: "Dominio propio",
  description:
    "Tu tienda en tu propio dominio, por ejemplo pedidos.tunegocio.mx o tunegocio.mx, con conexión segura (HTTPS) incluida.",
  hostLabel: "Tu dominio",
  hostHint: "Escríbelo sin https:// ni diagonales. Los dominios con acentos o ñ también funcionan.",
  save: "Guardar dominio",
  verify: "Verificar",
  verifying: "Verificando…",
  remove: "Quitar dominio",
  removing: "Quitando…",
  recordsTitle: "Registros DNS que debes crear",
  recordsInPlaceTitle: "Registros DNS de tu dominio",
  recordsInPlaceHelp:
    "Ya están en su lugar. Déjalos como están: si los cambias o los borras, tu tienda deja de verse en tu dominio.",
  recordsHelp:
    "Entra al sitio donde compraste tu dominio (por ejemplo GoDaddy, Namecheap, Google Domains o Neubox), busca «DNS» y crea estos registros. Luego presiona «Verificar».",
  apexHelp:
    "Tu dominio no lleva subdominio (como pedidos. o www.), y ahí no se puede crear un CNAME: usa registros A/AAAA.",
  starter: `Con el plan Negocio (${BASIC_PLAN_PRICE}) o Pro, tu tienda se ve en tu propio dominio, como pedidos.tunegocio.mx, con conexión segura (HTTPS) incluida y sin que tus clientes vean la dirección de Tianguis.`,
  trialHint: "Puedes probarlo gratis: inicia tu prueba del plan Negocio arriba.",
  lapsed: (host: string) =>
    `Tu plan actual no incluye dominio propio. Quien entra a ${host} ve un aviso con el enlace a tu tienda en Tianguis. Cuando vuelvas al plan Negocio o Pro, tu tienda vuelve a verse ahí sin hacer nada más.`,
  failing: (host: string, since: string) =>
    `Desde el ${since}, ${host} no pasa nuestra revisión diaria del DNS. Mientras tanto, quien entra ve un aviso con el enlace a tu tienda en Tianguis. Corrige lo que falta y presiona «Verificar».`,
  active: "Tu tienda se ve en",
  checkedAt: (when: string) => `Última revisión: ${when}.`,
  columns: { type: "Tipo", name: "Nombre", value: "Valor" },
} as const;

/** Configuración → "Dominio propio" (docs/decisions/018). */
export function CustomDomainPanel({ panel, canStartTrial }: { panel: DomainPanel; canStartTrial: boolean }) {
  if (!panel.available) {
    return (
      <section
        id="dominio-propio"
        aria-labelledby="custom-domain-title"
        className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200"
      >
        <h3 id="custom-domain-title" className="text-lg font-semibold">
          {TEXT.title}
        </h3>
        {panel.domain ? (
          <>
            <p className="text-sm text-stone-800">{TEXT.lapsed(panel.domain.displayHost)}</p>
            <RemoveForm />
          </>
        ) : (
          <>
            <p className="text-sm text-stone-800">{TEXT.starter}</p>
            {canStartTrial ? <p className="text-sm font-medium text-stone-800">{TEXT.trialHint}</p> : null}
          </>
        )}
      </section>
    );
  }
  return (
    <div id="dominio-propio" className="space-y-4">
      <HostForm domain={panel.domain} />
      {panel.domain ? (
        <DomainState key={panel.domain.host} domain={panel.domain} platformHost={panel.platformHost} />
      ) : null}
    </div>
  );
}

function HostForm({ domain }: { domain: Domain | null }) {
  const save = useFormAction(CUSTOM_DOMAIN_ACTION, DOMAIN_MESSAGES.failed);
  const error = save.result?.ok === false ? save.result.fieldErrors?.host : undefined;
  return (
    <PanelForm
      id="custom-domain-title"
      title={TEXT.title}
      description={TEXT.description}
      action={CUSTOM_DOMAIN_ACTION}
      intent="save"
      save={save}
      submitLabel={TEXT.save}
    >
      <TextField
        label={TEXT.hostLabel}
        name="host"
        inputMode="url"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder="pedidos.tunegocio.mx"
        defaultValue={domain?.displayHost ?? ""}
        maxLength={300}
        hint={TEXT.hostHint}
        error={error}
      />
    </PanelForm>
  );
}

function DomainState({ domain, platformHost }: { domain: Domain; platformHost: string }) {
  const verify = useFormAction<object>(CUSTOM_DOMAIN_ACTION, DOMAIN_MESSAGES.verifyFailed);
  const result = verify.result;
  // A failed "Verificar" lists what it found; otherwise the last check's findings are shown.
  const found = result && !result.ok ? problemsOf(result) : null;
  const problems = found ?? (result?.ok ? [] : domain.problems);
  const context = { host: domain.host, token: domain.token, platformHost, apex: domain.apex };
  const status = domain.status === "verified" && !domain.active ? "lapsed" : domain.status;
  // Once verified, the records exist: the owner keeps them rather than creates them.
  const inPlace = domain.status === "verified";
  const recordsTitle = inPlace ? TEXT.recordsInPlaceTitle : TEXT.recordsTitle;
  return (
    <section
      aria-labelledby="custom-domain-records"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="custom-domain-records" className="text-lg font-semibold break-all">
          {domain.displayHost}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${
            status === "verified"
              ? "bg-green-100 text-green-900"
              : status === "failing"
                ? "bg-red-100 text-red-900"
                : "bg-amber-100 text-amber-900"
          }`}
        >
          {DOMAIN_STATUS_LABELS[status]}
        </span>
      </div>
      {domain.active ? (
        <p className="text-sm text-stone-800">
          {TEXT.active}{" "}
          <a href={`${domain.address}/`} className="font-semibold break-all text-brand-800 underline">
            {domain.address}
          </a>
        </p>
      ) : null}
      {domain.status === "failing" && domain.failingSince ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-900 ring-1 ring-red-200"
        >
          {TEXT.failing(domain.displayHost, formatOrderDate(domain.failingSince, "medium"))}
        </p>
      ) : null}

      <div className="space-y-2">
        <h4 className="font-semibold">{recordsTitle}</h4>
        <p className="text-sm text-stone-700">{inPlace ? TEXT.recordsInPlaceHelp : TEXT.recordsHelp}</p>
        {domain.apex && !inPlace ? <p className="text-sm text-stone-700">{TEXT.apexHelp}</p> : null}
        <ul className="space-y-3" aria-label={recordsTitle}>
          {domain.records.map((record) => (
            <li
              key={`${record.type}-${record.value}`}
              className="space-y-1 rounded-lg bg-stone-50 p-3 text-sm ring-1 ring-stone-200"
            >
              <p>
                <span className="font-medium">{TEXT.columns.type}:</span> {record.type}
              </p>
              <p className="break-all">
                <span className="font-medium">{TEXT.columns.name}:</span> <code>{record.name}</code>
              </p>
              <p className="break-all">
                <span className="font-medium">{TEXT.columns.value}:</span> <code>{record.value}</code>
              </p>
              <CopyButton text={record.value} label={`Copiar valor ${record.type}`} />
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-700">{DOMAIN_MESSAGES.propagation}</p>
      </div>

      {problems.length > 0 ? (
        <div className="space-y-1" role={found ? "alert" : undefined}>
          <p className="text-sm font-semibold text-red-900">{DOMAIN_MESSAGES.notYet}</p>
          <ul aria-label="Lo que falta" className="list-disc space-y-1 pl-5 text-sm text-red-900">
            {problems.map((problem) => (
              <li key={problem}>{problemText(problem, context)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {domain.checkedAt ? (
        <p className="text-xs text-stone-600">
          {TEXT.checkedAt(formatOrderDate(domain.checkedAt, "medium"))}
        </p>
      ) : null}

      <form
        method="post"
        action={CUSTOM_DOMAIN_ACTION}
        onSubmit={verify.handleSubmit}
        aria-label="Verificar dominio"
        className="space-y-2"
      >
        <input type="hidden" name="intent" value="verify" />
        {found ? null : <ActionMessage result={result} onRetry={verify.retry} />}
        <button
          type="submit"
          disabled={verify.submitting}
          className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
        >
          {verify.submitting ? TEXT.verifying : TEXT.verify}
        </button>
      </form>
      <RemoveForm />
    </section>
  );
}

function RemoveForm() {
  const remove = useFormAction(CUSTOM_DOMAIN_ACTION, DOMAIN_MESSAGES.failed);
  return (
    <form method="post" action={CUSTOM_DOMAIN_ACTION} onSubmit={remove.handleSubmit} className="space-y-2">
      <input type="hidden" name="intent" value="remove" />
      <ActionMessage result={remove.result} onRetry={remove.retry} />
      <button
        type="submit"
        disabled={remove.submitting}
        className="rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60"
      >
        {remove.submitting ? TEXT.removing : TEXT.remove}
      </button>
    </form>
  );
}

function problemsOf(result: object): DomainProblem[] | null {
  const problems = (result as { problems?: unknown }).problems;
  if (!Array.isArray(problems)) return null;
  return problems.filter((problem): problem is DomainProblem =>
    (DOMAIN_PROBLEMS as readonly unknown[]).includes(problem),
  );
}

/** Above the tabs: a domain that stopped passing its daily check, so the owner hears of it on any tab. */
export function DomainFailingBanner({ panel }: { panel: DomainPanel }) {
  const domain = panel.domain;
  if (!panel.available || domain?.status !== "failing") return null;
  return (
    <p
      role="alert"
      className="mt-4 rounded-xl bg-red-50 p-4 text-sm font-medium text-red-900 ring-1 ring-red-200"
    >
      Tu dominio {domain.displayHost} dejó de pasar nuestra revisión del DNS y tu tienda no se ve ahí.{" "}
      <a href="?tab=configuracion#dominio-propio" className="font-semibold underline">
        Revisa «Dominio propio» en Configuración
      </a>
      .
    </p>
  );
}
