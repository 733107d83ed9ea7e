import { EVENT_LABELS } from "~/domain/orders/order-steps";
import type { TemplateKind } from "~/domain/orders/status-messages";

/** One "Avisar por WhatsApp" button: the shopper's chat, opened with the text for this change. */
export function WhatsappStatusLink({ kind, href }: { kind: TemplateKind; href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label={`Avisar por WhatsApp: ${EVENT_LABELS[kind]}`}
      className="rounded-full border border-green-600 px-3 py-1.5 font-medium text-green-900 hover:bg-green-50"
    >
      {EVENT_LABELS[kind]}
    </a>
  );
}
