import { z } from "~/lib/zod";

/** Custom product categories as tags, set in the advanced settings (Negocio and Pro). */
export const CATEGORY_TAG_MESSAGES = {
  saved: "Configuración avanzada guardada exitosamente.",
  failed: "No se pudo guardar la configuración avanzada.",
  basicOnly: "Las categorías personalizadas están disponibles en el plan Negocio.",
  tooLong: "Cada categoría puede tener como máximo 40 caracteres.",
  tooMany: "Puedes tener como máximo 50 categorías.",
} as const;

export const MAX_CATEGORY_LENGTH = 40;
export const MAX_CATEGORIES = 50;

/** Keys that turn what was typed into a tag. */
export function isTagSeparatorKey(key: string): boolean {
  return key === "Enter" || key === " " || key === ",";
}

/** Adds a tag: trimmed, non-empty, not already present (exact match after trimming). */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.replace(/,/g, "").trim();
  if (tag === "" || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}

/** Backspace on an empty input removes the last tag. */
export function removeLastTag(tags: readonly string[]): string[] {
  return tags.slice(0, -1);
}

/** What the server stores: every rule applied again, whatever the browser sent. */
export function normalizeTags(input: readonly string[]): string[] {
  return input.reduce<string[]>((tags, tag) => addTag(tags, tag), []);
}

export const CategoryTagsSchema = z
  .array(z.string().trim().max(MAX_CATEGORY_LENGTH, CATEGORY_TAG_MESSAGES.tooLong))
  .transform(normalizeTags)
  .refine((tags) => tags.length <= MAX_CATEGORIES, CATEGORY_TAG_MESSAGES.tooMany);
