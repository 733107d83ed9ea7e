/**
 * The plan tiers, from the smallest: Emprendedor, Negocio, Pro. Pure: the schema, the server and
 * the browser share this list.
 */
export const LICENCE_TYPES = ["starter", "basic", "premier"] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

export function isLicenceType(value: unknown): value is LicenceType {
  return (LICENCE_TYPES as readonly unknown[]).includes(value);
}
