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
  eager: boolean;
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
  // The first screenful's photos are what the page's largest paint waits for: asked for from the
  // document's head, ahead of the scripts, so a phone over 4G paints them first.
  if (eager) {
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
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      className="aspect-[4/3] w-full rounded-lg bg-stone-200 object-cover"
    />
  );
}
