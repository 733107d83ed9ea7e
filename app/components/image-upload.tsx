/**
 * The logo / product-image input of the admin panel. The photo is compressed in the phone
 * (≤ 1 MB, ≤ 800 px) and uploaded to /i/admin/upload with a progress bar; the key the
 * server answers with travels in a hidden input named `name`. States: idle → compressing →
 * uploading → done, or error with a retry. Only admin pages import this module, and
 * the compression library is loaded on first use, so the storefront's JavaScript does not grow.
 */
import { useEffect, useId, useRef, useState } from "react";
import compressionLibUrl from "browser-image-compression/dist/browser-image-compression.js?url";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "~/domain/images/image-messages";
import { imageSources, MAIN_IMAGE_MAX_SIZE, type ImageKind } from "~/domain/images/image-urls";

export const UPLOAD_URL = "/i/admin/upload";

export const IMAGE_UPLOAD_LABELS = {
  waitForUpload: "Espera a que termine de subir la imagen.",
  choose: "Elegir foto",
  change: "Cambiar foto",
  remove: "Quitar foto",
  compressing: "Comprimiendo imagen…",
  uploading: "Subiendo imagen…",
  done: "Imagen lista",
  retry: "Reintentar",
  progress: "Progreso de la subida",
  preview: "Vista previa",
} as const;

type Status =
  | { state: "idle" }
  | { state: "compressing" }
  | { state: "uploading"; percent: number }
  | { state: "done" }
  | { state: "error"; message: string };

type Props = {
  kind: ImageKind;
  /** Name of the hidden input that carries the stored image's key in the surrounding form. */
  name: string;
  label: string;
  defaultKey?: string | null;
  /** Called with the new key once the server has stored the image (null when removed). */
  onChange?: (key: string | null) => void;
  /** Offer a button that clears the image. */
  removable?: boolean;
  className?: string;
};

