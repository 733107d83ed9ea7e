import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { NEW_ORDER_EMAIL_MESSAGES } from "~/domain/orders/new-order-notices";
import { CheckboxField } from "./checkbox-field";

/**
 * "Avisarme por correo de cada pedido nuevo": e-mail as a second channel beside
 * push, off until the owner turns it on. Saved as soon as it is ticked.
 */
export function NewOrderEmailCard({ enabled }: { enabled: boolean }) {
  const save = useFormAction("/i/admin/order-email", NEW_ORDER_EMAIL_MESSAGES.failed);
  const pending = save.pending?.get("enabled");
  const checked = pending === undefined || pending === null ? enabled : pending === "true";
  return (
    <form
      method="post"
      action="/i/admin/order-email"
      className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-stone-200"
      onSubmit={(event) => event.preventDefault()}
    >
      <h3 className="font-semibold">Avisos por correo</h3>
      <CheckboxField
        label={NEW_ORDER_EMAIL_MESSAGES.label}
        name="enabled"
        checked={checked}
        disabled={save.submitting}
        hint="Llegan al correo con el que entras a Tianguis."
        onChange={(event) => {
          const body = new FormData();
          body.set("enabled", String(event.currentTarget.checked));
          void save.submit(body);
        }}
      />
      <ActionMessage result={save.result} onRetry={save.retry} />
    </form>
  );
}
