import { describe, expect, it } from "vitest";
import { INVOICE_MESSAGES, invoiceCopyText, parseInvoiceForm } from "./invoice-form";
import { isRfcDate, normalizeRfc, rfcCheckDigit, rfcKind, rfcProblem } from "./rfc";
import { REGIMENES, regimenesFor, USOS_CFDI, usosFor } from "./sat-catalogues";

const valid = {
  rfc: "GODE561231GR8",
  name: "Emilio Gómez Díaz",
  regimenFiscal: "612",
  usoCfdi: "G03",
  postalCode: "06600",
  email: "emilio@example.mx",
};

const errorsOf = (input: Record<string, unknown>) => {
  const result = parseInvoiceForm(input);
  return result.success ? {} : result.errors;
};

describe("an RFC", () => {
  it.each([
    ["GODE561231GR8", "fisica"],
    ["CACX7605101P8", "fisica"],
    ["FUNK671228PH6", "fisica"],
    ["MISC491214B86", "fisica"],
    ["EKU9003173C9", "moral"],
    ["XIA190128J61", "moral"],
    ["IIA040805DZ4", "moral"],
  ])("%s is a valid RFC of a persona %s", (rfc, kind) => {
    expect(rfcProblem(rfc)).toBeNull();
    expect(rfcKind(rfc)).toBe(kind);
  });

  it.each([
    ["GODE561231GR9", "checkDigit"],
    ["GODE561231GRA", "checkDigit"],
    ["EKU9003173C8", "checkDigit"],
    ["XIA190128J6A", "checkDigit"],
    ["GODE561331GR8", "date"],
    ["GODE560001GR8", "date"],
    ["GODE560230GR8", "date"],
    ["GODE570229GR8", "date"],
    ["EKU9013173C9", "date"],
    ["XAXX010101000", "generic"],
    ["XEXX010101000", "generic"],
    ["GODE561231GR", "shape"],
    ["GOD1561231GR8", "shape"],
    ["GODE56123AGR8", "shape"],
    ["GODE561231GRZ", "shape"],
    ["", "shape"],
  ])("%s is refused (%s)", (rfc, problem) => {
    expect(rfcProblem(rfc)).toBe(problem);
  });

  it("weighs a persona moral's RFC as if it began with a space, and maps 10 to A and 11 to 0", () => {
    expect(rfcCheckDigit("EKU9003173C9")).toBe("9");
    // Among a hundred homoclaves, some sums leave 1 (digit 10 → A) and some leave 0 (11 → 0).
    const withDigit = (body: string) => `${body}${rfcCheckDigit(`${body}0`)}`;
    const bodies = Array.from({ length: 100 }, (_, n) => `GODE561231${String(n).padStart(2, "0").slice(-2)}`);
    expect(bodies.map(withDigit).some((rfc) => rfc.endsWith("A") && rfcProblem(rfc) === null)).toBe(true);
    expect(bodies.map(withDigit).some((rfc) => rfc.endsWith("0") && rfcProblem(rfc) === null)).toBe(true);
  });

  it("knows the calendar's days and leap years", () => {
    expect(isRfcDate("000229")).toBe(true);
    expect(isRfcDate("960229")).toBe(true);
    expect(isRfcDate("970229")).toBe(false);
    expect(isRfcDate("970431")).toBe(false);
    expect(isRfcDate("971231")).toBe(true);
    expect(isRfcDate("971300")).toBe(false);
  });

  it("is normalised to uppercase without spaces or dashes", () => {
    expect(normalizeRfc(" gode-561231 gr8 ")).toBe("GODE561231GR8");
    expect(parseInvoiceForm({ ...valid, rfc: "gode561231gr8" })).toMatchObject({
      success: true,
      data: { rfc: "GODE561231GR8", kind: "fisica" },
    });
  });
});

