// The smallest string and number a subschema accepts: formats from a table of valid
// examples (checked with Ajv's own format functions), patterns from the re2js program
// (pattern-gen.ts), lengths, bounds in every draft's spelling, and multipleOf.
import { type GenContext, NO_VALUE, SchemaRefusal } from './gen-context.ts';
import { stringForPattern } from './pattern-gen.ts';
import { isMultiple } from './quick-check.ts';
import { shortPath } from './schema-limits.ts';
import { callerRegex } from './schema-regex.ts';
import type { SchemaNode } from './schema-nav.ts';

type Made = unknown;

const FORMAT_VALUES: Record<string, string[]> = {
  date: ['1970-01-01'],
  time: ['00:00:00Z', '00:00:00'],
  'date-time': ['1970-01-01T00:00:00Z'],
  'iso-time': ['00:00:00Z'],
  'iso-date-time': ['1970-01-01T00:00:00Z'],
  duration: ['P0D', 'PT0S'],
  email: ['user@example.com'],
  'idn-email': ['user@example.com'],
  hostname: ['example.com'],
  'idn-hostname': ['example.com'],
  ipv4: ['127.0.0.1'],
  ipv6: ['::1'],
  uri: ['https://example.com', 'urn:example'],
  'uri-reference': ['https://example.com', '', '#'],
  iri: ['https://example.com'],
  'iri-reference': ['https://example.com'],
  url: ['https://example.com'],
  'uri-template': ['https://example.com'],
  uuid: ['00000000-0000-0000-0000-000000000000'],
  'json-pointer': ['', '/a'],
  'json-pointer-uri-fragment': ['#', '#/a'],
  'relative-json-pointer': ['0'],
  regex: ['a', '.*'],
  byte: ['', 'AA=='],
  color: ['#000000'],
};

/** The value nearest zero within bounds (draft-04 boolean exclusives too) and multipleOf. */
export function numberFor(node: SchemaNode, integer: boolean): Made {
  let lo = -Infinity;
  let hi = Infinity;
  let loOpen = false;
  let hiOpen = false;
  if (typeof node.minimum === 'number') [lo, loOpen] = [node.minimum, node.exclusiveMinimum === true];
  if (typeof node.maximum === 'number') [hi, hiOpen] = [node.maximum, node.exclusiveMaximum === true];
  if (typeof node.exclusiveMinimum === 'number' && node.exclusiveMinimum >= lo) [lo, loOpen] = [node.exclusiveMinimum, true];
  if (typeof node.exclusiveMaximum === 'number' && node.exclusiveMaximum <= hi) [hi, hiOpen] = [node.exclusiveMaximum, true];
  const inside = (v: number) => (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi);
  const step = typeof node.multipleOf === 'number' && node.multipleOf > 0 ? node.multipleOf : undefined;
  const fits = (v: number) => Number.isFinite(v) && inside(v) && (!integer || Number.isInteger(v)) && (!step || isMultiple(v, step));
  const start = lo === -Infinity ? (hi === Infinity ? 0 : Math.min(0, hi)) : Math.max(lo, hi === Infinity ? lo : Math.min(0, hi) > lo ? Math.min(0, hi) : lo);
  const candidates: number[] = [0, start];
  if (step) {
    const k = Math.ceil(start / step);
    for (let j = 0; j < 4; j++) candidates.push((k + j) * step, Number(((k + j) * step).toPrecision(12)));
  }
  if (integer) candidates.push(Math.ceil(start), Math.ceil(start) + 1, Math.floor(hi), Math.floor(hi) - 1);
  else candidates.push(start + 1, (lo + hi) / 2, start + 0.5, start + 1e-6, hi - 1e-6);
  return candidates.find(fits) ?? NO_VALUE;
}

export function stringFor(g: GenContext, node: SchemaNode, path: string): Made {
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : Infinity;
  if (min > g.limits.maxOutputBytes) {
    throw new SchemaRefusal(`minLength ${min} at ${shortPath(path)} is over the output limit of ${g.limits.maxOutputBytes} bytes (CLINSCRIBE_T2J_MAX_OUTPUT_BYTES)`);
  }
  const format = typeof node.format === 'string' ? node.format : undefined;
  const pattern = typeof node.pattern === 'string' ? node.pattern : undefined;
  const length = (s: string) => [...s].length;
  const fits = (s: string) => length(s) >= min && length(s) <= max && (!pattern || callerRegex(pattern).test(s)) && (!format || g.formatOk(format, s));
  const candidates = [...(format ? (FORMAT_VALUES[format] ?? []) : []), '', 'a'.repeat(min)];
  if (pattern) {
    const made = stringForPattern(pattern, min, max);
    if (made !== undefined) candidates.push(made);
  }
  return candidates.find(fits) ?? NO_VALUE;
}

