import { ImageUpload } from "~/components/image-upload";

/**
 * The store logo: compressed in the phone and uploaded on selection; the settings form submits
 * the stored key as `logoKey` (the save deletes the logo it replaces).
 */
export function LogoField({ defaultKey, error }: { defaultKey: string | null; error?: string }) {
  return (
    <div>
      <ImageUpload kind="store-logos" name="logoKey" label="Logo" defaultKey={defaultKey} />
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
