import { useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { TextAreaField, TextField } from "~/components/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormAction } from "~/components/forms/use-form-action";
import type { storeSettings } from "~/db/schema";
import { PAYMENT_LABELS, PAYMENT_METHODS } from "~/domain/orders/payment";
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_FIELDS,
  TEMPLATE_KINDS,
  TEMPLATE_LABELS,
  TEMPLATE_MAX_LENGTH,
} from "~/domain/orders/status-messages";
import { ORDER_SETTINGS_MESSAGES } from "~/domain/stores/order-settings-form";
import { CheckboxField } from "./checkbox-field";

type Settings = typeof storeSettings.$inferSelect;
const ACTION = "/i/admin/order-settings";

/** Configuración → "Formas de pago" and "Mensajes de WhatsApp" (issue 17). */
export function OrderSettingsPanel({ settings }: { settings: Settings }) {
  return (
    <div className="space-y-6">
      <PaymentForm settings={settings} />
      <TemplatesForm settings={settings} />
    </div>
  );
}

function PaymentForm({ settings }: { settings: Settings }) {
  const save = useFormAction(ACTION, ORDER_SETTINGS_MESSAGES.failed);
  const [methods, setMethods] = useState(new Set(settings.paymentMethods));
  const errors = save.result?.ok === false ? save.result.fieldErrors : undefined;
  const toggle = (method: string, on: boolean) =>
    setMethods((current) => {
      const next = new Set(current);
      if (on) next.add(method as (typeof PAYMENT_METHODS)[number]);
      else next.delete(method as (typeof PAYMENT_METHODS)[number]);
      return next;
    });
  return (
    <form
      method="post"
      action={ACTION}
      noValidate
      onSubmit={save.handleSubmit}
      aria-labelledby="payment-title"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <input type="hidden" name="intent" value="payment" />
      <div>
        <h3 id="payment-title" className="text-lg font-semibold">
          Formas de pago
        </h3>
        <p className="text-sm text-stone-700">
          Lo que elijas se pregunta al cliente al hacer su pedido. Si no eliges ninguna, no se pregunta.
        </p>
      </div>
      <fieldset className="space-y-2">
        <legend className="sr-only">Formas de pago que aceptas</legend>
        {PAYMENT_METHODS.map((method) => (
          <CheckboxField
            key={method}
            name="paymentMethods"
            value={method}
            label={PAYMENT_LABELS[method]}
            checked={methods.has(method)}
            onChange={(event) => toggle(method, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      {methods.has("transfer") ? (
        <fieldset className="space-y-3">
          <legend className="font-medium">Cuenta para transferencias</legend>
          <TextField
            label="Banco"
            name="bankName"
            defaultValue={settings.bankName}
            maxLength={60}
            error={errors?.bankName}
          />
          <TextField
            label="Titular de la cuenta"
            name="bankAccountHolder"
            defaultValue={settings.bankAccountHolder}
            maxLength={100}
            error={errors?.bankAccountHolder}
          />
          <TextField
            label="CLABE (18 dígitos)"
            name="clabe"
            inputMode="numeric"
            defaultValue={settings.clabe}
            maxLength={24}
            error={errors?.clabe}
          />
        </fieldset>
      ) : null}
      <ActionMessage result={save.result} onRetry={save.retry} />
      <SubmitButton busy={save.submitting} busyLabel="Guardando…" fit>
        Guardar formas de pago
      </SubmitButton>
    </form>
  );
}

function TemplatesForm({ settings }: { settings: Settings }) {
  const save = useFormAction(ACTION, ORDER_SETTINGS_MESSAGES.failed);
  const errors = save.result?.ok === false ? save.result.fieldErrors : undefined;
  return (
    <form
      method="post"
      action={ACTION}
      noValidate
      onSubmit={save.handleSubmit}
      aria-labelledby="templates-title"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <input type="hidden" name="intent" value="templates" />
      <div>
        <h3 id="templates-title" className="text-lg font-semibold">
          Mensajes de WhatsApp
        </h3>
        <p className="text-sm text-stone-700">
          Los botones de WhatsApp de tus órdenes abren el chat del cliente con estos textos; tú decides si los
          envías. Puedes usar {TEMPLATE_FIELDS.join(", ")}. Deja uno vacío para usar el texto sugerido.
        </p>
      </div>
      {TEMPLATE_KINDS.map((kind) => (
        <TextAreaField
          key={kind}
          label={TEMPLATE_LABELS[kind]}
          name={kind}
          defaultValue={settings.statusTemplates[kind] ?? ""}
          placeholder={DEFAULT_TEMPLATES[kind]}
          maxLength={TEMPLATE_MAX_LENGTH}
          error={errors?.[kind]}
        />
      ))}
      <ActionMessage result={save.result} onRetry={save.retry} />
      <SubmitButton busy={save.submitting} busyLabel="Guardando…" fit>
        Guardar mensajes
      </SubmitButton>
    </form>
  );
}
