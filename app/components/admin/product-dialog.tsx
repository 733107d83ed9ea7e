import { useEffect, useRef, useState } from "react";
import { SelectField, TextField } from "~/components/field";
import type { products } from "~/db/schema";
import {
  normalizeOptions,
  PRODUCT_MESSAGES,
  ProductFormSchema,
  productFormValues,
} from "~/domain/products/product-form";
import { PRODUCT_UNITS, UNIT_LABELS, type ProductUnit } from "~/domain/products/product-units";
import { DEFAULT_STEPS } from "~/domain/products/quantity";
import { STOCK_WORDS } from "~/domain/products/stock";
import { checkChoiceGroups, toDrafts, type ChoiceFormErrors } from "~/domain/products/choice-form";
import { ChoiceGroupsFieldset } from "./choice-groups-fieldset";
import { ActionMessage } from "~/components/action-message";
import { useFormAction } from "~/components/forms/use-form-action";
import { Modal } from "./modal";
import { ProductImageField } from "./product-image-field";
import { TextAreaField } from "~/components/field";

type Product = typeof products.$inferSelect;

/** The groups as the dialog edits them; without the plan the options' stock is not shown, and saving clears it. */
const draftsOf = (product: Product | undefined, stock: boolean) =>
  toDrafts(product?.choiceGroups ?? [], stock ? (product?.optionStock ?? null) : null);

/** Add (product undefined) or edit a product, in an accessible modal. */
export function ProductDialog({
  open,
  product,
  categories,
  stock,
  onClose,
}: {
  open: boolean;
  product?: Product;
  categories: string[];
  /** The plan has stock; without it the stock fields are shown switched off. */
  stock: boolean;
  onClose: () => void;
}) {
  const save = useFormAction("/i/admin/products", PRODUCT_MESSAGES.failed);
  const [unit, setUnit] = useState<ProductUnit>(product?.unit ?? "pieza");
  const [options, setOptions] = useState<string[]>(product?.variations ?? []);
  const [draftOption, setDraftOption] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [stockErrors, setStockErrors] = useState<StockErrors>({});
  const [groups, setGroups] = useState(() => draftsOf(product, stock));
  const [choiceErrors, setChoiceErrors] = useState<ChoiceFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const editing = product !== undefined;

  const focusInvalid = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
    );

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    if (draftOption.trim() !== "") formData.append("variations", draftOption);
    // The choice groups' messages are said next to their fields, before anything else is checked.
    const choices = checkChoiceGroups(groups, unit);
    setChoiceErrors(choices.ok ? {} : choices.errors);
    if (!choices.ok) return focusInvalid();
    const parsed = ProductFormSchema.safeParse(productFormValues(formData));
    if (!parsed.success) {
      // A stock field's message is said next to it, and only there.
      const [first] = parsed.error.issues;
      const field = first?.path[0];
      if (isStockField(field)) {
        setStockErrors({ [field]: first!.message });
        setProblem(null);
        return focusInvalid();
      }
      const message = first?.message ?? PRODUCT_MESSAGES.required;
      // Editing with name, price or description missing does nothing: the dialog stays as it is.
      if (editing && message === PRODUCT_MESSAGES.required) return;
      setProblem(message);
      return;
    }
    setProblem(null);
    setStockErrors({});
    // The dialog closes on success only: after a failure what the owner typed is still there.
    if ((await save.submit(formData)).ok) onClose();
  }

  const serverResult = save.result?.ok === false ? save.result : undefined;
  // A failure is said next to the buttons, at the foot of a dialog that scrolls on a phone: it is
  // brought into view, with its "Reintentar", wherever the owner was when the save was sent.
  const failure = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem || serverResult) failure.current?.scrollIntoView({ block: "nearest" });
  }, [problem, serverResult]);
  return (
    <Modal open={open} title={editing ? "Editar producto" : "Agregar producto"} onClose={onClose}>
      <form
        ref={formRef}
        method="post"
        action="/i/admin/products"
        noValidate
        onSubmit={submit}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing ? <input type="hidden" name="productId" value={product.id} /> : null}
        <TextField label="Nombre" name="name" defaultValue={product?.name} maxLength={120} />
        <TextAreaField
          label="Descripción"
          name="description"
          defaultValue={product?.description}
          maxLength={1000}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Precio (MXN)"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            defaultValue={product ? product.price.toFixed(2) : ""}
            hint={
              groups.some((group) => group.kind === "size") ? "Con «Tamaño», el de cada tamaño." : undefined
            }
          />
          <SelectField
            label="Unidad"
            name="unit"
            value={unit}
            onChange={(event) => setUnit(event.currentTarget.value as ProductUnit)}
            options={PRODUCT_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
          />
        </div>
        {unit !== "pieza" ? <QuantityFields unit={unit} product={product} /> : null}
        <StockFields unit={unit} product={product} allowed={stock} errors={stockErrors} />
        {categories.length > 0 ? (
          <SelectField
            label="Categoría"
            name="category"
            defaultValue={product?.category ?? ""}
            placeholder="Sin categoría"
            options={categories.map((category) => ({ value: category, label: category }))}
          />
        ) : null}
        <OptionsFieldset
          options={options}
          onOptions={setOptions}
          draftOption={draftOption}
          onDraftOption={setDraftOption}
        />
        <ChoiceGroupsFieldset groups={groups} onGroups={setGroups} errors={choiceErrors} stock={stock} />
        <ProductImageField defaultKey={product?.imageKey ?? null} />
        <div ref={failure} className="scroll-my-4 space-y-2 empty:hidden">
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
          <ActionMessage
            result={serverResult}
            onRetry={async () => {
              if ((await save.retry())?.ok) onClose();
            }}
          />
        </div>
        <div className="flex gap-2">
          <button
            type="submit"
            disabled={save.submitting}
            className="flex-1 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {save.submitting ? "Guardando…" : editing ? "Guardar cambios" : "Agregar producto"}
          </button>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-stone-300 px-4 py-3 font-medium"
          >
            Cancelar
          </button>
        </div>
      </form>
    </Modal>
  );
}

