/**
 * The two SAT catalogues a receptor's data is checked against, as published for CFDI 4.0
 * (catCFDI, c_RegimenFiscal and c_UsoCFDI, the version of 2023-01-01 and later): each régimen
 * with its name and the kinds of person it applies to, each uso with its name and the régimenes
 * that may receive it (docs/decisions/053).
 */

/** A persona física has a 13-character RFC, a persona moral a 12-character one. */
export type PersonKind = "fisica" | "moral";

export type Regimen = { code: string; name: string; kinds: readonly PersonKind[] };

const F: readonly PersonKind[] = ["fisica"];
const M: readonly PersonKind[] = ["moral"];
const FM: readonly PersonKind[] = ["fisica", "moral"];

/** c_RegimenFiscal, the régimenes in force (609 and 628 were retired and are not offered). */
export const REGIMENES: readonly Regimen[] = [
  { code: "601", name: "General de Ley Personas Morales", kinds: M },
  { code: "603", name: "Personas Morales con Fines no Lucrativos", kinds: M },
  { code: "605", name: "Sueldos y Salarios e Ingresos Asimilados a Salarios", kinds: F },
  { code: "606", name: "Arrendamiento", kinds: F },
  { code: "607", name: "Régimen de Enajenación o Adquisición de Bienes", kinds: F },
  { code: "608", name: "Demás ingresos", kinds: F },
  {
    code: "610",
    name: "Residentes en el Extranjero sin Establecimiento Permanente en México",
    kinds: FM,
  },
  { code: "611", name: "Ingresos por Dividendos (socios y accionistas)", kinds: F },
  { code: "612", name: "Personas Físicas con Actividades Empresariales y Profesionales", kinds: F },
  { code: "614", name: "Ingresos por intereses", kinds: F },
  { code: "615", name: "Régimen de los ingresos por obtención de premios", kinds: F },
  { code: "616", name: "Sin obligaciones fiscales", kinds: F },
  {
    code: "620",
    name: "Sociedades Cooperativas de Producción que optan por diferir sus ingresos",
    kinds: M,
  },
  { code: "621", name: "Incorporación Fiscal", kinds: F },
  { code: "622", name: "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras", kinds: M },
  { code: "623", name: "Opcional para Grupos de Sociedades", kinds: M },
  { code: "624", name: "Coordinados", kinds: M },
  {
    code: "625",
    name: "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
    kinds: F,
  },
  { code: "626", name: "Régimen Simplificado de Confianza", kinds: FM },
];

export type UsoCfdi = {
  code: string;
  name: string;
  kinds: readonly PersonKind[];
  /** The régimenes of the receptor this uso is allowed with. */
  regimenes: readonly string[];
  /**
   * Whether a sale's invoice (a CFDI de ingreso) may carry it: CP01 belongs only to a CFDI de
   * pago and CN01 only to a nómina, so neither is offered for an order.
   */
  forSale: boolean;
};

/** The régimenes that may deduct purchases and investments (G and I usos). */
const BUSINESS = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"];
/** The régimenes of a persona física that may take personal deductions (D usos). */
const PERSONAL = ["605", "606", "607", "608", "610", "611", "612", "614", "615", "625"];
const EVERY = REGIMENES.map((regimen) => regimen.code);

const business = (code: string, name: string): UsoCfdi => ({
  code,
  name,
  kinds: FM,
  regimenes: BUSINESS,
  forSale: true,
});
const personal = (code: string, name: string): UsoCfdi => ({
  code,
  name,
  kinds: F,
  regimenes: PERSONAL,
  forSale: true,
});

/** c_UsoCFDI for CFDI 4.0, with the matrix of régimenes each one allows. */
export const USOS_CFDI: readonly UsoCfdi[] = [
  business("G01", "Adquisición de mercancías"),
  business("G02", "Devoluciones, descuentos o bonificaciones"),
  business("G03", "Gastos en general"),
  business("I01", "Construcciones"),
  business("I02", "Mobiliario y equipo de oficina por inversiones"),
  business("I03", "Equipo de transporte"),
  business("I04", "Equipo de cómputo y accesorios"),
  business("I05", "Dados, troqueles, moldes, matrices y herramental"),
  business("I06", "Comunicaciones telefónicas"),
  business("I07", "Comunicaciones satelitales"),
  business("I08", "Otra maquinaria y equipo"),
  personal("D01", "Honorarios médicos, dentales y gastos hospitalarios"),
  personal("D02", "Gastos médicos por incapacidad o discapacidad"),
  personal("D03", "Gastos funerales"),
  personal("D04", "Donativos"),
  personal("D05", "Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)"),
  personal("D06", "Aportaciones voluntarias al SAR"),
  personal("D07", "Primas por seguros de gastos médicos"),
  personal("D08", "Gastos de transportación escolar obligatoria"),
  personal("D09", "Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones"),
  personal("D10", "Pagos por servicios educativos (colegiaturas)"),
  { code: "S01", name: "Sin efectos fiscales", kinds: FM, regimenes: EVERY, forSale: true },
  { code: "CP01", name: "Pagos", kinds: FM, regimenes: EVERY, forSale: false },
  { code: "CN01", name: "Nómina", kinds: F, regimenes: ["605"], forSale: false },
];

export const findRegimen = (code: string) => REGIMENES.find((regimen) => regimen.code === code);
export const findUso = (code: string) => USOS_CFDI.find((uso) => uso.code === code);

/** A régimen or an uso as an invoicing tool lists it: "612 - Personas Físicas con…", the code alone if unknown. */
export const regimenText = (code: string) => withName(code, findRegimen(code)?.name);
export const usoText = (code: string) => withName(code, findUso(code)?.name);
const withName = (code: string, name: string | undefined) => (name ? `${code} - ${name}` : code);

/** The régimenes offered to this kind of person (all of them while the RFC is not yet known). */
export function regimenesFor(kind: PersonKind | null): Regimen[] {
  return REGIMENES.filter((regimen) => kind === null || regimen.kinds.includes(kind));
}

/** The usos a sale's invoice may carry for this régimen and kind of person: the only ones offered. */
export function usosFor(regimen: string, kind: PersonKind | null): UsoCfdi[] {
  return USOS_CFDI.filter(
    (uso) => uso.forSale && uso.regimenes.includes(regimen) && (kind === null || uso.kinds.includes(kind)),
  );
}
