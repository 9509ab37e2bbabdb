// Reads the parts of a note's `payload.json` an export needs, tolerating any engine's shape:
// a field of the wrong type reads as absent, never as an error.
import type { Span } from '../engines/ports.ts';

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(obj).filter((v): v is Json => v !== undefined) : [];
}

function isSpan(value: unknown): value is Span {
  const s = obj(value);
  return !!s && Number.isInteger(s.start) && Number.isInteger(s.end);
}

/** Spans of every evidence field at `path` or below it ("plan.medications.1" → its name, dose…). */
export function evidenceUnder(json: Json, path: string): Span[] {
  const fields = obj(obj(json.evidence)?.fields) ?? {};
  const spans: Span[] = [];
  for (const [field, entry] of Object.entries(fields)) {
    if (field !== path && !field.startsWith(`${path}.`)) continue;
    for (const span of (obj(entry)?.spans as unknown[] | undefined) ?? []) if (isSpan(span)) spans.push(span);
  }
  return spans.sort((a, b) => a.start - b.start || a.end - b.end);
}
