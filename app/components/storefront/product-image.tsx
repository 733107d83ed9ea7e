import { preload } from "react-dom";
import { imageSources } from "~/domain/images/image-urls";

/** A product photo from its storage key, or a neutral block of the same size when it has none. */
export function ProductImage({
  imageKey,
  name,
  sizes,
  eager,
}: {
  imageKey: string | null;
  name: string;
  sizes: string;
  /**
   * `first`: the page's largest paint, asked for from the document's head at high priority;
   * `eager`: in the first screenful, asked for at once at the browser's own priority; `lazy`: later.
   */
  eager: "first" | "eager" | "lazy";
}) {
  if (!imageKey) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-stone-200 text-3xl font-bold text-stone-500"
      >
        {name.slice(0, 1).toUpperCase()}
      </div>
    );
  }
  const image = imageSources(imageKey);
  // The first photo is what the page's largest paint waits for: asked for from the document's head,
  // ahead of the scripts and alone at high priority, so a phone over 4G does not share its
  // bandwidth with the next photo.
  if (eager === "first") {
    preload(image.src, { as: "image", imageSrcSet: image.srcSet, imageSizes: sizes, fetchPriority: "high" });
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={400}
      height={300}
      alt={name}
      loading={eager === "lazy" ? "lazy" : "eager"}
      fetchPriority={eager === "first" ? "high" : "auto"}
      decoding="async"
      className="aspect-[4/3] w-full rounded-lg bg-stone-200 object-cover"
    />
  );
}
