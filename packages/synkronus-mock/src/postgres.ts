/**
 * What PostgreSQL 15 refuses, or changes, when the release writes an observation (column types of migration
 * 20250625000001_create_observations_table.sql; messages as PostgreSQL words them). The texts arrive as
 * parameters, which PostgreSQL checks for NUL before anything else; `data` is JSON text for jsonb.
 */

/** The fields of a pushed record the database reads, as Go decoded them (a missing text is ''). */
export type DatabaseRow = {
  observation_id: string;
  form_type: string;
  form_version: string;
  /** The JSON text of `data` as sent (json.RawMessage); undefined when the record has none (SQL NULL). */
  data: string | undefined;
  created_at: string;
  updated_at: string;
};

/** Whether JSON text holds a `\u` escape of half a surrogate pair (jsonb refuses it; a whole pair is fine). */
function loneSurrogate(json: string): boolean {
  const escapes = [...json.matchAll(/(?<!\\)(?:\\\\)*\\u([0-9a-fA-F]{4})/g)].map((m) => ({
    at: m.index + m[0].length - 6,
    code: parseInt(m[1], 16),
  }));
  for (let i = 0; i < escapes.length; i++) {
    const {at, code} = escapes[i];
    if (code >= 0xd800 && code < 0xdc00) {
      const next = escapes[i + 1];
      if (!next || next.at !== at + 6 || next.code < 0xdc00 || next.code >= 0xe000) return true;
      i++;
    } else if (code >= 0xdc00 && code < 0xe000) return true;
  }
  return false;
}

const ISO_TIMESTAMP = /^(\d{4,})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d*)?(?:[Zz]|([+-])(\d{2}):?(\d{2})?)?$/;

/** The instant of one of PostgreSQL's special timestamp words, in a UTC session; undefined for other texts. */
function specialTimestamp(text: string, now: number): number | undefined {
  const day = 24 * 3600_000;
  const today = Math.floor(now / day) * day;
  const words = new Map([
    ['epoch', 0],
    ['now', now],
    ['today', today],
    ['tomorrow', today + day],
    ['yesterday', today - day],
  ]);
  return words.get(text.trim().toLowerCase());
}

/**
 * timestamptz_in splits its text into fields in a work buffer of MAXDATELEN + MAXDATEFIELDS = 153 bytes, each
 * field followed by a NUL (ParseDateTime in datetime.c): for the ISO spelling, the date, a `T` (a space makes no
 * field), the time with its fraction, and the zone. A text whose fields do not fit is refused. Measured on
 * PostgreSQL 15.18: `2025-01-01T00:00:00.` with 128 digits and `Z` is accepted, with 129 refused; with `+05:30`,
 * 123 digits are accepted and 124 refused.
 */
const WORK_BUFFER_BYTES = 153;

function isoWorkBufferBytes(text: string, match: RegExpExecArray): number {
  const date = match[1].length + 6;
  const separator = text[date];
  const time = 8 + (match[7]?.length ?? 0);
  const zone = text.length - date - 1 - time;
  return date + 1 + (separator === ' ' ? 0 : 2) + time + 1 + (zone > 0 ? zone + 1 : 0);
}

/**
 * Why timestamptz refuses this text, if it does. The ISO 8601 spelling is checked field by field as PostgreSQL
 * does (no year 0, days the month has, 24:00:00 and a leap second 60 allowed, offsets under 16 hours, fields
 * within its work buffer); any other spelling is approximated with Date.parse. The special words (yesterday,
 * now...) are accepted.
 */
export function timestampRefusal(text: string, now: number): string | undefined {
  if (specialTimestamp(text, now) !== undefined) return undefined;
  const match = ISO_TIMESTAMP.exec(text);
  if (!match)
    return text === '' || Number.isNaN(Date.parse(text))
      ? 'invalid input syntax for type timestamp with time zone'
      : undefined;
  if (isoWorkBufferBytes(text, match) > WORK_BUFFER_BYTES)
    return 'invalid input syntax for type timestamp with time zone';
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const time = hour < 24 ? minute <= 59 && second <= 60 : hour === 24 && minute === 0 && second === 0;
  if (year < 1 || days === undefined || day < 1 || day > days || !time) return 'date/time field value out of range';
  if (Number(match[9] ?? 0) > 15 || Number(match[10] ?? 0) > 59) return 'time zone displacement out of range';
  return undefined;
}

/** The instant of a timestamp text the database accepts; 24:00:00 and a leap second roll over, as in PostgreSQL. */
export function timestampMillis(text: string, now: number): number {
  const special = specialTimestamp(text, now);
  if (special !== undefined) return special;
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return Date.parse(text);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, Math.round(Number(`0${match[7] ?? ''}`) * 1000));
  const offsetMinutes = Number(match[9] ?? 0) * 60 + Number(match[10] ?? 0);
  return date.getTime() - (match[8] === '-' ? -1 : 1) * offsetMinutes * 60_000;
}

const VARCHAR_COLUMNS = [
  ['observation_id', 255],
  ['form_type', 255],
  ['form_version', 50],
] as const;

/**
 * The text a varchar(max) column stores: a longer text is cut to `max` characters when every character beyond
 * them is a space (U+0020), and refused otherwise (undefined). Measured on PostgreSQL 15.18: `obs-1` and 300
 * spaces is stored as its first 255 characters; 255 characters and a tab, or an ideographic space, are refused.
 */
export function varcharText(text: string, max: number): string | undefined {
  const characters = [...text];
  if (characters.length <= max) return text;
  return characters.slice(max).every((c) => c === ' ') ? characters.slice(0, max).join('') : undefined;
}

/** The row's texts as the varchar columns store them (`cut` when PostgreSQL shortened one). */
export function storedTexts(row: DatabaseRow): Pick<DatabaseRow, (typeof VARCHAR_COLUMNS)[number][0]> & {cut: boolean} {
  const [observation_id, form_type, form_version] = VARCHAR_COLUMNS.map(
    ([column, max]) => varcharText(row[column], max) ?? row[column],
  );
  const cut = observation_id !== row.observation_id || form_type !== row.form_type || form_version !== row.form_version;
  return {observation_id, form_type, form_version, cut};
}

/** Why PostgreSQL refuses to write this row, if it does. */
export function databaseRefusal(row: DatabaseRow, now: number): string | undefined {
  const texts = [row.observation_id, row.form_type, row.form_version, row.created_at, row.updated_at];
  if (texts.some((text) => text.includes('\u0000'))) return 'pq: invalid byte sequence for encoding "UTF8": 0x00';
  for (const [column, max] of VARCHAR_COLUMNS) {
    if (varcharText(row[column], max) === undefined) return `pq: value too long for type character varying(${max})`;
  }
  if (row.data === undefined)
    return 'pq: null value in column "data" of relation "observations" violates not-null constraint';
  if (/(?<!\\)(?:\\\\)*\\u0000/.test(row.data)) return 'pq: unsupported Unicode escape sequence';
  if (loneSurrogate(row.data)) return 'pq: invalid input syntax for type json';
  for (const column of ['created_at', 'updated_at'] as const) {
    const refusal = timestampRefusal(row[column], now);
    if (refusal) return `pq: ${refusal}: ${JSON.stringify(row[column])}`;
  }
  return undefined;
}
