import { useEffect } from "react";
import { ActionMessage } from "~/components/action-message";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormAction } from "~/components/forms/use-form-action";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { PLAN_LABELS } from "~/domain/stores/licence";
import type { LicenceType } from "~/domain/stores/licence-types";
import { INVITATION_DAYS, roleLabel, TEAM_ENDPOINT, TEAM_MESSAGES } from "~/domain/team/invitations";
import { MEMBER_ROLES, type MemberRole, type StoreRole } from "~/domain/team/team-roles";
import { LabelledInput } from "./panel-form";

type Person = { userId: string; name: string; email: string; role: StoreRole };
/** One line of "Actividad", its sentence written by the server ("Ana pausó la tienda"). */
type Change = { key: string; createdAt: string; text: string };
type Invitation = { id: number; email: string; role: MemberRole; expiresAt: string; expired: boolean };

const card = "rounded-xl bg-white p-4 ring-1 ring-stone-200";
const secondaryButton =
  "rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-70";

/**
 * Equipo (the owner's, docs/decisions/033): who works at the store and with which role, the
 * invitations not used yet, and the form to invite someone. Every change goes to /i/admin/team,
 * which checks it again (the plan's team size, the owner's capability).
 */
export function TeamTab({
  people,
  invitations,
  activity,
  limit,
  tier,
}: {
  people: Person[];
  invitations: Invitation[];
  activity: Change[];
  limit: number;
  tier: LicenceType;
}) {
  const pending = invitations.filter((invitation) => !invitation.expired).length;
  const taken = people.length + pending;
  return (
    <section aria-labelledby="team-title" className="space-y-6">
      <div>
        <h2 id="team-title" className="text-xl font-bold">
          Equipo
        </h2>
        <p className="text-stone-700">
          Tu plan {PLAN_LABELS[tier]} permite{" "}
          {limit === 1 ? "una persona: tú" : `hasta ${limit} personas contándote`}. Ahora: {taken} de {limit}{" "}
          (con las invitaciones pendientes).
        </p>
      </div>
      <section aria-labelledby="team-people" className={card}>
        <h3 id="team-people" className="text-lg font-semibold">
          Personas
        </h3>
        <ul className="mt-3 divide-y divide-stone-200">
          {people.map((person) => (
            <PersonRow key={person.userId} person={person} />
          ))}
        </ul>
        {people.length === 1 ? (
          <p className="mt-2 text-sm text-stone-700">Aún no hay nadie más en tu equipo.</p>
        ) : null}
      </section>
      <section aria-labelledby="team-invitations" className={card}>
        <h3 id="team-invitations" className="text-lg font-semibold">
          Invitaciones pendientes
        </h3>
        {invitations.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">No hay invitaciones pendientes.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
      <InviteForm full={taken >= limit} tier={tier} />
      <Activity activity={activity} />
    </section>
  );
}

function RoleSelect({
  name,
  defaultValue,
  label,
}: {
  name: string;
  defaultValue?: MemberRole;
  label: string;
}) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select
        name={name}
        defaultValue={defaultValue}
        className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
      >
        {MEMBER_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
    </label>
  );
}

function PersonRow({ person }: { person: Person }) {
  const change = useFormAction(TEAM_ENDPOINT, TEAM_MESSAGES.failed);
  const remove = useFormAction(TEAM_ENDPOINT, TEAM_MESSAGES.failed);
  const displayName = person.name && person.name !== person.email ? person.name : person.email;
  return (
    <li className="space-y-2 py-3" data-member={person.email}>
      <p className="min-w-0">
        <span className="font-semibold [overflow-wrap:anywhere]">{displayName}</span>{" "}
        <span className="text-sm text-stone-600 [overflow-wrap:anywhere]">{person.email}</span>
        <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">
          {roleLabel(person.role)}
        </span>
      </p>
      {person.role === "owner" ? null : (
        <div className="flex flex-wrap items-end gap-2">
          <form
            method="post"
            action={TEAM_ENDPOINT}
            onSubmit={change.handleSubmit}
            className="flex items-end gap-2"
          >
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={person.userId} />
            <RoleSelect name="role" defaultValue={person.role} label={`Rol de ${displayName}`} />
            <button type="submit" disabled={change.submitting} className={secondaryButton}>
              {change.submitting ? "Guardando…" : "Cambiar rol"}
            </button>
          </form>
          <form method="post" action={TEAM_ENDPOINT} onSubmit={remove.handleSubmit}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="userId" value={person.userId} />
            <button
              type="submit"
              disabled={remove.submitting}
              className={`${secondaryButton} text-red-800`}
              aria-label={`Quitar a ${displayName} del equipo`}
            >
              {remove.submitting ? "Quitando…" : "Quitar del equipo"}
            </button>
          </form>
        </div>
      )}
      <ActionMessage result={change.result} onRetry={change.retry} />
      <ActionMessage result={remove.result} onRetry={remove.retry} />
      {person.role === "owner" ? null : <TransferForm userId={person.userId} displayName={displayName} />}
    </li>
  );
}

