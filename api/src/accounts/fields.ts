/** Trimmed text, with "" and null both meaning "not set". */
export function optional(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; a link with anything else is refused before it reaches the database. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
