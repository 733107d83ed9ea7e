import { ImageUpload } from "~/components/image-upload";

/**
 * The product image: compressed in the phone and uploaded on selection; the form submits the
 * stored key as `imageKey` ("" removes the image, which the save then deletes).
 */
export function ProductImageField({ defaultKey }: { defaultKey: string | null }) {
  return (
    <ImageUpload
      kind="product-images"
      name="imageKey"
      label="Imagen del producto"
      defaultKey={defaultKey}
      removable
    />
  );
}
