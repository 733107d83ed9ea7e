/**
 * What Tianguis's e-mails say: Spanish, plain text plus a simple HTML part with the
 * same words, the sender named after Tianguis or the store, and no tracking of any kind (no
 * pixels, no rewritten links). Pure: the server builds every message from these. A message about
 * an order is the order's own to word (app/domain/orders/new-order-notices.ts), in this layout.
 */
export type MailMessage = {
  to: string;
  /** The sender's display name: "Tianguis", or the store's name for a store's own messages. */
  fromName: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about, logged when no SMTP server is configured. */
  link?: string;
  /** Files sent with it (an order's invoice PDF and XML), their bytes in base64. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; base64: string };

export const TIANGUIS_SENDER = "Tianguis";
export const RESET_LINK_HOURS = 1;
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const CLAIM_LINK_DAYS = 7;

type Composition = {
  to: string;
  fromName?: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Sentences after the button (what to do if it was not you, how long the link lasts). */
  after?: string[];
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** One layout for every message: the text part and an HTML part that says the same. */
export function composeMail({
  to,
  fromName = TIANGUIS_SENDER,
  subject,
  paragraphs,
  action,
  after = [],
}: Composition) {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...after,
    "— Tianguis, el mercado en línea de los negocios locales",
  ].join("\n\n");
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line).replace(/\n/g, "<br>")}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#57534e">Si el botón no funciona, copia esta dirección en tu navegador:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = [
    `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e7e5e4">`,
    ...paragraphs.map(paragraph),
    button,
    ...after.map(paragraph),
    `<p style="margin:24px 0 0;font-size:13px;color:#57534e">Tianguis, el mercado en línea de los negocios locales</p>`,
    `</div></body></html>`,
  ].join("");
  return { to, fromName, subject, text, html, ...(action ? { link: action.url } : {}) } satisfies MailMessage;
}

/**
 * "a•••@ejemplo.com": an address as a message or a page names it to someone who may not read it
 * whole (the old address told of a change, an invitation named to another account) — enough for
 * its owner to recognise it. Its first letter and its domain, in lower case.
 */
export function maskEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  const local = at === -1 ? address : address.slice(0, at);
  return `${local.slice(0, 1)}•••@${at === -1 ? "" : address.slice(at + 1)}`;
}

export function passwordResetMail(to: string, url: string) {
  return composeMail({
    to,
    subject: "Restablece tu contraseña de Tianguis",
    paragraphs: [
      "Hola:",
      "Recibimos una solicitud para restablecer la contraseña de tu cuenta en Tianguis. Para elegir una nueva, abre este enlace.",
    ],
    action: { label: "Elegir una nueva contraseña", url },
    after: [
      `El enlace sirve una sola vez y vence en ${RESET_LINK_HOURS} hora. Al cambiar tu contraseña se cierran las sesiones abiertas en otros dispositivos.`,
      "Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.",
    ],
  });
}

export function emailChangeConfirmMail(to: string, url: string) {
  return composeMail({
    to,
    subject: "Confirma tu nuevo correo en Tianguis",
    paragraphs: [
      "Hola:",
      "Pediste usar este correo para entrar a tu cuenta de Tianguis. Confírmalo con este enlace.",
    ],
    action: { label: "Confirmar mi nuevo correo", url },
    after: [
      `El enlace sirve una sola vez y vence en ${EMAIL_CHANGE_LINK_HOURS} horas. Hasta que lo confirmes, sigues entrando con tu correo anterior.`,
      "Si no lo pediste tú, ignora este correo.",
    ],
  });
}

export function emailChangeNoticeMail(to: string, newEmail: string, accountUrl: string) {
  return composeMail({
    to,
    subject: "Pediste cambiar el correo de tu cuenta de Tianguis",
    paragraphs: [
      "Hola:",
      `Alguien con acceso a tu cuenta de Tianguis pidió cambiar su correo a ${maskEmail(newEmail)}. El cambio se hará cuando se confirme desde esa dirección.`,
      "Si fuiste tú, no tienes que hacer nada más.",
    ],
    action: { label: "Revisar mi cuenta", url: accountUrl },
    after: [
      "Si no fuiste tú, entra a tu cuenta, cambia tu contraseña y cierra las demás sesiones. Si ya no puedes entrar, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.",
    ],
  });
}

