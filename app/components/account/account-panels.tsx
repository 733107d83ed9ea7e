import { useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { PanelForm } from "~/components/admin/panel-form";
import { TextField } from "~/components/field";
import { useFormAction } from "~/components/forms/use-form-action";
import { ACCOUNT_MESSAGES } from "~/domain/auth/account-forms";
import { formatOrderDate } from "~/domain/orders/order-vocabulary";
import { CLOSE_STORE_MESSAGES, EXPORT_MESSAGES, releaseDate } from "~/domain/stores/close-store";

/** A failed answer's message for one field, if the server gave one. */
function fieldError(save: ReturnType<typeof useFormAction>, field: string) {
  return save.result?.ok === false ? save.result.fieldErrors?.[field] : undefined;
}

export function EmailPanel({ email }: { email: string }) {
  const save = useFormAction("/i/cuenta/correo", ACCOUNT_MESSAGES.emailFailed);
  return (
    <PanelForm
      id="cuenta-correo"
      title="Correo electrónico"
      description={
        <>
          Entras con <strong>{email}</strong>. Para cambiarlo te enviaremos un enlace al correo nuevo, y un
          aviso a este.
        </>
      }
      action="/i/cuenta/correo"
      intent="change-email"
      save={save}
      submitLabel="Cambiar mi correo"
    >
      <TextField
        label="Correo nuevo"
        name="newEmail"
        type="email"
        autoComplete="email"
        error={fieldError(save, "newEmail")}
      />
      <CurrentPasswordField error={fieldError(save, "currentPassword")} />
    </PanelForm>
  );
}

/**
 * The current password before something that cannot be undone; the server lets it stay empty
 * right after signing in (app/domain/auth/account.server.ts).
 */
function CurrentPasswordField({ error }: { error?: string }) {
  return (
    <TextField
      label="Tu contraseña actual"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      hint="Por seguridad. No hace falta si entraste hace menos de 10 minutos."
      error={error}
    />
  );
}

export function PasswordPanel() {
  const save = useFormAction("/i/cuenta/contrasena", ACCOUNT_MESSAGES.passwordFailed);
  return (
    <PanelForm
      id="cuenta-contrasena"
      title="Contraseña"
      description="Al cambiarla se cierran tus sesiones en los demás dispositivos."
      action="/i/cuenta/contrasena"
      intent="change-password"
      save={save}
      submitLabel="Cambiar mi contraseña"
    >
      <TextField
        label="Contraseña actual"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={fieldError(save, "currentPassword")}
      />
      <TextField
        label="Contraseña nueva"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        error={fieldError(save, "newPassword")}
      />
    </PanelForm>
  );
}

export type SessionView = {
  id: string;
  device: string;
  place: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

export function SessionsPanel({ sessions }: { sessions: SessionView[] }) {
  const end = useFormAction("/i/cuenta/sesiones", ACCOUNT_MESSAGES.sessionsFailed);
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section
      aria-labelledby="cuenta-sesiones"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="cuenta-sesiones" className="text-lg font-semibold">
          Sesiones activas
        </h2>
        <p className="text-sm text-stone-700">Los dispositivos donde tu cuenta está abierta ahora.</p>
      </div>
      <ul aria-label="Sesiones activas" className="divide-y divide-stone-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span className="min-w-0">
              <span className="block font-medium">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">
                    Esta sesión
                  </span>
                ) : null}
              </span>
              <span className="block text-xs text-stone-600">
                {session.place ? `Desde ${session.place} · ` : ""}Última actividad{" "}
                {formatOrderDate(session.lastSeenAt)} · Abierta {formatOrderDate(session.createdAt)}
              </span>
            </span>
            {session.current ? null : (
              <form method="post" action="/i/cuenta/sesiones" onSubmit={end.handleSubmit}>
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  disabled={end.submitting}
                  aria-label={`Cerrar esta sesión: ${session.device}`}
                  className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100 disabled:opacity-60"
                >
                  Cerrar esta sesión
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <ActionMessage result={end.result} onRetry={end.retry} />
      {others > 0 ? (
        <form method="post" action="/i/cuenta/sesiones" onSubmit={end.handleSubmit}>
          <input type="hidden" name="intent" value="end-others" />
          <button
            type="submit"
            disabled={end.submitting}
            className="w-full rounded-lg border border-stone-300 px-4 py-2.5 font-semibold hover:bg-stone-100 disabled:opacity-60 sm:w-auto"
          >
            Cerrar todas las demás
          </button>
        </form>
      ) : (
        <p className="text-sm text-stone-600">No tienes otras sesiones abiertas.</p>
      )}
    </section>
  );
}

/** "Tus datos": download everything, or close the store for good. */
export function YourDataPanel({ store }: { store: { id: string; displayName: string } }) {
  const close = useFormAction<{ next?: string }>("/i/cuenta/cerrar-tienda", CLOSE_STORE_MESSAGES.failed, {
    revalidate: false,
  });
  const [typed, setTyped] = useState("");
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await close.submit(new FormData(event.currentTarget));
    if (answer.ok && "next" in answer && answer.next) window.location.assign(answer.next);
  }
  return (
    <section
      aria-labelledby="cuenta-datos"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="cuenta-datos" className="text-lg font-semibold">
          Tus datos
        </h2>
        <p className="text-sm text-stone-700">
          Todo lo de tu tienda —configuración, productos, pedidos con sus productos y las facturas que te
          pidieron, con sus archivos— en un archivo ZIP con hojas CSV y un JSON.
        </p>
      </div>
      <ExportForm />
      <form
        method="post"
        action="/i/cuenta/cerrar-tienda"
        noValidate
        onSubmit={submit}
        aria-labelledby="cerrar-tienda"
        className="space-y-3 rounded-lg bg-red-50 p-4 ring-1 ring-red-200"
      >
        <h3 id="cerrar-tienda" className="font-semibold text-red-900">
          Cerrar mi tienda
        </h3>
        <p className="text-sm text-red-950">
          {store.displayName} desaparece de Tianguis en ese momento, sus fotos se borran, los nombres,
          teléfonos y direcciones de tus clientes se quitan de sus pedidos y tu cuenta se borra. No se puede
          deshacer. El identificador /{store.id} quedará libre para cualquiera a partir del{" "}
          {releaseDate(new Date())}.
        </p>
        <TextField
          label={`Escribe ${store.id} para confirmar`}
          name="confirmStoreId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={fieldError(close as ReturnType<typeof useFormAction>, "confirmStoreId")}
        />
        <CurrentPasswordField
          error={fieldError(close as ReturnType<typeof useFormAction>, "currentPassword")}
        />
        <ActionMessage result={close.result} onRetry={close.retry} />
        <button
          type="submit"
          disabled={close.submitting || typed.trim().toLowerCase() !== store.id}
          className="w-full rounded-lg bg-red-700 px-4 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60 sm:w-auto"
        >
          {close.submitting ? "Cerrando…" : "Cerrar mi tienda"}
        </button>
      </form>
    </section>
  );
}

