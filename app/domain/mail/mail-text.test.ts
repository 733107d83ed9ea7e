import { describe, expect, it } from "vitest";
import {
  CLAIM_LINK_DAYS,
  EMAIL_CHANGE_LINK_HOURS,
  RESET_LINK_HOURS,
  TIANGUIS_SENDER,
  claimLinkMail,
  composeMail,
  domainFailingMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  maskEmail,
  passwordResetMail,
  restockMail,
  storeClosedMail,
  teamInvitationMail,
} from "./mail-text";

const ORIGIN = "https://tianguis.mx";
const SIGNATURE = "— Tianguis, el mercado en línea de los negocios locales";

/** The visible words of the HTML part, paragraph by paragraph, with entities left as they are. */
const htmlParagraphs = (html: string) =>
  [...html.matchAll(/<p style="margin:0 0 16px;line-height:1\.5">(.*?)<\/p>/g)].map((match) => match[1]);

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("composeMail", () => {
  it("says the same in text and HTML, escapes what it is given, and links only where it is told", () => {
    const mail = composeMail({
      to: "ana@example.com",
      subject: "Prueba <1>",
      paragraphs: ['Hola "Ana" & <script>'],
      action: { label: "Abrir", url: "https://tianguis.mx/i/x?a=1&b=2" },
    });
    expect(mail.text).toContain('Hola "Ana" & <script>');
    expect(mail.text).toContain("Abrir:\nhttps://tianguis.mx/i/x?a=1&b=2");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Hola &#34;Ana&#34; &#38; &#60;script&#62;");
    expect(hrefs(mail.html)).toEqual(["https://tianguis.mx/i/x?a=1&#38;b=2"]);
    // No tracking: no images, no pixels.
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.link).toBe("https://tianguis.mx/i/x?a=1&b=2");
    expect(mail.fromName).toBe("Tianguis");
  });

  it("lays out paragraphs, the link, the sentences after it and the signature in that order", () => {
    const mail = composeMail({
      to: "ana@example.com",
      fromName: "Tienda <Ana>",
      subject: "Asunto",
      paragraphs: ["Primero", "Segundo"],
      action: { label: "Abrir", url: `${ORIGIN}/i/x` },
      after: ["Después"],
    });
    expect(mail).toEqual({
      to: "ana@example.com",
      fromName: "Tienda <Ana>",
      subject: "Asunto",
      text: `Primero\n\nSegundo\n\nAbrir:\n${ORIGIN}/i/x\n\nDespués\n\n${SIGNATURE}`,
      html:
        '<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Asunto</title></head>' +
        '<body style="margin:0;padding:24px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">' +
        '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e7e5e4">' +
        '<p style="margin:0 0 16px;line-height:1.5">Primero</p>' +
        '<p style="margin:0 0 16px;line-height:1.5">Segundo</p>' +
        '<p style="margin:24px 0"><a href="https://tianguis.mx/i/x" style="background:#c2410c;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">Abrir</a></p>' +
        '<p style="margin:0 0 16px;font-size:13px;color:#57534e">Si el botón no funciona, copia esta dirección en tu navegador:<br><span style="word-break:break-all">https://tianguis.mx/i/x</span></p>' +
        '<p style="margin:0 0 16px;line-height:1.5">Después</p>' +
        '<p style="margin:24px 0 0;font-size:13px;color:#57534e">Tianguis, el mercado en línea de los negocios locales</p>' +
        "</div></body></html>",
      link: "https://tianguis.mx/i/x",
    });
  });

  it("has no button, no link and no sentences after it when it is given no action", () => {
    const mail = composeMail({ to: "ana@example.com", subject: "Aviso", paragraphs: ["Solo esto."] });
    expect(mail.text).toBe(`Solo esto.\n\n${SIGNATURE}`);
    expect(mail.html).toBe(
      '<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Aviso</title></head>' +
        '<body style="margin:0;padding:24px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">' +
        '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e7e5e4">' +
        '<p style="margin:0 0 16px;line-height:1.5">Solo esto.</p>' +
        '<p style="margin:24px 0 0;font-size:13px;color:#57534e">Tianguis, el mercado en línea de los negocios locales</p>' +
        "</div></body></html>",
    );
    expect(mail).not.toHaveProperty("link");
    expect(hrefs(mail.html)).toEqual([]);
    expect(mail.fromName).toBe(TIANGUIS_SENDER);
  });

  it("escapes every HTML special character in the subject, the label, the link and the sentences", () => {
    const mail = composeMail({
      to: "ana@example.com",
      subject: `A&B <"C'>`,
      paragraphs: [`Uno & <dos> "tres" 'cuatro'`],
      action: { label: `Ver <"todo"> & 'más'`, url: `${ORIGIN}/i/x?a="1"&b='2'<>` },
      after: [`Fin <b>"ya"</b> & 'listo'`],
    });
    expect(mail.html).toContain("<title>A&#38;B &#60;&#34;C&#39;&#62;</title>");
    expect(htmlParagraphs(mail.html)).toEqual([
      "Uno &#38; &#60;dos&#62; &#34;tres&#34; &#39;cuatro&#39;",
      "Fin &#60;b&#62;&#34;ya&#34;&#60;/b&#62; &#38; &#39;listo&#39;",
    ]);
    expect(hrefs(mail.html)).toEqual(["https://tianguis.mx/i/x?a=&#34;1&#34;&#38;b=&#39;2&#39;&#60;&#62;"]);
    expect(mail.html).toContain(">Ver &#60;&#34;todo&#34;&#62; &#38; &#39;más&#39;</a>");
    expect(mail.html).toContain(
      '<span style="word-break:break-all">https://tianguis.mx/i/x?a=&#34;1&#34;&#38;b=&#39;2&#39;&#60;&#62;</span>',
    );
    // The text part is plain text: nothing in it is escaped.
    expect(mail.subject).toBe(`A&B <"C'>`);
    expect(mail.text).toContain(`Uno & <dos> "tres" 'cuatro'`);
    expect(mail.text).toContain(`Ver <"todo"> & 'más':\n${ORIGIN}/i/x?a="1"&b='2'<>`);
  });

  it("leaves letters, accents and other punctuation as they are in the HTML part", () => {
    const mail = composeMail({
      to: "ana@example.com",
      subject: "Ñu",
      paragraphs: ["Año: ¿sí? «no» — 100% $5 #1"],
    });
    expect(htmlParagraphs(mail.html)).toEqual(["Año: ¿sí? «no» — 100% $5 #1"]);
  });

  it("turns every line break inside a paragraph into <br> in the HTML part", () => {
    const mail = composeMail({ to: "ana@example.com", subject: "Lista", paragraphs: ["uno\ndos\ntres"] });
    expect(htmlParagraphs(mail.html)).toEqual(["uno<br>dos<br>tres"]);
    expect(mail.text).toBe(`uno\ndos\ntres\n\n${SIGNATURE}`);
  });
});

