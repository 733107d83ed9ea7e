import { FieldError, SelectField, TextField } from "~/components/field";
import { newChoiceId, type ChoiceFormErrors, type ChoiceGroupDraft } from "~/domain/products/choice-form";
import { CHOICE_LIMITS } from "~/domain/products/choices";

const KIND_OPTIONS = [
  { value: "size", label: "Tamaño: se elige 1 y fija el precio" },
  { value: "extras", label: "Extras: se suman al precio" },
];

const newOption = () => ({ id: newChoiceId(), name: "", price: "" });

/**
 * The product's choice groups ("Tamaño": Chico $30 / Grande $45; "Extras": Queso +$10), each with
 * its options and prices, sent as one JSON field (`choiceGroups`) that the server checks again.
 * Every control is a labelled field or button, so the whole list works from the keyboard.
 */
export function ChoiceGroupsFieldset({
  groups,
  onGroups,
  errors,
  stock,
}: {
  groups: ChoiceGroupDraft[];
  onGroups: (groups: ChoiceGroupDraft[]) => void;
  /** Messages by place (app/domain/products/choice-form.ts). */
  errors: ChoiceFormErrors;
  /** The plan has stock: each size option gets its own optional stock field. */
  stock: boolean;
}) {
  const change = (index: number, group: Partial<ChoiceGroupDraft>) =>
    onGroups(groups.map((current, i) => (i === index ? { ...current, ...group } : current)));
  const hasSize = groups.some((group) => group.kind === "size");

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-stone-800">Grupos de opciones con precio</legend>
      <p className="text-sm text-stone-600">
        Por ejemplo «Tamaño»: 3 piezas $45, 5 piezas $70; o «Extras»: Queso +$10.
      </p>
      <input type="hidden" name="choiceGroups" value={JSON.stringify(groups)} />
      {errors.groups ? <FieldError id="choice-groups-error" message={errors.groups} /> : null}
      {groups.map((group, g) => (
        <ChoiceGroupEditor
          key={group.id}
          index={g}
          group={group}
          errors={errors}
          stock={stock}
          onChange={(changed) => change(g, changed)}
          onRemove={() => onGroups(groups.filter((_, i) => i !== g))}
        />
      ))}
      {groups.length < CHOICE_LIMITS.groups ? (
        <button
          type="button"
          onClick={() =>
            onGroups([
              ...groups,
              {
                id: newChoiceId(),
                name: hasSize ? "Extras" : "Tamaño",
                kind: hasSize ? "extras" : "size",
                min: "0",
                max: "1",
                options: [newOption()],
              },
            ])
          }
          className="rounded-lg border border-stone-300 px-3 py-2.5 font-medium hover:bg-stone-100"
        >
          Agregar grupo de opciones
        </button>
      ) : null}
    </fieldset>
  );
}

function ChoiceGroupEditor({
  index,
  group,
  errors,
  stock,
  onChange,
  onRemove,
}: {
  index: number;
  group: ChoiceGroupDraft;
  errors: ChoiceFormErrors;
  stock: boolean;
  onChange: (group: Partial<ChoiceGroupDraft>) => void;
  onRemove: () => void;
}) {
  const setOption = (o: number, option: Partial<ChoiceGroupDraft["options"][number]>) =>
    onChange({ options: group.options.map((current, i) => (i === o ? { ...current, ...option } : current)) });
  const title = group.name.trim() || `Grupo ${index + 1}`;
  return (
    <fieldset className="space-y-3 rounded-lg border border-stone-300 p-3" data-testid="choice-group">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <TextField
        label="Nombre del grupo"
        value={group.name}
        maxLength={CHOICE_LIMITS.groupName}
        error={errors[`${index}.name`]}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
      />
      <SelectField
        label="Tipo"
        value={group.kind}
        options={KIND_OPTIONS}
        onChange={(event) => onChange({ kind: event.currentTarget.value as ChoiceGroupDraft["kind"] })}
      />
      {group.kind === "extras" ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Mínimo a elegir"
            inputMode="numeric"
            value={group.min}
            error={errors[`${index}.range`]}
            onChange={(event) => onChange({ min: event.currentTarget.value })}
          />
          <TextField
            label="Máximo a elegir"
            inputMode="numeric"
            value={group.max}
            onChange={(event) => onChange({ max: event.currentTarget.value })}
          />
        </div>
      ) : null}
      <ul className="space-y-2" aria-label={`Opciones de ${title}`}>
        {group.options.map((option, o) => (
          <li key={option.id} className="flex flex-wrap items-start gap-2">
            <TextField
              label={`Opción ${o + 1}`}
              className="min-w-0 flex-1 basis-36"
              value={option.name}
              maxLength={CHOICE_LIMITS.optionName}
              error={errors[`${index}.${o}.name`]}
              onChange={(event) => setOption(o, { name: event.currentTarget.value })}
            />
            <TextField
              label={group.kind === "size" ? "Precio (MXN)" : "Suma (MXN)"}
              className="w-28"
              inputMode="decimal"
              value={option.price}
              error={errors[`${index}.${o}.price`]}
              onChange={(event) => setOption(o, { price: event.currentTarget.value })}
            />
            {stock && group.kind === "size" ? (
              <TextField
                label="Inventario"
                aria-label={`Inventario de ${option.name || `la opción ${o + 1}`}`}
                className="w-24"
                inputMode="decimal"
                value={option.stock ?? ""}
                placeholder="Sin límite"
                error={errors[`${index}.${o}.stock`]}
                onChange={(event) => setOption(o, { stock: event.currentTarget.value })}
              />
            ) : null}
            <button
              type="button"
              aria-label={`Quitar opción ${option.name || o + 1} de ${title}`}
              onClick={() => onChange({ options: group.options.filter((_, i) => i !== o) })}
              className="mt-6 rounded-lg border border-stone-300 px-3 py-2.5 leading-none hover:bg-stone-100"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {errors[`${index}.options`] ? (
        <FieldError id={`choice-group-${group.id}-options`} message={errors[`${index}.options`]!} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {group.options.length < CHOICE_LIMITS.options ? (
          <button
            type="button"
            onClick={() => onChange({ options: [...group.options, newOption()] })}
            className="rounded-lg border border-stone-300 px-3 py-2 font-medium hover:bg-stone-100"
          >
            Agregar opción a {title}
          </button>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          className="rounded-lg border border-red-300 px-3 py-2 font-medium text-red-800 hover:bg-red-50"
        >
          Quitar grupo {title}
        </button>
      </div>
    </fieldset>
  );
}
