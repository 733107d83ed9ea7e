import { imageSources } from "~/domain/images/image-urls";

/**
 * The product image. Until the shared image-upload component is wired in, this shows the
 * current image and submits nothing (the save keeps it).
 */
export function ProductImageField({ defaultKey }: { defaultKey: string | null }) {
  if (!defaultKey) return null;
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-stone-800">Imagen</p>
      <img src={imageSources(defaultKey).src} alt="Imagen actual del producto" width={96} height={96} className="h-24 w-24 rounded-lg object-cover" />
    </div>
  );
}