type ExportOutcome = {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string>;
  retryable?: boolean;
};

/**
 * "Descargar mis datos": the password (or a recent sign-in) first, then the ZIP the server makes,
 * saved by the browser. Sent with fetch so that a refusal shows next to the field instead of
 * replacing the page; without JavaScript the form posts itself and the browser saves the file.
 */
function ExportForm() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ExportOutcome>();
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    setOutcome(undefined);
    try {
      const response = await fetch(EXPORT_ACTION, {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (response.ok && response.headers.get("content-type")?.startsWith("application/zip")) {
        const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
        saveFile(await response.blob(), name ?? "tianguis.zip");
        form.reset();
        setOutcome({ ok: true, message: EXPORT_MESSAGES.downloading });
      } else {
        const payload = (await response.json().catch(() => null)) as ExportOutcome | null;
        setOutcome(
          payload && payload.ok === false && response.status < 500
            ? payload
            : { ok: false, message: EXPORT_MESSAGES.failed, retryable: true },
        );
      }
    } catch {
      setOutcome({ ok: false, message: EXPORT_MESSAGES.failed, retryable: true });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form method="post" action={EXPORT_ACTION} noValidate onSubmit={submit} className="space-y-3">
      <CurrentPasswordField
        error={outcome?.ok === false ? outcome.fieldErrors?.currentPassword : undefined}
      />
      <ActionMessage result={outcome} />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg border border-stone-300 px-4 py-2.5 text-center font-semibold hover:bg-stone-100 disabled:opacity-60 sm:w-auto"
      >
        {busy ? "Preparando tus datos…" : "Descargar mis datos"}
      </button>
    </form>
  );
}

const EXPORT_ACTION = "/i/cuenta/exportar";

/** Hands a file the page received to the browser's downloads. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