export function ImageUpload({
  kind,
  name,
  label,
  defaultKey = null,
  onChange,
  removable = false,
  className,
}: Props) {
  const id = useId();
  const { key, status, localPreview, lastFile, start, remove } = useImageUpload(kind, defaultKey, onChange);
  const busy = status.state === "compressing" || status.state === "uploading";
  const container = useRef<HTMLDivElement>(null);
  const submitBlocked = useSubmitHeldWhile(busy, container);
  const preview = localPreview ?? (key ? imageSources(key).src : null);

  return (
    <div className={className} ref={container}>
      <input type="hidden" name={name} value={key ?? ""} />
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </span>
      <div className="flex items-start gap-3">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200">
          <ImagePreview src={preview} label={label} />
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <label
            htmlFor={id}
            className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-800 hover:bg-stone-50 ${busy ? "pointer-events-none opacity-60" : ""}`}
          >
            {key || localPreview ? IMAGE_UPLOAD_LABELS.change : IMAGE_UPLOAD_LABELS.choose}
            <span className="sr-only">: {label}</span>
            <input
              id={id}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={busy}
              aria-describedby={`${id}-status`}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = "";
                if (file) void start(file);
              }}
            />
          </label>
          {removable && key && !busy ? (
            <button
              type="button"
              onClick={remove}
              className="ml-2 min-h-11 px-2 text-sm font-medium text-red-700 underline"
            >
              {IMAGE_UPLOAD_LABELS.remove}
            </button>
          ) : null}
          <UploadStatus id={`${id}-status`} status={status} held={busy && submitBlocked} />
          {status.state === "error" && lastFile.current ? (
            <button
              type="button"
              onClick={() => lastFile.current && void start(lastFile.current)}
              className="min-h-11 rounded-lg bg-stone-900 px-3 py-2 text-sm font-semibold text-white"
            >
              {IMAGE_UPLOAD_LABELS.retry}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * The image's key and the upload's progress: a chosen file is compressed, previewed from the
 * phone's copy while it goes up, and replaced by the stored image once the server has its key.
 */
function useImageUpload(kind: ImageKind, defaultKey: string | null, onChange?: (key: string | null) => void) {
  const [key, setKey] = useState<string | null>(defaultKey);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const lastFile = useRef<File | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => request.current?.abort(), []);
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  async function start(file: File) {
    lastFile.current = file;
    request.current?.abort();
    setStatus({ state: "compressing" });
    const prepared = await compress(file);
    if (!prepared) {
      setStatus({ state: "error", message: IMAGE_MESSAGES.tooLarge });
      return;
    }
    setLocalPreview(URL.createObjectURL(prepared));
    setStatus({ state: "uploading", percent: 0 });
    const result = await send(
      prepared,
      kind,
      (percent) => setStatus({ state: "uploading", percent }),
      request,
    );
    if ("error" in result) {
      // Back to the image that is really stored (a refused file may not even be an image).
      setLocalPreview(null);
      setStatus({ state: "error", message: result.error });
      return;
    }
    setKey(result.key);
    setLocalPreview(null);
    setStatus({ state: "done" });
    onChange?.(result.key);
  }

  function remove() {
    request.current?.abort();
    setKey(null);
    setLocalPreview(null);
    setStatus({ state: "idle" });
    onChange?.(null);
  }

  return { key, status, localPreview, lastFile, start, remove };
}

/** Saving the form mid-upload would save it without the image: hold the submit until it is done. */
function useSubmitHeldWhile(busy: boolean, container: React.RefObject<HTMLDivElement | null>) {
  const [submitBlocked, setSubmitBlocked] = useState(false);
  useEffect(() => {
    setSubmitBlocked(false);
    const form = container.current?.closest("form");
    if (!busy || !form) return;
    const hold = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      setSubmitBlocked(true);
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [busy, container]);
  return submitBlocked;
}

/** The chosen or stored image, or an upload icon while there is none. */
function ImagePreview({ src, label }: { src: string | null; label: string }) {
  return src ? (
    <img
      src={src}
      alt={`${IMAGE_UPLOAD_LABELS.preview}: ${label}`}
      width={96}
      height={96}
      className="size-full object-cover"
    />
  ) : (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-8 text-stone-400"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
    >
      <path d="M3 16.5V18a3 3 0 003 3h12a3 3 0 003-3v-1.5M16.5 7.5L12 3m0 0L7.5 7.5M12 3v13.5" />
    </svg>
  );
}

/** What the upload is doing, read out as it changes; `held` when a submit waits for it. */
function UploadStatus({ id, status, held }: { id: string; status: Status; held: boolean }) {
  return (
    <div id={id} role="status" aria-live="polite" className="text-sm">
      {held ? <p className="font-medium text-red-700">{IMAGE_UPLOAD_LABELS.waitForUpload}</p> : null}
      {status.state === "compressing" ? (
        <p className="text-stone-700">{IMAGE_UPLOAD_LABELS.compressing}</p>
      ) : null}
      {status.state === "uploading" ? (
        <div className="space-y-1">
          <p className="text-stone-700">
            {IMAGE_UPLOAD_LABELS.uploading} {status.percent} %
          </p>
          <progress
            max={100}
            value={status.percent}
            aria-label={IMAGE_UPLOAD_LABELS.progress}
            className="h-2 w-full overflow-hidden rounded-full"
          />
        </div>
      ) : null}
      {status.state === "done" ? (
        <p className="font-medium text-green-800">{IMAGE_UPLOAD_LABELS.done}</p>
      ) : null}
      {status.state === "error" ? <p className="font-medium text-red-700">{status.message}</p> : null}
    </div>
  );
}

/**
 * ≤ 1 MB and ≤ 800 px, in a web worker (the library is served by us, not a CDN). A file the
 * browser cannot draw goes up as it is, so that the server's own message explains the refusal;
 * null when it is too heavy even for that.
 */
async function compress(file: File): Promise<Blob | null> {
  try {
    const { default: imageCompression } = await import("browser-image-compression");
    return await imageCompression(file, {
      maxSizeMB: 1,
      maxWidthOrHeight: MAIN_IMAGE_MAX_SIZE,
      useWebWorker: true,
      libURL: new URL(compressionLibUrl, window.location.href).href,
    });
  } catch {
    return file.size <= MAX_UPLOAD_BYTES ? file : null;
  }
}

function send(
  file: Blob,
  kind: ImageKind,
  onProgress: (percent: number) => void,
  request: React.RefObject<XMLHttpRequest | null>,
): Promise<{ key: string } | { error: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const form = new FormData();
    form.set("kind", kind);
    form.set("file", file, "imagen");
    xhr.open("POST", UPLOAD_URL);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { key?: string; message?: string } | null;
      if (xhr.status === 201 && body?.key) resolve({ key: body.key });
      else resolve({ error: body?.message ?? IMAGE_MESSAGES.uploadFailed });
    };
    xhr.onerror = () => resolve({ error: IMAGE_MESSAGES.uploadFailed });
    xhr.ontimeout = xhr.onerror;
    xhr.send(form);
  });
}
