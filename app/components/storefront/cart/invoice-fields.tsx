import { useEffect, useState } from "react";
import { FieldFrame } from "~/components/field";
import {
  INVOICE_NAME_HELP,
  INVOICE_NAME_MAX_LENGTH,
  type InvoiceField,
} from "~/domain/invoices/invoice-form";
import { normalizeRfc, rfcKind } from "~/domain/invoices/rfc";
import { regimenesFor, usosFor } from "~/domain/invoices/sat-catalogues";
import { normalizePostalCode } from "~/domain/orders/delivery-zones";
import type { OrderFieldErrors } from "~/domain/orders/order-form";
import { loadDeviceInvoice, saveDeviceInvoice, type DeviceInvoice } from "../device-storage";
import { INPUT } from "./form-styles";

const EMPTY: DeviceInvoice = {
  wanted: false,
  rfc: "",
  name: "",
  regimenFiscal: "",
  usoCfdi: "",
  postalCode: "",
  email: "",
};

/**
 * "Requiero factura": its checkbox and the fiscal data, remembered on this device after an order
 * that asked for one, so the next order starts filled in (docs/decisions/053).
 */
export function useInvoice(offered: boolean) {
  const [invoice, setInvoice] = useState<DeviceInvoice>(EMPTY);
  // After hydration: the server's render knows nothing of this device.
  useEffect(() => {
    if (offered) setInvoice(loadDeviceInvoice() ?? EMPTY);
  }, [offered]);
  const set = (field: keyof DeviceInvoice, value: string | boolean) =>
    setInvoice((current) => ({ ...current, [field]: value }));
  /** What the order sends: the data as the form shows it when asked for, else nothing. */
  const payload = () => {
    if (!offered || !invoice.wanted) return null;
    const { wanted: _wanted, ...data } = asShown(invoice);
    return data;
  };
  // Whether it was asked for this time is remembered too: unticked, the data waits for another order.
  const remember = () => {
    if (offered) saveDeviceInvoice(asShown(invoice));
  };
  return { invoice, set, payload, remember };
}

export type InvoiceState = ReturnType<typeof useInvoice>;

/**
 * The data as the form shows it: a régimen the RFC's kind of person cannot have, or a uso the
 * régimen does not allow (one remembered from another order, or chosen before the régimen changed),
 * shows as not chosen, and is sent as not chosen, so the shopper is asked for it next to its field.
 */
function asShown(invoice: DeviceInvoice): DeviceInvoice {
  const kind = rfcKind(normalizeRfc(invoice.rfc));
  const regimenFiscal = regimenesFor(kind).some((regimen) => regimen.code === invoice.regimenFiscal)
    ? invoice.regimenFiscal
    : "";
  const usoCfdi =
    regimenFiscal && usosFor(regimenFiscal, kind).some((uso) => uso.code === invoice.usoCfdi)
      ? invoice.usoCfdi
      : "";
  return { ...invoice, regimenFiscal, usoCfdi };
}

/** The checkbox, and the form it opens: the usos offered follow the régimen and the RFC's kind. */
export function InvoiceFields({
  state,
  errors,
  clearError,
}: {
  state: InvoiceState;
  errors: OrderFieldErrors;
  clearError: (field: keyof OrderFieldErrors) => void;
}) {
  const invoice = asShown(state.invoice);
  const kind = rfcKind(normalizeRfc(invoice.rfc));
  const regimenes = regimenesFor(kind);
  const usos = invoice.regimenFiscal ? usosFor(invoice.regimenFiscal, kind) : [];
  const change = (field: InvoiceField) => (value: string) => {
    state.set(field, value);
    clearError(`invoice.${field}`);
  };
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-3 text-base font-medium">
        <input
          type="checkbox"
          name="requiresInvoice"
          checked={invoice.wanted}
          onChange={(event) => state.set("wanted", event.currentTarget.checked)}
          className="h-5 w-5"
        />
        Requiero factura
      </label>
      {invoice.wanted ? (
        <fieldset className="space-y-4">
          <legend className="sr-only">Datos para tu factura</legend>
          <InvoiceControl
            field="rfc"
            label="RFC"
            value={invoice.rfc}
            error={errors["invoice.rfc"]}
            hint="13 caracteres si eres persona física, 12 si eres persona moral."
            onChange={(value) => change("rfc")(normalizeRfc(value).slice(0, 13))}
          />
          <InvoiceControl
            field="name"
            label="Nombre o razón social"
            value={invoice.name}
            error={errors["invoice.name"]}
            hint={INVOICE_NAME_HELP}
            onChange={(value) => change("name")(value.toUpperCase().slice(0, INVOICE_NAME_MAX_LENGTH))}
          />
          <InvoiceControl
            field="regimenFiscal"
            label="Régimen fiscal"
            value={invoice.regimenFiscal}
            error={errors["invoice.regimenFiscal"]}
            options={regimenes}
            onChange={change("regimenFiscal")}
          />
          <InvoiceControl
            field="usoCfdi"
            label="Uso del CFDI"
            value={invoice.usoCfdi}
            error={errors["invoice.usoCfdi"]}
            options={usos}
            disabled={usos.length === 0}
            onChange={change("usoCfdi")}
          />
          <InvoiceControl
            field="postalCode"
            label="Código postal fiscal"
            value={invoice.postalCode}
            error={errors["invoice.postalCode"]}
            inputMode="numeric"
            onChange={(value) => change("postalCode")(normalizePostalCode(value))}
          />
          <InvoiceControl
            field="email"
            label="Correo para recibir tu factura"
            value={invoice.email}
            error={errors["invoice.email"]}
            inputMode="email"
            onChange={change("email")}
          />
        </fieldset>
      ) : null}
    </div>
  );
}

/** One field of the form: a text box, or a list of a SAT catalogue's codes when `options` are given. */
function InvoiceControl(
  props: {
    field: InvoiceField;
    label: string;
    value: string;
    error: string | undefined;
    hint?: string;
    onChange: (value: string) => void;
  } & (
    | { options: { code: string; name: string }[]; disabled?: boolean }
    | { options?: undefined; inputMode?: "numeric" | "email" }
  ),
) {
  const { field, label, value, error, hint, onChange } = props;
  const shared = {
    name: `invoice.${field}`,
    value,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange(event.currentTarget.value),
    className: INPUT,
  };
  return (
    <FieldFrame
      id={`sf-invoice-${field}`}
      tone="store"
      label={label}
      error={error}
      hint={hint}
      control={(aria) =>
        props.options ? (
          <select {...aria} {...shared} disabled={props.disabled}>
            <option value="">Elige…</option>
            {props.options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.code} · {option.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...aria}
            {...shared}
            inputMode={props.inputMode}
            autoCapitalize={field === "email" ? "off" : "characters"}
          />
        )
      }
    />
  );
}
