const pad = (n: number) => String(n).padStart(2, '0');

/** ISO timestamp -> 'YYYY-MM-DD' in the reader's time zone (or UTC). */
export function formatDate(iso: string, utc = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return utc
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Largest id the API accepts (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** A route's id parameter as the API accepts it: a whole number from 1 to MAX_ID. */
export const isValidId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;