export function claimLinkMail(to: string, store: { name: string; id: string }, url: string) {
  return composeMail({
    to,
    subject: `Tu tienda ${store.name} te espera en Tianguis`,
    paragraphs: [
      "Hola:",
      `Preparamos la tienda en línea «${store.name}» en Tianguis para tu negocio. Con este enlace creas tu cuenta (o entras con la que ya tienes) y la tienda queda a tu nombre.`,
    ],
    action: { label: "Reclamar mi tienda", url },
    after: [
      `El enlace sirve una sola vez y vence en ${CLAIM_LINK_DAYS} días. Si vence, pídenos uno nuevo.`,
      "Si no esperabas este correo, ignóralo.",
    ],
  });
}

/** A domain that served the store failed its daily check: what is wrong, and where to fix it. */
export function domainFailingMail(
  to: string,
  domain: { storeName: string; host: string; problems: string[] },
  settingsUrl: string,
) {
  return composeMail({
    to,
    subject: `Tu dominio ${domain.host} dejó de funcionar`,
    paragraphs: [
      "Hola:",
      `Revisamos hoy el DNS de ${domain.host} y ya no apunta a tu tienda «${domain.storeName}», así que dejamos de mostrarla ahí. Tu tienda sigue recibiendo pedidos en su dirección de Tianguis.`,
      ...domain.problems,
      "Cuando lo corrijas, tu dominio volverá a funcionar solo en la siguiente revisión, o al presionar «Verificar».",
    ],
    action: { label: "Revisar mi dominio", url: settingsUrl },
  });
}

export function storeClosedMail(to: string, store: { name: string; id: string }, releaseDate: string) {
  return composeMail({
    to,
    subject: `Cerramos tu tienda ${store.name} en Tianguis`,
    paragraphs: [
      "Hola:",
      `Como pediste, cerramos la tienda «${store.name}» (/${store.id}) y borramos tu cuenta. La tienda ya no aparece en Tianguis, sus fotos se borraron y los nombres, teléfonos y direcciones de tus clientes se quitaron de sus pedidos.`,
      `El identificador /${store.id} quedará libre para cualquiera a partir del ${releaseDate}.`,
      "Gracias por vender con Tianguis.",
    ],
  });
}

/** "Avísame cuando haya" (docs/decisions/030): the one message a shopper asked for. */
export type RestockFacts = { to: string; storeName: string; productName: string; url: string };

export function restockMail({ to, storeName, productName, url }: RestockFacts) {
  return composeMail({
    to,
    fromName: storeName,
    subject: `¡Ya hay ${productName} en ${storeName}!`,
    paragraphs: [
      `¡Ya hay ${productName} en ${storeName}!`,
      "Nos pediste que te avisáramos cuando volviera a haber. Puede agotarse de nuevo: pídelo pronto.",
    ],
    action: { label: `Ver ${productName}`, url },
    after: ["Te escribimos una sola vez: ya borramos tu correo de este aviso."],
  });
}

/** An invitation to a store's team (docs/decisions/033). */
export function teamInvitationMail(
  to: string,
  invitation: { storeName: string; roleLabel: string; days: number },
  url: string,
) {
  return composeMail({
    to,
    subject: `Te invitaron al equipo de ${invitation.storeName} en Tianguis`,
    paragraphs: [
      "Hola:",
      `La tienda «${invitation.storeName}» te invita a su equipo en Tianguis como ${invitation.roleLabel.toLowerCase()}. Con este enlace creas tu cuenta (o entras con una que no tenga tienda) y aceptas.`,
    ],
    action: { label: "Aceptar la invitación", url },
    after: [
      `El enlace sirve una sola vez y vence en ${invitation.days} días.`,
      "Si no esperabas este correo, ignóralo.",
    ],
  });
}