describe("maskEmail", () => {
  it("keeps the first letter and the domain, in lower case", () => {
    expect(maskEmail("nuevo@example.com")).toBe("n•••@example.com");
    expect(maskEmail("  Ana.Garcia@Correo.MX ")).toBe("a•••@correo.mx");
  });

  it("shows only dots before the @ when the address has no letters before it", () => {
    expect(maskEmail("@example.com")).toBe("•••@example.com");
  });

  it("shows nothing after the @ when the address has no domain", () => {
    expect(maskEmail("nuevo")).toBe("n•••@");
  });
});

describe("passwordResetMail", () => {
  const url = `${ORIGIN}/i/restablecer/abc`;
  // Built inside each test: a message built while the file is collected would escape mutation testing.
  const build = () => passwordResetMail("ana@example.com", url);

  it("comes from Tianguis to the account's address with the reset link", () => {
    const mail = build();
    expect(mail.to).toBe("ana@example.com");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Restablece tu contraseña de Tianguis");
    expect(mail.link).toBe(url);
    expect(hrefs(mail.html)).toEqual([url]);
  });

  it("writes the reset e-mail in Spanish with its hour and its link", () => {
    const mail = build();
    expect(RESET_LINK_HOURS).toBe(1);
    expect(mail.text).toBe(
      [
        "Hola:",
        "Recibimos una solicitud para restablecer la contraseña de tu cuenta en Tianguis. Para elegir una nueva, abre este enlace.",
        `Elegir una nueva contraseña:\n${url}`,
        "El enlace sirve una sola vez y vence en 1 hora. Al cambiar tu contraseña se cierran las sesiones abiertas en otros dispositivos.",
        "Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.",
        SIGNATURE,
      ].join("\n\n"),
    );
  });

  it("says the same words in the HTML part", () => {
    const mail = build();
    expect(htmlParagraphs(mail.html)).toEqual([
      "Hola:",
      "Recibimos una solicitud para restablecer la contraseña de tu cuenta en Tianguis. Para elegir una nueva, abre este enlace.",
      "El enlace sirve una sola vez y vence en 1 hora. Al cambiar tu contraseña se cierran las sesiones abiertas en otros dispositivos.",
      "Si no lo pediste tú, ignora este correo: tu contraseña sigue igual.",
    ]);
    expect(mail.html).toContain(">Elegir una nueva contraseña</a>");
  });
});

