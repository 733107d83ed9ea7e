import { DEFAULT_STORE_NAME, type ColorField } from "~/domain/stores/settings-form";

/** Black or white, whichever reads better on the given #rrggbb background. */
export function readableTextColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.179 ? "#111827" : "#ffffff";
}

/** A small storefront drawn with the colours being edited, updated as the owner picks them. */
export function StorePreview({ name, colors }: { name: string; colors: Record<ColorField, string> }) {
  return (
    <figure
      aria-label="Vista previa de tu tienda"
      className="overflow-hidden rounded-xl ring-1 ring-stone-300"
    >
      <div
        data-testid="store-preview"
        className="space-y-3 p-3"
        style={{ backgroundColor: colors.backgroundColor, color: readableTextColor(colors.backgroundColor) }}
      >
        <div
          className="rounded-lg px-3 py-2 font-bold"
          style={{ backgroundColor: colors.primaryColor, color: readableTextColor(colors.primaryColor) }}
        >
          {name || DEFAULT_STORE_NAME}
        </div>
        <div
          className="rounded-lg p-3"
          style={{
            backgroundColor: colors.panelBackgroundColor,
            color: readableTextColor(colors.panelBackgroundColor),
          }}
        >
          <div
            className="rounded-lg p-3 shadow-sm"
            style={{
              backgroundColor: colors.productBackgroundColor,
              color: readableTextColor(colors.productBackgroundColor),
            }}
          >
            <p className="font-semibold">Producto de ejemplo</p>
            <p className="text-sm">$25.00 / pieza</p>
            <span
              className="mt-2 inline-block rounded-md px-3 py-1 text-sm font-semibold"
              style={{
                backgroundColor: colors.secondaryColor,
                color: readableTextColor(colors.secondaryColor),
              }}
            >
              Agregar
            </span>
          </div>
        </div>
      </div>
      <figcaption className="bg-white px-3 py-2 text-xs text-stone-700">Vista previa</figcaption>
    </figure>
  );
}
