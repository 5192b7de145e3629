/** "$12.00", "₹999.00": an amount in minor units as the providers' pages show it. */
export const formatMoney = (minorUnits: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minorUnits / 100);

export const formatDate = (unixSeconds: number | null | undefined): string =>
  unixSeconds ? new Date(unixSeconds * 1000).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '-';