describe("emailChangeConfirmMail", () => {
  const url = `${ORIGIN}/i/confirmar-correo/xyz`;
  // Built inside each test: a message built while the file is collected would escape mutation testing.
  const build = () => emailChangeConfirmMail("nuevo@example.com", url);

  it("goes to the new address from Tianguis with the confirmation link", () => {
    const mail = build();
    expect(mail.to).toBe("nuevo@example.com");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Confirma tu nuevo correo en Tianguis");
    expect(mail.link).toBe(url);
    expect(hrefs(mail.html)).toEqual([url]);
  });

  it("says in Spanish that the link lasts 24 hours and the old address works until then", () => {
    const mail = build();
    expect(EMAIL_CHANGE_LINK_HOURS).toBe(24);
    expect(mail.text).toBe(
      [
        "Hola:",
        "Pediste usar este correo para entrar a tu cuenta de Tianguis. Confírmalo con este enlace.",
        `Confirmar mi nuevo correo:\n${url}`,
        "El enlace sirve una sola vez y vence en 24 horas. Hasta que lo confirmes, sigues entrando con tu correo anterior.",
        "Si no lo pediste tú, ignora este correo.",
        SIGNATURE,
      ].join("\n\n"),
    );
    expect(htmlParagraphs(mail.html)).toEqual([
      "Hola:",
      "Pediste usar este correo para entrar a tu cuenta de Tianguis. Confírmalo con este enlace.",
      "El enlace sirve una sola vez y vence en 24 horas. Hasta que lo confirmes, sigues entrando con tu correo anterior.",
      "Si no lo pediste tú, ignora este correo.",
    ]);
    expect(mail.html).toContain(">Confirmar mi nuevo correo</a>");
  });
});