const STOCK_FIELDS = ["stock", "dailyStock", "lowStockThreshold"] as const;
type StockField = (typeof STOCK_FIELDS)[number];
type StockErrors = Partial<Record<StockField, string>>;

function isStockField(field: unknown): field is StockField {
  return (STOCK_FIELDS as readonly unknown[]).includes(field);
}

/**
 * What is left, what it refills to each day and from when the store page says "Quedan N"; all
 * optional. Shown switched off, with the plans that have it, for Emprendedor.
 */
function StockFields({
  unit,
  product,
  allowed,
  errors,
}: {
  unit: ProductUnit;
  product?: Product;
  allowed: boolean;
  errors: StockErrors;
}) {
  const inputMode = unit === "pieza" ? "numeric" : "decimal";
  const amount = (value: number | null | undefined) => (value == null ? "" : String(value));
  return (
    <fieldset disabled={!allowed} className="space-y-3">
      <legend className="text-sm font-medium text-stone-800">Inventario</legend>
      {allowed ? null : <p className="text-sm text-stone-700">{STOCK_WORDS.plan}</p>}
      {product ? <input type="hidden" name="stockWas" value={amount(product.stock)} /> : null}
      <TextField
        label={unit === "pieza" ? "Inventario" : `Inventario (${unit})`}
        name="stock"
        inputMode={inputMode}
        defaultValue={amount(product?.stock)}
        hint="Lo que te queda. Vacío: sin límite."
        error={errors.stock}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Inventario diario"
          name="dailyStock"
          inputMode={inputMode}
          defaultValue={amount(product?.dailyStock)}
          hint="Se repone al abrir cada día."
          error={errors.dailyStock}
        />
        <TextField
          label="Avisar «Quedan N» desde"
          name="lowStockThreshold"
          inputMode={inputMode}
          defaultValue={amount(product?.lowStockThreshold)}
          hint="Vacío: no avisa."
          error={errors.lowStockThreshold}
        />
      </div>
    </fieldset>
  );
}

/** For a product sold by weight or volume: the step it is sold in and the least one can order. */
function QuantityFields({ unit, product }: { unit: Exclude<ProductUnit, "pieza">; product?: Product }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField
        label={`Se vende en pasos de (${unit})`}
        name="quantityStep"
        inputMode="decimal"
        placeholder={String(DEFAULT_STEPS[unit])}
        defaultValue={product?.quantityStep ?? ""}
        hint={`Vacío: ${DEFAULT_STEPS[unit]} ${unit}`}
      />
      <TextField
        label={`Mínimo (${unit})`}
        name="minQuantity"
        inputMode="decimal"
        placeholder={String(DEFAULT_STEPS[unit])}
        defaultValue={product?.minQuantity ?? ""}
        hint="Vacío: un paso"
      />
    </div>
  );
}

/**
 * The product's options (flavours, sizes), each removable, and the one being typed: the dialog
 * holds the draft, which the submit adds when the owner did not press "Agregar opción".
 */
function OptionsFieldset({
  options,
  onOptions,
  draftOption,
  onDraftOption,
}: {
  options: string[];
  onOptions: React.Dispatch<React.SetStateAction<string[]>>;
  draftOption: string;
  onDraftOption: (draft: string) => void;
}) {
  function addOption() {
    onOptions((current) => normalizeOptions([...current, draftOption]));
    onDraftOption("");
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-800">Opciones (por ejemplo sabores o tamaños)</legend>
      {options.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Opciones del producto">
          {options.map((option) => (
            <li
              key={option}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm"
            >
              {option}
              <input type="hidden" name="variations" value={option} />
              <button
                type="button"
                aria-label={`Quitar opción ${option}`}
                onClick={() => onOptions((current) => current.filter((item) => item !== option))}
                className="rounded-full px-2 text-base leading-none hover:bg-stone-200"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <TextField
          label="Nueva opción"
          className="flex-1"
          value={draftOption}
          onChange={(event) => onDraftOption(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              addOption();
            }
          }}
        />
        <button
          type="button"
          onClick={addOption}
          className="rounded-lg border border-stone-300 px-3 py-2.5 font-medium hover:bg-stone-100"
        >
          Agregar opción
        </button>
      </div>
    </fieldset>
  );
}
