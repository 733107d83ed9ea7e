import { useId } from "react";
import { shareTexts } from "~/domain/share/share-links";
import { CopyButton } from "./copy-button";

const DOWNLOADS = [
  { href: "/i/admin/share/poster.pdf?tamano=a4", label: "Cartel A4 (PDF)" },
  { href: "/i/admin/share/poster.pdf?tamano=media-carta", label: "Cartel media carta (PDF)" },
  { href: "/i/admin/share/qr.png", label: "Código QR (PNG)" },
];

/** Configuración → "Comparte tu tienda": the counter poster, the QR alone and ready texts. */
export function ShareKitPanel({ storeName, address }: { storeName: string; address: string }) {
  const texts = shareTexts(storeName, address);
  return (
    <section
      aria-labelledby="share-kit-title"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-stone-200"
    >
      <div>
        <h3 id="share-kit-title" className="text-lg font-semibold">
          Comparte tu tienda
        </h3>
        <p className="text-sm text-stone-700">
          Imprime el cartel para tu mostrador: tus clientes escanean el código y piden desde su celular.
        </p>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src="/i/admin/share/qr.png"
          alt={`Código QR de ${address}`}
          width={144}
          height={144}
          loading="lazy"
          className="h-36 w-36 shrink-0 self-center rounded-lg ring-1 ring-stone-200"
        />
        <ul className="flex flex-1 flex-col gap-2" aria-label="Descargas">
          {DOWNLOADS.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                download
                className="block rounded-lg border border-brand-300 px-3 py-2.5 text-center text-sm font-semibold text-brand-900 hover:bg-brand-50"
              >
                Descargar {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <ReadyText label="Texto para tu estado de WhatsApp" text={texts.whatsapp} />
      <ReadyText label="Texto para Facebook" text={texts.facebook} />
    </section>
  );
}

function ReadyText({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={text}
        rows={3}
        className="block w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-sm text-stone-900"
      />
      <CopyButton text={text} label="Copiar texto" />
    </div>
  );
}
