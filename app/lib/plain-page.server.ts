/**
 * A small Spanish page without React, for answers outside the router's boundaries: the server's
 * last-resort error page, and a guard's 403/404 to a page request that reached a resource route
 * (a form sent before the panel's JavaScript arrived).
 */
export function plainPage({
  title,
  message,
  note,
  link = { href: "/", label: "Volver al inicio" },
}: {
  title: string;
  message: string;
  note?: string;
  link?: { href: string; label: string };
}) {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)} · Tianguis</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}a{color:#9a3412}</style></head><body><h1>${escape(title)}</h1><p>${escape(message)}</p><p><a href="${escape(link.href)}">${escape(link.label)}</a></p>${note ? `<p><small>${escape(note)}</small></p>` : ""}</body></html>`;
}