describe("emailChangeNoticeMail", () => {
  const accountUrl = `${ORIGIN}/i/cuenta`;
  // Built inside each test: a message built while the file is collected would escape mutation testing.
  const build = () => emailChangeNoticeMail("ana@example.com", "nuevo@otro.mx", accountUrl);

  it("goes to the current address from Tianguis and links to the account", () => {
    const mail = build();
    expect(mail.to).toBe("ana@example.com");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Pediste cambiar el correo de tu cuenta de Tianguis");
    expect(mail.link).toBe(accountUrl);
    expect(hrefs(mail.html)).toEqual([accountUrl]);
  });

  it("names the new address only masked and says what to do if it was not you", () => {
    const mail = build();
    expect(mail.text).toBe(
      [
        "Hola:",
        "Alguien con acceso a tu cuenta de Tianguis pidió cambiar su correo a n•••@otro.mx. El cambio se hará cuando se confirme desde esa dirección.",
        "Si fuiste tú, no tienes que hacer nada más.",
        `Revisar mi cuenta:\n${accountUrl}`,
        "Si no fuiste tú, entra a tu cuenta, cambia tu contraseña y cierra las demás sesiones. Si ya no puedes entrar, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.",
        SIGNATURE,
      ].join("\n\n"),
    );
    expect(mail.text).not.toContain("nuevo@otro.mx");
    expect(mail.html).not.toContain("nuevo@otro.mx");
    expect(htmlParagraphs(mail.html)).toEqual([
      "Hola:",
      "Alguien con acceso a tu cuenta de Tianguis pidió cambiar su correo a n•••@otro.mx. El cambio se hará cuando se confirme desde esa dirección.",
      "Si fuiste tú, no tienes que hacer nada más.",
      "Si no fuiste tú, entra a tu cuenta, cambia tu contraseña y cierra las demás sesiones. Si ya no puedes entrar, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión.",
    ]);
    expect(mail.html).toContain(">Revisar mi cuenta</a>");
  });
});

describe("claimLinkMail", () => {
  const url = `${ORIGIN}/i/reclamar/tok`;

  it("names the store in the subject and the body, with the 7-day claim link", () => {
    const mail = claimLinkMail("dueno@example.com", { name: "Panadería La Espiga", id: "la-espiga" }, url);
    expect(CLAIM_LINK_DAYS).toBe(7);
    expect(mail.to).toBe("dueno@example.com");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Tu tienda Panadería La Espiga te espera en Tianguis");
    expect(mail.link).toBe(url);
    expect(hrefs(mail.html)).toEqual([url]);
    expect(mail.text).toBe(
      [
        "Hola:",
        "Preparamos la tienda en línea «Panadería La Espiga» en Tianguis para tu negocio. Con este enlace creas tu cuenta (o entras con la que ya tienes) y la tienda queda a tu nombre.",
        `Reclamar mi tienda:\n${url}`,
        "El enlace sirve una sola vez y vence en 7 días. Si vence, pídenos uno nuevo.",
        "Si no esperabas este correo, ignóralo.",
        SIGNATURE,
      ].join("\n\n"),
    );
    expect(htmlParagraphs(mail.html)).toEqual([
      "Hola:",
      "Preparamos la tienda en línea «Panadería La Espiga» en Tianguis para tu negocio. Con este enlace creas tu cuenta (o entras con la que ya tienes) y la tienda queda a tu nombre.",
      "El enlace sirve una sola vez y vence en 7 días. Si vence, pídenos uno nuevo.",
      "Si no esperabas este correo, ignóralo.",
    ]);
    expect(mail.html).toContain(">Reclamar mi tienda</a>");
  });

  it("escapes a store name with HTML in it, in the title and the body", () => {
    const mail = claimLinkMail("dueno@example.com", { name: `<b>"Tacos" & 'Más'</b>`, id: "tacos" }, url);
    expect(mail.subject).toBe(`Tu tienda <b>"Tacos" & 'Más'</b> te espera en Tianguis`);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain(
      "<title>Tu tienda &#60;b&#62;&#34;Tacos&#34; &#38; &#39;Más&#39;&#60;/b&#62; te espera en Tianguis</title>",
    );
    expect(htmlParagraphs(mail.html)[1]).toBe(
      "Preparamos la tienda en línea «&#60;b&#62;&#34;Tacos&#34; &#38; &#39;Más&#39;&#60;/b&#62;» en Tianguis para tu negocio. Con este enlace creas tu cuenta (o entras con la que ya tienes) y la tienda queda a tu nombre.",
    );
  });
});