describe("the invoice form", () => {
  it("accepts valid data, normalised", () => {
    expect(parseInvoiceForm({ ...valid, email: " Emilio@Example.MX " })).toEqual({
      success: true,
      data: { ...valid, kind: "fisica", name: "EMILIO GÓMEZ DÍAZ", email: "emilio@example.mx" },
    });
  });

  it.each([
    [{ rfc: "GODE561231GR9" }, { rfc: INVOICE_MESSAGES.rfcCheckDigit }],
    [{ rfc: "GODE561331GR8" }, { rfc: INVOICE_MESSAGES.rfcDate }],
    [{ rfc: "XAXX010101000" }, { rfc: INVOICE_MESSAGES.rfcGeneric }],
    [{ rfc: "ABC" }, { rfc: INVOICE_MESSAGES.rfc }],
    [{ name: "  " }, { name: INVOICE_MESSAGES.name }],
    [{ name: "A".repeat(255) }, { name: INVOICE_MESSAGES.nameTooLong }],
    [{ regimenFiscal: "609" }, { regimenFiscal: INVOICE_MESSAGES.regimen }],
    [{ regimenFiscal: "" }, { regimenFiscal: INVOICE_MESSAGES.regimen }],
    // A persona física's RFC with a régimen only for personas morales, and the other way round.
    [{ regimenFiscal: "601" }, { regimenFiscal: INVOICE_MESSAGES.regimenForKind }],
    [{ rfc: "EKU9003173C9", regimenFiscal: "612" }, { regimenFiscal: INVOICE_MESSAGES.regimenForKind }],
    [
      { rfc: "EKU9003173C9", regimenFiscal: "605", usoCfdi: "S01" },
      { regimenFiscal: INVOICE_MESSAGES.regimenForKind },
    ],
    // Usos the matrix does not allow with the régimen.
    [{ regimenFiscal: "605", usoCfdi: "G03" }, { usoCfdi: INVOICE_MESSAGES.usoForRegimen }],
    [{ regimenFiscal: "616", usoCfdi: "G01" }, { usoCfdi: INVOICE_MESSAGES.usoForRegimen }],
    [{ regimenFiscal: "621", usoCfdi: "D01" }, { usoCfdi: INVOICE_MESSAGES.usoForRegimen }],
    [
      { rfc: "EKU9003173C9", regimenFiscal: "626", usoCfdi: "D01" },
      { usoCfdi: INVOICE_MESSAGES.usoForRegimen },
    ],
    [
      { rfc: "EKU9003173C9", regimenFiscal: "610", usoCfdi: "D10" },
      { usoCfdi: INVOICE_MESSAGES.usoForRegimen },
    ],
    // Not an uso for a sale's invoice, or not an uso at all.
    [{ regimenFiscal: "605", usoCfdi: "CN01" }, { usoCfdi: INVOICE_MESSAGES.uso }],
    [{ usoCfdi: "CP01" }, { usoCfdi: INVOICE_MESSAGES.uso }],
    [{ usoCfdi: "P01" }, { usoCfdi: INVOICE_MESSAGES.uso }],
    [{ postalCode: "6600" }, { postalCode: INVOICE_MESSAGES.postalCode }],
    [{ postalCode: "066000" }, { postalCode: INVOICE_MESSAGES.postalCode }],
    [{ postalCode: "0660A" }, { postalCode: INVOICE_MESSAGES.postalCode }],
    [{ email: "emilio" }, { email: INVOICE_MESSAGES.email }],
    [{ email: `${"a".repeat(250)}@x.mx` }, { email: INVOICE_MESSAGES.email }],
  ])("refuses %j beside its field", (change, errors) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(errors);
  });

  it.each([
    [{ regimenFiscal: "605", usoCfdi: "D01" }],
    [{ regimenFiscal: "605", usoCfdi: "S01" }],
    [{ regimenFiscal: "626", usoCfdi: "G01" }],
    [{ regimenFiscal: "625", usoCfdi: "D10" }],
    [{ rfc: "EKU9003173C9", regimenFiscal: "601", usoCfdi: "I04" }],
    [{ rfc: "EKU9003173C9", regimenFiscal: "603", usoCfdi: "G03" }],
    [{ rfc: "EKU9003173C9", regimenFiscal: "610", usoCfdi: "S01" }],
  ])("accepts the allowed combination %j", (change) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({});
  });

  it("reports every field at once and accepts nothing but an object", () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(
      ["email", "name", "postalCode", "regimenFiscal", "rfc", "usoCfdi"].sort(),
    );
    expect(parseInvoiceForm(null).success).toBe(false);
    expect(parseInvoiceForm({ ...valid, rfc: 13 }).success).toBe(false);
  });

  it("copies a block with the codes and their names", () => {
    expect(invoiceCopyText(valid)).toBe(
      [
        "RFC: GODE561231GR8",
        "Nombre o razón social: Emilio Gómez Díaz",
        "Régimen fiscal: 612 - Personas Físicas con Actividades Empresariales y Profesionales",
        "Uso del CFDI: G03 - Gastos en general",
        "Código postal: 06600",
        "Correo: emilio@example.mx",
      ].join("\n"),
    );
  });
});

describe("the SAT catalogues", () => {
  it("offer only the usos the matrix allows, by régimen and kind of person", () => {
    expect(usosFor("605", "fisica").map((uso) => uso.code)).toEqual([
      "D01",
      "D02",
      "D03",
      "D04",
      "D05",
      "D06",
      "D07",
      "D08",
      "D09",
      "D10",
      "S01",
    ]);
    expect(usosFor("601", "moral").map((uso) => uso.code)).toEqual([
      "G01",
      "G02",
      "G03",
      "I01",
      "I02",
      "I03",
      "I04",
      "I05",
      "I06",
      "I07",
      "I08",
      "S01",
    ]);
    expect(usosFor("616", "fisica").map((uso) => uso.code)).toEqual(["S01"]);
    expect(usosFor("610", "moral").map((uso) => uso.code)).toEqual(["S01"]);
    expect(usosFor("612", "fisica").map((uso) => uso.code)).toContain("D01");
    expect(usosFor("612", "fisica").map((uso) => uso.code)).toContain("G03");
  });

  it("offer the régimenes of the RFC's kind of person", () => {
    expect(regimenesFor("moral").map((regimen) => regimen.code)).toEqual([
      "601",
      "603",
      "610",
      "620",
      "622",
      "623",
      "624",
      "626",
    ]);
    expect(regimenesFor("fisica").map((regimen) => regimen.code)).not.toContain("601");
    expect(regimenesFor(null)).toHaveLength(REGIMENES.length);
  });

  it("name every code in Spanish, once", () => {
    const codes = [...REGIMENES, ...USOS_CFDI].map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(USOS_CFDI).toHaveLength(24);
    for (const entry of [...REGIMENES, ...USOS_CFDI]) expect(entry.name.length).toBeGreaterThan(3);
  });
});
