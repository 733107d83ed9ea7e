import { randomId } from "~/lib/ids";

/**
 * Order numbers: anyone may look an order up by its number, so they must be unguessable.
 * 13 characters from 31 symbols that cannot be confused when read aloud or copied by hand
 * (no 0/O, 1/I/L) carry 13 × log2(31) ≈ 64.4 random bits. Shown in groups: K7QM-3XRT-9HNPW.
 */
export const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 13;

export function newOrderNumber(): string {
  const raw = randomId(LENGTH, ORDER_NUMBER_ALPHABET);
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** What a shopper types: any case, spaces or missing hyphens still find the order. */
export function normalizeOrderNumber(input: string): string {
  const raw = input.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (raw.length !== LENGTH) return raw;
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

export const ORDER_NUMBER_BITS = LENGTH * Math.log2(ORDER_NUMBER_ALPHABET.length);
