import { plainPage } from "~/lib/plain-page.server";

/** The last-resort page for errors outside React Router's own boundaries. */
export function serverErrorPage(requestId: string) {
  return plainPage({
    title: "Algo salió mal",
    message: "Tuvimos un problema al mostrar esta página. Intenta de nuevo en unos momentos.",
    note: `Código de referencia: ${requestId.replace(/[^\w.-]/g, "")}`,
  });
}