describe("domainFailingMail", () => {
  const settingsUrl = `${ORIGIN}/i/admin?tab=dominio`;

  it("names the domain and the store, lists each problem and links to the domain settings", () => {
    const mail = domainFailingMail(
      "dueno@example.com",
      {
        storeName: "Panadería La Espiga",
        host: "www.laespiga.mx",
        problems: ["El registro CNAME apunta a otro sitio.", "Falta el registro TXT de verificación."],
      },
      settingsUrl,
    );
    expect(mail.to).toBe("dueno@example.com");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Tu dominio www.laespiga.mx dejó de funcionar");
    expect(mail.link).toBe(settingsUrl);
    expect(hrefs(mail.html)).toEqual(["https://tianguis.mx/i/admin?tab=dominio"]);
    expect(mail.text).toBe(
      [
        "Hola:",
        "Revisamos hoy el DNS de www.laespiga.mx y ya no apunta a tu tienda «Panadería La Espiga», así que dejamos de mostrarla ahí. Tu tienda sigue recibiendo pedidos en su dirección de Tianguis.",
        "El registro CNAME apunta a otro sitio.",
        "Falta el registro TXT de verificación.",
        "Cuando lo corrijas, tu dominio volverá a funcionar solo en la siguiente revisión, o al presionar «Verificar».",
        `Revisar mi dominio:\n${settingsUrl}`,
        SIGNATURE,
      ].join("\n\n"),
    );
    expect(htmlParagraphs(mail.html)).toEqual([
      "Hola:",
      "Revisamos hoy el DNS de www.laespiga.mx y ya no apunta a tu tienda «Panadería La Espiga», así que dejamos de mostrarla ahí. Tu tienda sigue recibiendo pedidos en su dirección de Tianguis.",
      "El registro CNAME apunta a otro sitio.",
      "Falta el registro TXT de verificación.",
      "Cuando lo corrijas, tu dominio volverá a funcionar solo en la siguiente revisión, o al presionar «Verificar».",
    ]);
    expect(mail.html).toContain(">Revisar mi dominio</a>");
  });

  it("escapes the store's name in the HTML part", () => {
    const mail = domainFailingMail(
      "dueno@example.com",
      { storeName: "<Tacos & Co>", host: "tacos.mx", problems: [] },
      settingsUrl,
    );
    expect(htmlParagraphs(mail.html)[1]).toBe(
      "Revisamos hoy el DNS de tacos.mx y ya no apunta a tu tienda «&#60;Tacos &#38; Co&#62;», así que dejamos de mostrarla ahí. Tu tienda sigue recibiendo pedidos en su dirección de Tianguis.",
    );
  });
});

describe("storeClosedMail", () => {
  it("confirms in Spanish that the store and account are gone and when the identifier is freed, with no link", () => {
    const mail = storeClosedMail(
      "dueno@example.com",
      { name: "Panadería La Espiga", id: "la-espiga" },
      "1 de julio de 2025",
    );
    expect(mail.to).toBe("dueno@example.com");
    expect(mail.fromName).toBe("Tianguis");
    expect(mail.subject).toBe("Cerramos tu tienda Panadería La Espiga en Tianguis");
    expect(mail.text).toBe(
      [
        "Hola:",
        "Como pediste, cerramos la tienda «Panadería La Espiga» (/la-espiga) y borramos tu cuenta. La tienda ya no aparece en Tianguis, sus fotos se borraron y los nombres, teléfonos y direcciones de tus clientes se quitaron de sus pedidos.",
        "El identificador /la-espiga quedará libre para cualquiera a partir del 1 de julio de 2025.",
        "Gracias por vender con Tianguis.",
        SIGNATURE,
      ].join("\n\n"),
    );
    expect(htmlParagraphs(mail.html)).toEqual([
      "Hola:",
      "Como pediste, cerramos la tienda «Panadería La Espiga» (/la-espiga) y borramos tu cuenta. La tienda ya no aparece en Tianguis, sus fotos se borraron y los nombres, teléfonos y direcciones de tus clientes se quitaron de sus pedidos.",
      "El identificador /la-espiga quedará libre para cualquiera a partir del 1 de julio de 2025.",
      "Gracias por vender con Tianguis.",
    ]);
    expect(mail).not.toHaveProperty("link");
    expect(hrefs(mail.html)).toEqual([]);
  });

  it("escapes the store's name in the HTML title and body", () => {
    const mail = storeClosedMail(
      "dueno@example.com",
      { name: `"Tacos" & <Co>`, id: "tacos" },
      "1 de julio de 2025",
    );
    expect(mail.html).toContain(
      "<title>Cerramos tu tienda &#34;Tacos&#34; &#38; &#60;Co&#62; en Tianguis</title>",
    );
    expect(htmlParagraphs(mail.html)[1]).toContain(
      "cerramos la tienda «&#34;Tacos&#34; &#38; &#60;Co&#62;» (/tacos)",
    );
  });
});

