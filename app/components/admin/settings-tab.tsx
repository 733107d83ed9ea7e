import { useRef, useState } from "react";
import { focusFirstInvalid, SelectField, TextField } from "~/components/field";
import type { storeSettings } from "~/db/schema";
import {
  canRequireWhatsapp,
  COLOR_FIELDS,
  normalizePhone,
  PICKUP_ADDRESS_MAX_LENGTH,
  SETTINGS_MESSAGES,
  SettingsFormSchema,
  settingsFormValues,
  type ColorField,
} from "~/domain/stores/settings-form";
import { fieldErrors } from "~/lib/form-result";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { CheckboxField } from "./checkbox-field";
import { LogoField } from "./logo-field";
import { StorePreview } from "./store-preview";
import { TextAreaField } from "~/components/field";
import { SubmitButton } from "~/components/forms/submit-button";

type Settings = typeof storeSettings.$inferSelect;

const COLOR_LABELS: Record<ColorField, string> = {
  primaryColor: "Color principal",
  secondaryColor: "Color secundario",
  backgroundColor: "Color de fondo",
  panelBackgroundColor: "Fondo de los paneles",
  productBackgroundColor: "Fondo de los productos",
};

export function SettingsTab({
  settings,
  cityId,
  cities,
}: {
  settings: Settings;
  cityId: string;
  cities: { value: string; label: string }[];
}) {
  const save = useFormAction("/i/admin/settings", SETTINGS_MESSAGES.failed);
  const formRef = useRef<HTMLFormElement>(null);
  const [displayName, setDisplayName] = useState(settings.displayName);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const serverResult = save.result;
  const serverErrors = serverResult?.ok === false ? serverResult.fieldErrors : undefined;
  const fieldError: FieldErrorOf = (field) => errors[field] ?? serverErrors?.[field];

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const parsed = SettingsFormSchema.safeParse(settingsFormValues(formData));
    if (!parsed.success) {
      setErrors(fieldErrors<string>(parsed.error));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    // What the owner typed stays in the form whatever the answer; a refused field gets focus.
    const result = await save.submit(formData);
    if (!result.ok && result.fieldErrors) requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <h2 id="settings-title" className="text-xl font-bold">
        Configuración de la tienda
      </h2>
      <form
        ref={formRef}
        method="post"
        action="/i/admin/settings"
        noValidate
        onSubmit={submit}
        className="space-y-6"
      >
        <StoreDetailsFieldset
          settings={settings}
          cityId={cityId}
          cities={cities}
          displayName={displayName}
          onDisplayName={setDisplayName}
          fieldError={fieldError}
        />
        <SocialLinksFieldset settings={settings} fieldError={fieldError} />
        <PhoneFieldset settings={settings} fieldError={fieldError} />
        <ColorsFieldset settings={settings} displayName={displayName} fieldError={fieldError} />
        <DeliveryFieldset settings={settings} fieldError={fieldError} />
        <fieldset className={FIELDSET}>
          <legend className="px-1 font-semibold">Facturación</legend>
          <CheckboxField
            label="Permitir solicitar factura"
            name="allowInvoiceRequests"
            defaultChecked={settings.allowInvoiceRequests}
            hint="Quien compra puede marcar «Requiero factura» y dejar sus datos fiscales, revisados como los revisa el SAT. Tú emites la factura con tu proveedor y la adjuntas al pedido."
          />
        </fieldset>

        <div className="space-y-3">
          {/* The spec's failure sentence; the reason, when there is one, sits next to its field. */}
          <ActionMessage
            result={
              serverResult &&
              (serverResult.ok ? serverResult : { ...serverResult, message: SETTINGS_MESSAGES.failed })
            }
            onRetry={save.retry}
          />
          <SubmitButton busy={save.submitting} busyLabel="Guardando…" fit>
            Guardar configuración
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** A field's error: the one found in the browser, else the one the server answered with. */
type FieldErrorOf = (field: string) => string | undefined;
type FieldsetProps = { settings: Settings; fieldError: FieldErrorOf };

const FIELDSET = "space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200";

function StoreDetailsFieldset({
  settings,
  cityId,
  cities,
  displayName,
  onDisplayName,
  fieldError,
}: FieldsetProps & {
  cityId: string;
  cities: { value: string; label: string }[];
  /** The name is the form's own state: the colours' preview shows it as it is typed. */
  displayName: string;
  onDisplayName: (name: string) => void;
}) {
  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">Datos de la tienda</legend>
      <TextField
        label="Nombre de la tienda"
        name="displayName"
        value={displayName}
        onChange={(event) => onDisplayName(event.currentTarget.value)}
        maxLength={80}
        error={fieldError("displayName")}
      />
      <TextAreaField
        label="Descripción"
        name="description"
        defaultValue={settings.description}
        maxLength={500}
        error={fieldError("description")}
      />
      <TextField
        label="Correo de contacto"
        name="contactEmail"
        type="email"
        defaultValue={settings.contactEmail}
        error={fieldError("contactEmail")}
      />
      <SelectField
        label="Ciudad"
        name="cityId"
        defaultValue={cityId}
        options={cities}
        error={fieldError("cityId")}
      />
      <LogoField defaultKey={settings.logoKey} error={fieldError("logoKey")} />
    </fieldset>
  );
}

function SocialLinksFieldset({ settings, fieldError }: FieldsetProps) {
  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">Redes sociales</legend>
      {(
        [
          ["facebookUrl", "Facebook"],
          ["instagramUrl", "Instagram"],
          ["twitterUrl", "Twitter"],
        ] as const
      ).map(([name, label]) => (
        <TextField
          key={name}
          label={`Enlace de ${label}`}
          name={name}
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={settings[name]}
          error={fieldError(name)}
        />
      ))}
    </fieldset>
  );
}

