import { useEffect, useRef, useState } from "react";
import { ActionMessage } from "~/components/action-message";
import { focusFirstInvalid, SelectField, TextField } from "~/components/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useFormAction } from "~/components/forms/use-form-action";
import { CheckboxField } from "../checkbox-field";
import { WEEKDAY_NAMES } from "~/domain/stores/opening-hours";
import { PROMOTION_FORM_MESSAGES } from "~/domain/promotions/promotion-form";
import type { PromotionsPanel } from "./promotions-tab";

const ACTION = "/i/admin/promotions";
const BOX = "space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200";

/** Sends a promotion's form; its fields' errors beside them, focus on the first. */
function usePromotionForm() {
  const action = useFormAction(ACTION, PROMOTION_FORM_MESSAGES.failed);
  const formRef = useRef<HTMLFormElement>(null);
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const outcome = await action.submit(new FormData(form));
    if (outcome.ok) form.reset();
  }
  const errors = (action.result && !action.result.ok ? action.result.fieldErrors : undefined) ?? {};
  // Once the refused form has rendered its errors, the keyboard lands on the first field to fix.
  const refused = action.result && !action.result.ok ? action.result : null;
  useEffect(() => {
    if (refused) focusFirstInvalid(formRef.current);
  }, [refused]);
  return { action, formRef, onSubmit, errors };
}

/** Products and categories to aim a promotion at: none chosen is the whole order. */
function ScopeFields({
  panel,
  categories = true,
  error,
  legend,
}: {
  panel: PromotionsPanel;
  categories?: boolean;
  error?: string;
  legend: string;
}) {
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${legend}-error` : undefined}
      className="space-y-2"
    >
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <div className="max-h-48 space-y-1 overflow-y-auto">
        {categories
          ? panel.categories.map((category) => (
              <CheckboxField
                key={`c-${category}`}
                name="categories"
                value={category}
                label={`Categoría: ${category}`}
              />
            ))
          : null}
        {panel.products.map((product) => (
          <CheckboxField key={product.id} name="productIds" value={product.id} label={product.name} />
        ))}
      </div>
      {error ? (
        <p id={`${legend}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CodeForm({ panel }: { panel: PromotionsPanel }) {
  const { action, formRef, onSubmit, errors } = usePromotionForm();
  return (
    <form ref={formRef} noValidate method="post" action={ACTION} onSubmit={onSubmit} className={BOX}>
      <h3 className="text-lg font-bold">Nuevo código</h3>
      <input type="hidden" name="intent" value="create-code" />
      <TextField
        label="Código"
        name="code"
        autoCapitalize="characters"
        maxLength={20}
        error={errors.code}
        hint="Por ejemplo BIENVENIDA10. Tus clientes lo escriben en su carrito."
      />
      <SelectField
        label="Tipo de descuento"
        name="kind"
        defaultValue="percent"
        error={errors.kind}
        options={[
          { value: "percent", label: "Porcentaje (%)" },
          { value: "amount", label: "Cantidad fija ($)" },
        ]}
      />
      <TextField
        label="Descuento"
        name="value"
        inputMode="decimal"
        error={errors.value}
        hint="10 es 10 % o $10, según el tipo."
      />
      <TextField
        label="Compra mínima (opcional)"
        name="minSubtotal"
        inputMode="decimal"
        error={errors.minSubtotal}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Desde (opcional)" name="startsOn" type="date" error={errors.startsOn} />
        <TextField label="Hasta (opcional, incluido)" name="endsOn" type="date" error={errors.endsOn} />
      </div>
      <TextField label="Usos en total (opcional)" name="maxUses" inputMode="numeric" error={errors.maxUses} />
      <CheckboxField
        name="oncePerPhone"
        label="Una vez por teléfono"
        hint="El cliente escribe su teléfono para usarlo."
      />
      <ScopeFields panel={panel} legend="Solo para (sin elegir: todo el pedido)" error={errors.productIds} />
      <ActionMessage result={action.result} onRetry={action.retry} />
      <SubmitButton busy={action.submitting} busyLabel="Guardando…" fit>
        Crear código
      </SubmitButton>
    </form>
  );
}

export function OfferForm({ panel }: { panel: PromotionsPanel }) {
  const { action, formRef, onSubmit, errors } = usePromotionForm();
  const [kind, setKind] = useState("percent");
  const pieces = {
    ...panel,
    categories: [],
    products: panel.products.filter((product) => product.unit === "pieza"),
  };
  return (
    <form ref={formRef} noValidate method="post" action={ACTION} onSubmit={onSubmit} className={BOX}>
      <h3 className="text-lg font-bold">Nueva oferta automática</h3>
      <input type="hidden" name="intent" value="create-offer" />
      <TextField
        label="Nombre"
        name="name"
        maxLength={60}
        error={errors.name}
        hint="Por ejemplo «Martes de conchas»."
      />
      <SelectField
        label="Tipo de oferta"
        name="kind"
        value={kind}
        onChange={(event) => setKind(event.currentTarget.value)}
        error={errors.kind}
        options={[
          { value: "percent", label: "Porcentaje de descuento" },
          { value: "bundle", label: "N×M (por ejemplo 2×1)" },
        ]}
      />
      {kind === "bundle" ? (
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Llevas" name="buy" inputMode="numeric" defaultValue="2" error={errors.buy} />
          <TextField label="Pagas" name="pay" inputMode="numeric" defaultValue="1" />
        </div>
      ) : (
        <TextField label="Porcentaje" name="percent" inputMode="decimal" error={errors.percent} />
      )}
      <fieldset className="space-y-1" aria-describedby="weekdays-hint">
        <legend className="text-sm font-medium text-stone-800">Días (sin elegir: todos)</legend>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
          {WEEKDAY_NAMES.map((day, index) => (
            <CheckboxField key={day} name="weekdays" value={String(index)} label={day} />
          ))}
        </div>
        <p id="weekdays-hint" className="text-sm text-stone-600">
          Con la hora de tu tienda.
        </p>
      </fieldset>
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Desde las (opcional)" name="startTime" type="time" error={errors.startTime} />
        <TextField label="Hasta las (opcional)" name="endTime" type="time" />
      </div>
      {kind === "bundle" ? (
        <ScopeFields
          panel={pieces}
          categories={false}
          legend="Productos (solo por pieza)"
          error={errors.productIds}
        />
      ) : (
        <ScopeFields
          panel={panel}
          legend="Solo para (sin elegir: toda la tienda)"
          error={errors.productIds}
        />
      )}
      <ActionMessage result={action.result} onRetry={action.retry} />
      <SubmitButton busy={action.submitting} busyLabel="Guardando…" fit>
        Crear oferta
      </SubmitButton>
    </form>
  );
}
