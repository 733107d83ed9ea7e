/** The last-resort page for errors outside React Router's own boundaries. */
export function serverErrorPage(requestId: string) {
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Algo salió mal · Tianguis</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}a{color:#2563eb}</style></head><body><h1>Algo salió mal</h1><p>Tuvimos un problema al mostrar esta página. Intenta de nuevo en unos momentos.</p><p><a href="/">Volver al inicio</a></p><p><small>Código de referencia: ${requestId.replace(/[^\w.-]/g, "")}</small></p></body></html>`;
}
