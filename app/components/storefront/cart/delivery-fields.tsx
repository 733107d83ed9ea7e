import { FieldError, FieldFrame } from "~/components/field";
import {
  findZone,
  normalizePostalCode,
  POSTAL_CODE_LENGTH,
  ZONE_MESSAGES,
  type deliveryCharge,
} from "~/domain/orders/delivery-zones";
import { formatMoney } from "~/domain/money/money";
import type { OrderFieldErrors } from "~/domain/orders/order-form";
import { DELIVERY_LABELS } from "~/domain/orders/order-vocabulary";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";
import { groupAria, INPUT } from "./form-styles";
import { deliveryOptions, type OrderFormValues, type SetField } from "./use-order-form";

type FieldsProps = { values: OrderFormValues; errors: OrderFieldErrors; set: SetField };

/**
 * How the order reaches the shopper: pickup or delivery, and for a delivery the address, the
 * postal code (when the store's zones list any) and the zone.
 */
export function DeliveryFields({
  store,
  values,
  errors,
  set,
  choosePostalCode,
  charge,
}: FieldsProps & {
  store: StorefrontStore;
  choosePostalCode: (typed: string) => void;
  charge: ReturnType<typeof deliveryCharge> | null;
}) {
  const { delivery } = store;
  const delivering = values.deliveryType === "delivery";
  return (
    <>
      <fieldset {...groupAria(errors, "deliveryType")}>
        <legend className="mb-1 text-sm font-medium">Entrega</legend>
        <div className="space-y-2">
          {deliveryOptions(store).map((type) => {
            const instructions = type === "pickup" ? store.pickupInstructions : store.deliveryInstructions;
            return (
              <label
                key={type}
                className="flex items-start gap-3 rounded-lg border border-stone-400 bg-white p-3 text-stone-900"
              >
                <input
                  type="radio"
                  name="deliveryType"
                  value={type}
                  checked={values.deliveryType === type}
                  onChange={() => set("deliveryType")(type)}
                  className="mt-1 size-5"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className="block font-semibold">{DELIVERY_LABELS[type]}</span>
                  {type === "pickup" && store.pickupAddress ? (
                    <span className="block text-sm">{store.pickupAddress}</span>
                  ) : null}
                  {instructions ? <span className="block text-sm">{instructions}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
        {errors.deliveryType ? (
          <FieldError id="sf-deliveryType-error" message={errors.deliveryType} tone="store" />
        ) : null}
      </fieldset>
      {delivering ? (
        <FieldFrame
          id="sf-address"
          tone="store"
          label="Dirección de entrega"
          error={errors.address}
          control={(aria) => (
            <textarea
              {...aria}
              name="address"
              autoComplete="street-address"
              rows={2}
              maxLength={300}
              value={values.address}
              onChange={(event) => set("address")(event.currentTarget.value)}
              className={INPUT}
            />
          )}
        />
      ) : null}
      {delivering && delivery.zones.some((zone) => zone.postalCodes.length > 0) ? (
        <PostalCodeField store={store} values={values} errors={errors} onChange={choosePostalCode} />
      ) : null}
      {delivering && delivery.zones.length > 0 ? (
        <ZoneField
          zones={delivery.zones}
          chosen={values.deliveryZone}
          error={
            errors.deliveryZone ?? (charge && !charge.ok && values.deliveryZone ? charge.message : undefined)
          }
          onChange={set("deliveryZone")}
        />
      ) : null}
    </>
  );
}

/**
 * The delivery zone, as one choice per zone: a zone's name is a colonia's, often long
 * ("Fraccionamiento Jardines de la Asunción…"), and a select shows its choice on one line, cut at
 * a phone's width; here each name wraps, with its fee and minimum under it.
 */
function ZoneField({
  zones,
  chosen,
  error,
  onChange,
}: {
  zones: StorefrontStore["delivery"]["zones"];
  chosen: string;
  error: string | undefined;
  onChange: (zoneId: string) => void;
}) {
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "sf-deliveryZone-error" : undefined}
    >
      <legend className="mb-1 text-sm font-medium">Zona de entrega</legend>
      <div className="space-y-2">
        {zones.map((zone) => (
          <label
            key={zone.id}
            className="flex items-start gap-3 rounded-lg border border-stone-400 bg-white p-3 text-stone-900"
          >
            <input
              type="radio"
              name="deliveryZone"
              value={zone.id}
              checked={chosen === zone.id}
              onChange={() => onChange(zone.id)}
              className="mt-1 size-5 shrink-0"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="block font-semibold">{zone.name}</span>
              <span className="block text-sm">
                Envío {formatMoney(zone.fee)}
                {zone.minimum > 0 ? ` · mínimo ${formatMoney(zone.minimum)}` : ""}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? <FieldError id="sf-deliveryZone-error" message={error} tone="store" /> : null}
    </fieldset>
  );
}

/**
 * A postal code that belongs to a zone picks that zone; one that belongs to none says so until
 * the shopper picks a zone from the list.
 */
function PostalCodeField({
  store,
  values,
  errors,
  onChange,
}: {
  store: StorefrontStore;
  values: OrderFormValues;
  errors: OrderFieldErrors;
  onChange: (typed: string) => void;
}) {
  const postalCode = normalizePostalCode(values.postalCode);
  const postalZone =
    postalCode.length === POSTAL_CODE_LENGTH ? findZone(store.delivery, { postalCode }) : null;
  const postalError =
    postalCode.length === POSTAL_CODE_LENGTH &&
    !postalZone &&
    !values.deliveryZone &&
    errors.deliveryZone !== ZONE_MESSAGES.postalUnknown
      ? ZONE_MESSAGES.postalUnknown
      : undefined;
  return (
    <FieldFrame
      id="sf-postalCode"
      tone="store"
      label="Código postal (opcional)"
      error={postalError}
      hint={postalZone ? ZONE_MESSAGES.postalMatch(postalZone.name) : ZONE_MESSAGES.postalHint}
      control={(aria) => (
        <input
          {...aria}
          name="postalCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={POSTAL_CODE_LENGTH}
          placeholder="20000"
          value={values.postalCode}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={INPUT}
        />
      )}
    />
  );
}
