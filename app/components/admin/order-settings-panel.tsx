import { useState } from "react";
import { TextAreaField, TextField } from "~/components/field";
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
import { ORDER_SETTINGS_MESSAGES } from "~/domain/orders/order-settings-form";
import { CheckboxField } from "./checkbox-field";
import { PanelForm } from "./panel-form";

type Settings = typeof storeSettings.$inferSelect;
const ACTION = "/i/admin/order-settings";

/** Configuración → "Formas de pago" and "Mensajes de WhatsApp". */
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
    <PanelForm
      id="payment-title"
      title="Formas de pago"
      description="Lo que elijas se pregunta al cliente al hacer su pedido. Si no eliges ninguna, no se pregunta."
      action={ACTION}
      intent="payment"
      save={save}
      submitLabel="Guardar formas de pago"
    >
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
    </PanelForm>
  );
}

function TemplatesForm({ settings }: { settings: Settings }) {
  const save = useFormAction(ACTION, ORDER_SETTINGS_MESSAGES.failed);
  const errors = save.result?.ok === false ? save.result.fieldErrors : undefined;
  return (
    <PanelForm
      id="templates-title"
      title="Mensajes de WhatsApp"
      description={`Los botones de WhatsApp de tus órdenes abren el chat del cliente con estos textos; tú decides si los envías. Puedes usar ${TEMPLATE_FIELDS.join(", ")}. Deja uno vacío para usar el texto sugerido.`}
      action={ACTION}
      intent="templates"
      save={save}
      submitLabel="Guardar mensajes"
    >
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
    </PanelForm>
  );
}
