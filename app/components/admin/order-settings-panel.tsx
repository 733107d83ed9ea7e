import { useState } from "react";
import { TextAreaField, TextField } from "~/components/field";
import { useFormAction } from "~/components/forms/use-form-action";
import type { storeSettings } from "~/db/schema";
import { PAYMENT_LABELS, OWNER_CHOSEN_METHODS } from "~/domain/orders/payment";
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_FIELDS,
  TEMPLATE_KINDS,
  TEMPLATE_LABELS,
  TEMPLATE_MAX_LENGTH,
} from "~/domain/orders/status-messages";
import { ORDER_SETTINGS_MESSAGES } from "~/domain/orders/order-settings-form";
import { MAX_OWN_TIP } from "~/domain/orders/tips";
import { formatMoney } from "~/domain/money/money";
import { CheckboxField } from "./checkbox-field";
import { PanelForm } from "./panel-form";

type Settings = typeof storeSettings.$inferSelect;
const ACTION = "/i/admin/order-settings";

/** Configuración → "Formas de pago", "Propina" and "Mensajes de WhatsApp". */
export function OrderSettingsPanel({ settings }: { settings: Settings }) {
  return (
    <div className="space-y-6">
      <PaymentForm settings={settings} />
      <TipsForm settings={settings} />
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
      if (on) next.add(method as (typeof OWNER_CHOSEN_METHODS)[number]);
      else next.delete(method as (typeof OWNER_CHOSEN_METHODS)[number]);
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
        {OWNER_CHOSEN_METHODS.map((method) => (
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

/** "Propina": on or off, up to 3 percentages and whether the shopper may type an amount of their own. */
function TipsForm({ settings }: { settings: Settings }) {
  const save = useFormAction(ACTION, ORDER_SETTINGS_MESSAGES.failed);
  const [enabled, setEnabled] = useState(settings.tipsEnabled);
  const errors = save.result?.ok === false ? save.result.fieldErrors : undefined;
  return (
    <PanelForm
      id="tips-title"
      title="Propina"
      description="Si la activas, el cliente puede dejar propina al hacer su pedido: un porcentaje del subtotal con descuentos, sin contar el envío. Nunca se elige por él: «Sin propina» es lo que aparece marcado."
      action={ACTION}
      intent="tips"
      save={save}
      submitLabel="Guardar propina"
    >
      <CheckboxField
        name="tipsEnabled"
        label="Ofrecer propina"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      {enabled ? (
        <>
          <TextField
            label="Porcentajes sugeridos (hasta 3, del 1 al 50)"
            name="tipPercentages"
            inputMode="numeric"
            defaultValue={settings.tipPercentages.join(", ")}
            placeholder="10, 15, 20"
            maxLength={40}
            error={errors?.tipPercentages}
          />
          <CheckboxField
            name="tipOwnAmount"
            label="El cliente puede escribir otra cantidad"
            hint={`Hasta el subtotal del pedido, y nunca más de ${formatMoney(MAX_OWN_TIP)}.`}
            defaultChecked={settings.tipOwnAmount}
          />
        </>
      ) : (
        <>
          <input type="hidden" name="tipPercentages" value={settings.tipPercentages.join(", ")} />
          {settings.tipOwnAmount ? <input type="hidden" name="tipOwnAmount" value="on" /> : null}
        </>
      )}
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
