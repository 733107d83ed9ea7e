import { useState } from "react";
import { useFormAction } from "~/components/forms/use-form-action";
import type { storeSettings } from "~/db/schema";
import type { DeliveryZone } from "~/domain/orders/delivery-zones";
import { SLOT_MINUTES } from "~/domain/orders/scheduling";
import { WEEKDAY_NAMES, type HoursException, type TimeRange } from "~/domain/stores/opening-hours";
import { parsePostalCodes, SHOP_RULES_MESSAGES } from "~/domain/orders/shop-rules-form";
import { LabelledInput, PanelForm } from "./panel-form";

type Settings = typeof storeSettings.$inferSelect;
const ACTION = "/i/admin/shop-rules";
/** Monday first, as a week is read in Mexico; values are Date.getDay() indexes. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const INPUT = "rounded-lg border border-stone-300 px-2 py-2 text-base";
const SMALL_BUTTON = "rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100";

/** Configuración → Horario y pedidos, and Zonas de entrega. */
export function ShopRulesPanel({ settings }: { settings: Settings }) {
  return (
    <div className="space-y-6">
      <HoursForm settings={settings} />
      <ZonesForm settings={settings} />
    </div>
  );
}

function HoursForm({ settings }: { settings: Settings }) {
  const save = useFormAction(ACTION, SHOP_RULES_MESSAGES.failed);
  const [weekly, setWeekly] = useState<TimeRange[][]>(settings.openingHours.weekly);
  const [exceptions, setExceptions] = useState<HoursException[]>(settings.openingHours.exceptions);
  const [outsideHours, setOutsideHours] = useState(settings.outsideHours);
  const [slotMinutes, setSlotMinutes] = useState(String(settings.slotMinutes));
  const [leadMinutes, setLeadMinutes] = useState(String(settings.leadMinutes));
  const [slotCapacity, setSlotCapacity] = useState(
    settings.slotCapacity === null ? "" : String(settings.slotCapacity),
  );
  const setDay = (day: number, ranges: TimeRange[]) =>
    setWeekly((current) => current.map((existing, index) => (index === day ? ranges : existing)));
  const [copied, setCopied] = useState("");
  const copyDay = (from: number, to: "all" | "weekdays") => {
    setWeekly((current) => copyHours(current, from, to === "all" ? WEEK_ORDER : WORKDAYS));
    setCopied(
      `Horario del ${WEEKDAY_NAMES[from]} copiado ${to === "all" ? "a todos los días" : "de lunes a viernes"}. Guarda para aplicarlo.`,
    );
  };
  const payload = JSON.stringify({
    openingHours: { weekly, exceptions },
    outsideHours,
    slotMinutes,
    leadMinutes,
    slotCapacity,
  });
  return (
    <PanelForm
      id="hours-title"
      title="Horario"
      description="Sin horario, tu tienda recibe pedidos a cualquier hora. Un horario que cierra después de medianoche (por ejemplo 19:00 a 02:00) sigue abierto hasta el día siguiente."
      action={ACTION}
      intent="hours"
      hidden={{ payload }}
      save={save}
      submitLabel="Guardar horario"
    >
      <ul className="space-y-3" aria-label="Horario por día">
        {WEEK_ORDER.map((day) => (
          <li key={day} className="space-y-2">
            <p className="font-medium capitalize">{WEEKDAY_NAMES[day]}</p>
            {weekly[day]!.length === 0 ? <p className="text-sm text-stone-600">Cerrado</p> : null}
            <RangesEditor
              label={WEEKDAY_NAMES[day]!}
              ranges={weekly[day]!}
              onChange={(ranges) => setDay(day, ranges)}
            />
            {weekly[day]!.length > 0 ? <CopyDayActions day={day} onCopy={copyDay} /> : null}
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm font-medium text-stone-800 empty:hidden">
        {copied}
      </p>
      <fieldset className="space-y-2">
        <legend className="font-medium">Días especiales</legend>
        {exceptions.map((exception, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            <label className="text-sm">
              <span className="sr-only">Fecha del día especial {index + 1}</span>
              <input
                type="date"
                value={exception.date}
                onChange={(event) => {
                  const date = event.currentTarget.value;
                  setExceptions((current) =>
                    current.map((entry, i) => (i === index ? { ...entry, date } : entry)),
                  );
                }}
                className={INPUT}
              />
            </label>
            <span className="text-sm">Cerrado todo el día</span>
            <button
              type="button"
              onClick={() => setExceptions((current) => current.filter((_, i) => i !== index))}
              className={SMALL_BUTTON}
            >
              Quitar
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() => setExceptions((current) => [...current, { date: "", ranges: [] }])}
          className={SMALL_BUTTON}
        >
          Agregar día cerrado
        </button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="font-medium">Pedidos fuera de horario</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="outside"
            checked={outsideHours === "refuse"}
            onChange={() => setOutsideHours("refuse")}
            className="size-5"
          />
          No recibir pedidos (se muestra cuándo abres)
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="outside"
            checked={outsideHours === "schedule"}
            onChange={() => setOutsideHours("schedule")}
            className="size-5"
          />
          Recibir pedidos programados para cuando abras
        </label>
        {outsideHours === "schedule" ? (
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="text-sm font-medium">
              Duración de cada horario
              <select
                value={slotMinutes}
                onChange={(event) => setSlotMinutes(event.currentTarget.value)}
                className={`mt-1 block w-full ${INPUT}`}
              >
                {SLOT_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes} minutos
                  </option>
                ))}
              </select>
            </label>
            <LabelledInput
              label="Anticipación mínima (minutos)"
              inputMode="numeric"
              value={leadMinutes}
              onChange={(event) => setLeadMinutes(event.currentTarget.value)}
            />
            <LabelledInput
              label="Pedidos por horario (opcional)"
              inputMode="numeric"
              value={slotCapacity}
              onChange={(event) => setSlotCapacity(event.currentTarget.value)}
            />
          </div>
        ) : null}
      </fieldset>
    </PanelForm>
  );
}

/** Monday to Friday, as Date.getDay() indexes. */
const WORKDAYS = [1, 2, 3, 4, 5];

/** The week with `from`'s periods on each of `days` (each day its own copy of them). */
function copyHours(weekly: TimeRange[][], from: number, days: number[]): TimeRange[][] {
  const source = weekly[from]!;
  return weekly.map((ranges, day) => (days.includes(day) ? source.map((range) => ({ ...range })) : ranges));
}

/** One day's periods onto the whole week or onto Monday to Friday, instead of adding them day by day. */
function CopyDayActions({
  day,
  onCopy,
}: {
  day: number;
  onCopy: (day: number, to: "all" | "weekdays") => void;
}) {
  const name = WEEKDAY_NAMES[day]!;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={() => onCopy(day, "all")}
        aria-label={`Copiar el horario del ${name} a todos los días`}
        className={SMALL_BUTTON}
      >
        Copiar a todos los días
      </button>
      <button
        type="button"
        onClick={() => onCopy(day, "weekdays")}
        aria-label={`Copiar el horario del ${name} de lunes a viernes`}
        className={SMALL_BUTTON}
      >
        Copiar de lunes a viernes
      </button>
    </div>
  );
}

function RangesEditor({
  label,
  ranges,
  onChange,
}: {
  label: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
}) {
  const update = (index: number, field: keyof TimeRange, value: string) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, [field]: value } : range)));
  return (
    <div className="space-y-2">
      {ranges.map((range, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <label>
            <span className="sr-only">
              Abre ({label}, horario {index + 1})
            </span>
            <input
              type="time"
              value={range.open}
              onChange={(event) => update(index, "open", event.currentTarget.value)}
              className={INPUT}
            />
          </label>
          <span aria-hidden="true">a</span>
          <label>
            <span className="sr-only">
              Cierra ({label}, horario {index + 1})
            </span>
            <input
              type="time"
              value={range.close}
              onChange={(event) => update(index, "close", event.currentTarget.value)}
              className={INPUT}
            />
          </label>
          <button
            type="button"
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
            aria-label={`Quitar horario ${index + 1} del ${label}`}
            className={SMALL_BUTTON}
          >
            Quitar
          </button>
        </div>
      ))}
      {ranges.length < 4 ? (
        <button
          type="button"
          onClick={() => onChange([...ranges, { open: "09:00", close: "18:00" }])}
          aria-label={`Agregar horario el ${label}`}
          className={SMALL_BUTTON}
        >
          Agregar horario
        </button>
      ) : null}
    </div>
  );
}