/** The store's phone, and the WhatsApp confirmation that needs a valid one. */
function PhoneFieldset({ settings, fieldError }: FieldsetProps) {
  const [phone, setPhone] = useState(settings.phone);
  const [whatsapp, setWhatsapp] = useState(settings.requireWhatsappConfirmation);
  const whatsappAllowed = canRequireWhatsapp(phone);
  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">Teléfono y WhatsApp</legend>
      <TextField
        label="Teléfono de la tienda"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={phone}
        onChange={(event) => {
          const next = normalizePhone(event.currentTarget.value);
          setPhone(next);
          if (!canRequireWhatsapp(next)) setWhatsapp(false);
        }}
        hint="10 dígitos, solo números."
        error={fieldError("phone")}
      />
      <CheckboxField
        label="Pedir confirmación de la orden por WhatsApp"
        name="requireWhatsappConfirmation"
        checked={whatsapp && whatsappAllowed}
        disabled={!whatsappAllowed}
        onChange={(event) => setWhatsapp(event.currentTarget.checked)}
        hint={whatsappAllowed ? undefined : "Requiere un teléfono válido de 10 dígitos."}
      />
      {fieldError("requireWhatsappConfirmation") ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {fieldError("requireWhatsappConfirmation")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The store's five colours, with a preview of the page in them. */
function ColorsFieldset({ settings, displayName, fieldError }: FieldsetProps & { displayName: string }) {
  const [colors, setColors] = useState<Record<ColorField, string>>(
    () =>
      Object.fromEntries(COLOR_FIELDS.map((field) => [field, settings[field]])) as Record<ColorField, string>,
  );
  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">Colores</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {COLOR_FIELDS.map((field) => (
          <ColorInput
            key={field}
            name={field}
            label={COLOR_LABELS[field]}
            value={colors[field]}
            error={fieldError(field)}
            onChange={(value) => setColors((current) => ({ ...current, [field]: value }))}
          />
        ))}
      </div>
      <StorePreview name={displayName} colors={colors} />
    </fieldset>
  );
}

/** Pickup (with its address) and delivery, each with its instructions; at least one of the two stays on. */
function DeliveryFieldset({ settings, fieldError }: FieldsetProps) {
  const [allowPickup, setAllowPickup] = useState(settings.allowPickup);
  const [allowDelivery, setAllowDelivery] = useState(settings.allowDelivery);
  const [deliveryAlert, setDeliveryAlert] = useState(false);

  function toggleDeliveryOption(option: "pickup" | "delivery", checked: boolean) {
    const other = option === "pickup" ? allowDelivery : allowPickup;
    if (!checked && !other) {
      setDeliveryAlert(true);
      return;
    }
    setDeliveryAlert(false);
    (option === "pickup" ? setAllowPickup : setAllowDelivery)(checked);
  }

  return (
    <fieldset className={FIELDSET}>
      <legend className="px-1 font-semibold">Entrega y recolección</legend>
      <CheckboxField
        label="Permitir recoger en tienda"
        name="allowPickup"
        checked={allowPickup}
        onChange={(event) => toggleDeliveryOption("pickup", event.currentTarget.checked)}
      />
      <TextAreaField
        label="Dirección para recoger (opcional)"
        name="pickupAddress"
        defaultValue={settings.pickupAddress}
        disabled={!allowPickup}
        rows={2}
        maxLength={PICKUP_ADDRESS_MAX_LENGTH}
        autoComplete="street-address"
        hint="Calle, número y colonia. La ve quien recoge su pedido, y los buscadores."
        error={fieldError("pickupAddress")}
      />
      <TextAreaField
        label="Instrucciones para recoger"
        name="pickupInstructions"
        defaultValue={settings.pickupInstructions}
        disabled={!allowPickup}
        maxLength={500}
        error={fieldError("pickupInstructions")}
      />
      <CheckboxField
        label="Permitir entrega a domicilio"
        name="allowDelivery"
        checked={allowDelivery}
        onChange={(event) => toggleDeliveryOption("delivery", event.currentTarget.checked)}
      />
      <TextAreaField
        label="Instrucciones de entrega"
        name="deliveryInstructions"
        defaultValue={settings.deliveryInstructions}
        disabled={!allowDelivery}
        maxLength={500}
        error={fieldError("deliveryInstructions")}
      />
      {deliveryAlert || fieldError("allowPickup") ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {SETTINGS_MESSAGES.deliveryOptionRequired}
        </p>
      ) : null}
    </fieldset>
  );
}

function ColorInput({
  name,
  label,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`color-${name}`} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={`color-${name}`}
          type="color"
          name={name}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
          className="h-11 w-14 cursor-pointer rounded border border-stone-300 bg-white p-1"
        />
        <span className="font-mono text-sm text-stone-700">{value}</span>
      </div>
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
