import { describe, expect, it } from "vitest";
import { composeMail, maskEmail, newOrderMail, passwordResetMail } from "./mail-text";

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
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "https://tianguis.mx/i/x?a=1&#38;b=2",
    ]);
    // No tracking: no images, no pixels.
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.link).toBe("https://tianguis.mx/i/x?a=1&b=2");
    expect(mail.fromName).toBe("Tianguis");
  });

  it("writes the reset e-mail in Spanish with its hour and its link", () => {
    const mail = passwordResetMail("ana@example.com", "https://tianguis.mx/i/restablecer/abc");
    expect(mail.subject).toBe("Restablece tu contraseña de Tianguis");
    expect(mail.text).toContain("vence en 1 hora");
    expect(mail.text).toContain("https://tianguis.mx/i/restablecer/abc");
  });

  it("sends a store's new-order e-mail in the store's name", () => {
    const mail = newOrderMail(
      "dueno@example.com",
      {
        storeName: "Panadería La Espiga",
        number: "K7QM-3XRT-9HNPW",
        customerName: "Ana López",
        total: 245.5,
        deliveryType: "delivery",
        lines: [{ name: "Concha", quantity: 0.75, unit: "kg" }],
      },
      "https://tianguis.mx/i/admin?tab=ordenes_pendientes",
    );
    expect(mail.fromName).toBe("Panadería La Espiga");
    expect(mail.subject).toContain("K7QM-3XRT-9HNPW");
    expect(mail.text).toContain("Ana · $245.50 · A domicilio");
    expect(mail.text).toContain("0.75 kg · Concha");
  });
});

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("nuevo@example.com")).toBe("n•••@example.com");
  });
});
