/** Money in MXN: amounts are pesos with two decimals; sums are done in whole centavos. */
const formatter = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });

export function formatMoney(amount: number): string {
  return formatter.format(amount);
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function roundMoney(amount: number): number {
  return toCents(amount) / 100;
}
