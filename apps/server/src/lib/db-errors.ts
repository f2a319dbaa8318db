/** A unique index refused the write (SQLSTATE 23505), raised by the driver or wrapped by Drizzle. */
export const isUniqueViolation = (e: unknown) =>
  (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';