type ZoneDraft = Omit<DeliveryZone, "fee" | "minimum" | "postalCodes"> & {
  fee: string;
  minimum: string;
  postalCodes: string;
};

function ZonesForm({ settings }: { settings: Settings }) {
  const save = useFormAction(ACTION, SHOP_RULES_MESSAGES.failed);
  const pricing = settings.deliveryPricing;
  const [zones, setZones] = useState<ZoneDraft[]>(
    pricing.zones.map((zone) => ({
      ...zone,
      fee: String(zone.fee),
      minimum: String(zone.minimum),
      postalCodes: zone.postalCodes.join(", "),
    })),
  );
  const [flatFee, setFlatFee] = useState(String(pricing.flatFee));
  const [freeOver, setFreeOver] = useState(pricing.freeOver === null ? "" : String(pricing.freeOver));
  const payload = JSON.stringify({
    zones: zones.map((zone) => ({ ...zone, postalCodes: parsePostalCodes(zone.postalCodes) })),
    flatFee,
    freeOver,
  });
  const setZone = (index: number, field: keyof ZoneDraft, value: string) =>
    setZones((current) => current.map((zone, i) => (i === index ? { ...zone, [field]: value } : zone)));
  return (
    <PanelForm
      id="zones-title"
      title="Zonas de entrega"
      description="Sin zonas, el envío cuesta lo mismo en todas partes. Con zonas, tu cliente elige la suya y paga su envío."
      action={ACTION}
      intent="zones"
      hidden={{ payload }}
      save={save}
      submitLabel="Guardar zonas de entrega"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledInput
          label="Envío sin zonas ($)"
          inputMode="decimal"
          value={flatFee}
          onChange={(event) => setFlatFee(event.currentTarget.value)}
        />
        <LabelledInput
          label="Envío gratis desde ($, opcional)"
          inputMode="decimal"
          value={freeOver}
          onChange={(event) => setFreeOver(event.currentTarget.value)}
        />
      </div>
      <ul className="space-y-3" aria-label="Zonas">
        {zones.map((zone, index) => (
          <li key={zone.id} className="grid gap-2 rounded-lg bg-stone-50 p-3 sm:grid-cols-2">
            <LabelledInput
              label="Zona o colonia"
              value={zone.name}
              maxLength={80}
              onChange={(event) => setZone(index, "name", event.currentTarget.value)}
            />
            <LabelledInput
              label="Códigos postales (opcional)"
              value={zone.postalCodes}
              inputMode="numeric"
              onChange={(event) => setZone(index, "postalCodes", event.currentTarget.value)}
            />
            <LabelledInput
              label="Costo de envío ($)"
              value={zone.fee}
              inputMode="decimal"
              onChange={(event) => setZone(index, "fee", event.currentTarget.value)}
            />
            <LabelledInput
              label="Pedido mínimo ($)"
              value={zone.minimum}
              inputMode="decimal"
              onChange={(event) => setZone(index, "minimum", event.currentTarget.value)}
            />
            <button
              type="button"
              onClick={() => setZones((current) => current.filter((_, i) => i !== index))}
              className={`${SMALL_BUTTON} sm:col-span-2 sm:justify-self-start`}
            >
              Quitar zona
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          setZones((current) => [
            ...current,
            { id: `zona-${Date.now().toString(36)}`, name: "", postalCodes: "", fee: "0", minimum: "0" },
          ])
        }
        className={SMALL_BUTTON}
      >
        Agregar zona
      </button>
    </PanelForm>
  );
}