describe("restockMail", () => {
  const facts = {
    to: "ana@example.com",
    storeName: "Panadería La Espiga",
    productName: "Concha de vainilla",
    url: `${ORIGIN}/la-espiga/p/abc123`,
  };

  it("says the product is back in its store, from the store, linking the product, once", () => {
    const mail = restockMail(facts);
    expect(mail.to).toBe("ana@example.com");
    expect(mail.fromName).toBe("Panadería La Espiga");
    expect(mail.subject).toBe("¡Ya hay Concha de vainilla en Panadería La Espiga!");
    expect(mail.link).toBe(`${ORIGIN}/la-espiga/p/abc123`);
    expect(mail.text.split("\n\n")).toEqual([
      "¡Ya hay Concha de vainilla en Panadería La Espiga!",
      "Nos pediste que te avisáramos cuando volviera a haber. Puede agotarse de nuevo: pídelo pronto.",
      `Ver Concha de vainilla:\n${ORIGIN}/la-espiga/p/abc123`,
      "Te escribimos una sola vez: ya borramos tu correo de este aviso.",
      SIGNATURE,
    ]);
    expect(hrefs(mail.html)).toEqual([`${ORIGIN}/la-espiga/p/abc123`]);
    expect(htmlParagraphs(mail.html)[0]).toBe("¡Ya hay Concha de vainilla en Panadería La Espiga!");
  });

  it("escapes the names in the HTML part", () => {
    const mail = restockMail({ ...facts, storeName: "<b>Tienda</b>", productName: 'Pan "dulce" & <i>' });
    expect(mail.html).not.toContain("<b>Tienda</b>");
    expect(mail.html).not.toContain("<i>");
    expect(htmlParagraphs(mail.html)[0]).toBe(
      "¡Ya hay Pan &#34;dulce&#34; &#38; &#60;i&#62; en &#60;b&#62;Tienda&#60;/b&#62;!",
    );
  });
});

describe("teamInvitationMail", () => {
  const url = `${ORIGIN}/i/equipo/aceptar/abc123`;
  const invitation = { storeName: "Panadería La Espiga", roleLabel: "Encargado", days: 7 };

  it("invites from Tianguis to the store's team, naming the role in lower case and how long the link lasts", () => {
    const mail = teamInvitationMail("ana@example.com", invitation, url);
    expect(mail.to).toBe("ana@example.com");
    expect(mail.fromName).toBe(TIANGUIS_SENDER);
    expect(mail.subject).toBe("Te invitaron al equipo de Panadería La Espiga en Tianguis");
    expect(mail.link).toBe(url);
    expect(mail.text.split("\n\n")).toEqual([
      "Hola:",
      "La tienda «Panadería La Espiga» te invita a su equipo en Tianguis como encargado. Con este enlace creas tu cuenta (o entras con una que no tenga tienda) y aceptas.",
      `Aceptar la invitación:\n${url}`,
      "El enlace sirve una sola vez y vence en 7 días.",
      "Si no esperabas este correo, ignóralo.",
      SIGNATURE,
    ]);
    expect(hrefs(mail.html)).toEqual([url]);
  });
});
