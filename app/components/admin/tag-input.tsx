import { useId, useState } from "react";
import { addTag, isTagSeparatorKey, removeLastTag, removeTag } from "~/domain/stores/category-tags";

/** Tags typed into one input: Enter, Space or comma adds; × or Backspace on empty removes. */
export function TagInput({
  label,
  name,
  tags,
  onChange,
}: {
  label: string;
  name: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (isTagSeparatorKey(event.key)) {
      event.preventDefault();
      onChange(addTag(tags, draft));
      setDraft("");
    } else if (event.key === "Backspace" && draft === "" && tags.length > 0) {
      event.preventDefault();
      onChange(removeLastTag(tags));
    }
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-stone-300 bg-white p-2">
        <ul className="contents" aria-label="Categorías agregadas">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {tag}
              <input type="hidden" name={name} value={tag} />
              <button
                type="button"
                onClick={() => onChange(removeTag(tags, tag))}
                aria-label={`Quitar ${tag}`}
                className="rounded-full px-2 text-base leading-none hover:bg-brand-200"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // A pasted or typed comma splits as the key would.
            if (value.includes(",")) {
              onChange(value.split(",").reduce((next, part) => addTag(next, part), tags));
              setDraft("");
            } else setDraft(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim() !== "") {
              onChange(addTag(tags, draft));
              setDraft("");
            }
          }}
          aria-describedby={`${id}-hint`}
          className="min-w-32 flex-1 border-0 p-1 text-base focus:ring-0"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
        Escribe una categoría y presiona Enter, espacio o coma para agregarla.
      </p>
    </div>
  );
}
