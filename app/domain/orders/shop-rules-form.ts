/**
 * Configuración → Horario, orders outside hours and delivery zones: the forms' shapes
 * and their Spanish messages, checked by the panel and again by the server.
 */
import { z } from "~/lib/zod";
import { MAX_ZONES, type DeliveryPricing } from "./delivery-zones";
import { SLOT_MINUTES } from "./scheduling";
import { HOURS_MESSAGES, isDate, isTime, type OpeningHours } from "~/domain/stores/opening-hours";
import { KEEP_PAUSE_END, PAUSE_MESSAGE_MAX_LENGTH } from "~/domain/stores/pause";

export const SHOP_RULES_MESSAGES = {
  hoursSaved: "Horario guardado.",
  zonesSaved: "Zonas de entrega guardadas.",
  paused: "Pedidos en pausa.",
  resumed: "Volviste a recibir pedidos.",
  failed: "No se pudo guardar. Intenta de nuevo.",
  money: "Escribe una cantidad válida, por ejemplo 35 o 35.50.",
  zoneName: "Escribe el nombre de la zona o colonia.",
  postalCodes: "Los códigos postales tienen 5 dígitos, separados por comas.",
  tooManyZones: `Puedes tener como máximo ${MAX_ZONES} zonas.`,
  lead: "El tiempo de anticipación va de 0 a 2880 minutos.",
  capacity: "El cupo por horario va de 1 a 500 pedidos, o vacío para no limitar.",
} as const;

const range = z
  .object({ open: z.string(), close: z.string() })
  .refine((value) => isTime(value.open) && isTime(value.close), HOURS_MESSAGES.time)
  .refine((value) => value.open !== value.close, HOURS_MESSAGES.sameTime);

export const HoursSchema = z.object({
  openingHours: z.object({
    weekly: z.array(z.array(range).max(4, HOURS_MESSAGES.tooMany)).length(7),
    exceptions: z
      .array(
        z.object({
          date: z.string().refine(isDate, HOURS_MESSAGES.date),
          ranges: z.array(range).max(4, HOURS_MESSAGES.tooMany),
        }),
      )
      .max(60),
  }) satisfies z.ZodType<OpeningHours>,
  outsideHours: z.enum(["refuse", "schedule"]),
  slotMinutes: z.coerce
    .number()
    .int()
    .refine((value) => (SLOT_MINUTES as readonly number[]).includes(value)),
  leadMinutes: z.coerce.number().int().min(0, SHOP_RULES_MESSAGES.lead).max(2880, SHOP_RULES_MESSAGES.lead),
  slotCapacity: z.union([
    z.literal("").transform(() => null),
    z.coerce.number().int().min(1, SHOP_RULES_MESSAGES.capacity).max(500, SHOP_RULES_MESSAGES.capacity),
  ]),
});

const money = z.coerce
  .number({ message: SHOP_RULES_MESSAGES.money })
  .min(0, SHOP_RULES_MESSAGES.money)
  .max(100_000, SHOP_RULES_MESSAGES.money)
  .transform((value) => Math.round(value * 100) / 100);

export const ZonesSchema = z.object({
  zones: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        name: z.string().trim().min(1, SHOP_RULES_MESSAGES.zoneName).max(80),
        postalCodes: z.array(z.string().regex(/^\d{5}$/, SHOP_RULES_MESSAGES.postalCodes)).max(50),
        fee: money,
        minimum: money,
      }),
    )
    .max(MAX_ZONES, SHOP_RULES_MESSAGES.tooManyZones),
  flatFee: money,
  freeOver: z.union([z.literal("").transform(() => null), z.null(), money]),
}) satisfies z.ZodType<DeliveryPricing, unknown>;

export const PauseSchema = z.object({
  message: z.string().trim().max(PAUSE_MESSAGE_MAX_LENGTH),
  minutes: z.union([
    z.literal("").transform(() => null),
    z.literal(KEEP_PAUSE_END),
    z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60),
  ]),
});

/** "20000, 20010" as the owner types postal codes. */
export function parsePostalCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}