/**
 * "Hacer dueño": the owner hands the store to this member, with their password. The panel is then an
 * encargado's, so the page is loaded again from the start.
 */
function TransferForm({ userId, displayName }: { userId: string; displayName: string }) {
  const transfer = useFormAction(TEAM_ENDPOINT, TEAM_MESSAGES.failed, { revalidate: false });
  useEffect(() => {
    if (transfer.result?.ok) window.location.assign("/i/admin");
  }, [transfer.result]);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-brand-800 underline">
        Hacer dueño a {displayName}…
      </summary>
      <form
        method="post"
        action={TEAM_ENDPOINT}
        noValidate
        onSubmit={transfer.handleSubmit}
        className="mt-2 space-y-2"
      >
        <input type="hidden" name="intent" value="transfer" />
        <input type="hidden" name="userId" value={userId} />
        <p className="text-stone-700">
          La tienda, su plan y su equipo pasarán a {displayName}. Tú seguirás en el equipo como encargado.
        </p>
        <LabelledInput
          label="Tu contraseña"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
        />
        <ActionMessage result={transfer.result} onRetry={transfer.retry} />
        <button type="submit" disabled={transfer.submitting} className={`${secondaryButton} text-red-800`}>
          {transfer.submitting ? "Pasando la tienda…" : "Pasar la tienda"}
        </button>
      </form>
    </details>
  );
}

/**
 * "Actividad": who changed what in the last 90 days — settings, products and prices, the team, and
 * the orders — newest first.
 */
function Activity({ activity }: { activity: Change[] }) {
  return (
    <section aria-labelledby="team-activity" className={card}>
      <h3 id="team-activity" className="text-lg font-semibold">
        Actividad de los últimos 90 días
      </h3>
      {activity.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">Aún no hay cambios registrados.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 text-sm" data-activity>
          {activity.map((change) => (
            <li key={change.key} className="py-2 [overflow-wrap:anywhere]">
              <span className="block text-xs text-stone-600">
                <time dateTime={change.createdAt}>{formatOrderDate(change.createdAt, "medium")}</time>
              </span>
              {change.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "America/Mexico_City" });

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useFormAction(TEAM_ENDPOINT, TEAM_MESSAGES.failed);
  const revoke = useFormAction(TEAM_ENDPOINT, TEAM_MESSAGES.failed);
  return (
    <li className="space-y-2 py-3" data-invitation={invitation.email}>
      <p className="[overflow-wrap:anywhere]">
        <span className="font-semibold">{invitation.email}</span> · {roleLabel(invitation.role)} ·{" "}
        <span className="text-sm text-stone-700">
          {invitation.expired ? "Vencida" : `Vence el ${dateFormat.format(new Date(invitation.expiresAt))}`}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <form method="post" action={TEAM_ENDPOINT} onSubmit={resend.handleSubmit}>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="id" value={invitation.id} />
          <button type="submit" disabled={resend.submitting} className={secondaryButton}>
            {resend.submitting ? "Enviando…" : "Reenviar"}
          </button>
        </form>
        <form method="post" action={TEAM_ENDPOINT} onSubmit={revoke.handleSubmit}>
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="id" value={invitation.id} />
          <button type="submit" disabled={revoke.submitting} className={`${secondaryButton} text-red-800`}>
            {revoke.submitting ? "Cancelando…" : "Cancelar invitación"}
          </button>
        </form>
      </div>
      <ActionMessage result={resend.result} onRetry={resend.retry} />
      <ActionMessage result={revoke.result} onRetry={revoke.retry} />
    </li>
  );
}

function InviteForm({ full, tier }: { full: boolean; tier: LicenceType }) {
  const invite = useFormAction(TEAM_ENDPOINT, TEAM_MESSAGES.failed);
  return (
    <form
      method="post"
      action={TEAM_ENDPOINT}
      noValidate
      onSubmit={invite.handleSubmit}
      aria-labelledby="team-invite"
      className={`space-y-4 ${card}`}
    >
      <input type="hidden" name="intent" value="invite" />
      <div>
        <h3 id="team-invite" className="text-lg font-semibold">
          Invitar a alguien
        </h3>
        <p className="text-sm text-stone-700">
          Le enviaremos un enlace por correo. Sirve una sola vez y vence en {INVITATION_DAYS} días. Un
          encargado atiende pedidos, productos, categorías, horario y pausa; un cajero, solo los pedidos.
        </p>
      </div>
      {full ? <p className="text-sm font-medium text-amber-900">{TEAM_MESSAGES.teamFull(tier)}</p> : null}
      <LabelledInput label="Correo electrónico" type="email" name="email" autoComplete="off" required />
      <RoleSelect name="role" defaultValue="cajero" label="Rol" />
      <ActionMessage result={invite.result} onRetry={invite.retry} />
      <SubmitButton busy={invite.submitting} busyLabel="Enviando…" fit>
        Enviar invitación
      </SubmitButton>
    </form>
  );
}
