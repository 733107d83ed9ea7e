import { imageSources } from "~/domain/images/image-urls";

/**
 * The store logo. Until the shared image-upload component is wired in, this shows the current
 * logo and submits nothing (the save keeps the stored logo).
 */
export function LogoField({ defaultKey, error }: { defaultKey: string | null; error?: string }) {
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-stone-800">Logo</p>
      {defaultKey ? (
        <img src={imageSources(defaultKey).src} alt="Logo actual" width={80} height={80} className="h-20 w-20 rounded-full object-cover" />
      ) : (
        <p className="text-sm text-stone-600">Aún no tienes logo.</p>
      )}
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
