import { FieldError } from "~/components/field";
import type { StorefrontStore } from "~/domain/storefront/catalogue.server";
import { INPUT } from "./form-styles";

const ERROR_ID = "sf-scheduledFor-error";

/**
 * When the order is for: as soon as possible (while the store is open), or a day and then one of
 * that day's times. A week of slots is over a hundred; a day first keeps each list short. Picking
 * a day picks its first time, so the form never holds a day without a time; the order sends the
 * time's start (`scheduledFor`), which the server checks against the slots it offers.
 */
export function ScheduleField({
  ordering,
  value,
  error,
  onChange,
}: {
  ordering: StorefrontStore["ordering"];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const days = ordering.slotDays;
  // The chosen time names its day; after an order the form empties and the day goes with it.
  const day = days.find((entry) => entry.slots.some((slot) => slot.start === value));
  if (days.length === 0) return null;

  const aria = {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error ? ERROR_ID : undefined,
  };
  const chooseDay = (date: string) =>
    onChange(days.find((entry) => entry.date === date)?.slots[0]?.start ?? "");
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">
        {ordering.asap ? "¿Para cuándo?" : "¿Para cuándo? (la tienda está cerrada ahora)"}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor="sf-scheduledFor-day" className="mb-1 block text-sm">
            Día
          </label>
          <select
            {...aria}
            id="sf-scheduledFor-day"
            value={day?.date ?? ""}
            onChange={(event) => chooseDay(event.currentTarget.value)}
            className={INPUT}
          >
            <option value="">{ordering.asap ? "Lo antes posible" : "Elige el día"}</option>
            {days.map((entry) => (
              <option key={entry.date} value={entry.date}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        {day ? (
          <div>
            <label htmlFor="sf-scheduledFor" className="mb-1 block text-sm">
              Hora
            </label>
            <select
              {...aria}
              id="sf-scheduledFor"
              name="scheduledFor"
              value={value}
              onChange={(event) => onChange(event.currentTarget.value)}
              className={INPUT}
            >
              {day.slots.map((slot) => (
                <option key={slot.start} value={slot.start}>
                  {slot.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {error ? <FieldError id={ERROR_ID} message={error} tone="store" /> : null}
    </fieldset>
  );
}
