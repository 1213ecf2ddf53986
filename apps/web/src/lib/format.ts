import { locale } from '../i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * ISO timestamp -> the interface language's date, in the reader's time zone (or UTC): English
 * 'YYYY-MM-DD' (spec), Korean 'YYYY. M. D.' as Korean sites write it.
 */
export function formatDate(iso: string, utc = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const day = utc ? date.getUTCDate() : date.getDate();
  return locale.get() === 'ko' ? `${year}. ${month}. ${day}.` : `${year}-${pad(month)}-${pad(day)}`;
}

/** Largest id the API accepts (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** A route's id parameter as the API accepts it: a whole number from 1 to MAX_ID. */
export const isValidId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;
