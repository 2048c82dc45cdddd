/** A price in minor units (cents) as people read it: 4900 usd → "$49.00". */
export function formatMoney(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    minorUnits / 100,
  );
}
