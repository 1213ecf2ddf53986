/** The SQLSTATE of a database error; Drizzle wraps driver errors and keeps them as `cause`. */
export const pgCode = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** A row that names one no longer there (SQLSTATE 23503, foreign_key_violation). */
export const isForeignKeyViolation = (error: unknown): boolean => pgCode(error) === '23503';
