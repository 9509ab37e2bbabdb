// The SOAP JSON being written: dotted-path leaves, each with the evidence (spans or request field) it came from.
import type { Span } from '../../ports.ts';
import { mergeSpans, type Source } from './evidence.ts';

export class SoapJson {
  readonly sections: Record<string, Record<string, unknown>> = { subjective: {}, objective: {}, assessment: {}, plan: {} };
  readonly fields: Record<string, Source> = {};

  /** Writes `value` at a dotted path ("plan.medications.0.dosage"); numbered keys become arrays in `finish`. */
  set(path: string, value: unknown, spans: Span[], requestField?: string): void {
    const [section, ...rest] = path.split('.');
    let node = this.sections[section!]!;
    for (const k of rest.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    node[rest[rest.length - 1]!] = value;
    this.fields[path] = { spans: mergeSpans(spans), ...(requestField ? { request: requestField } : {}) };
  }

  /** The sections that have content, lists as arrays. */
  finish(): Record<string, unknown> {
    const json = this.sections;
    for (const key of Object.keys(json)) if (Object.keys(json[key]!).length === 0) delete json[key];
    arraysFromIndexedKeys(json);
    return json;
  }
}

/** `set` writes list items as numbered keys; turn those objects into arrays. */
function arraysFromIndexedKeys(node: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(node)) {
    if (!v || typeof v !== 'object') continue;
    const obj = v as Record<string, unknown>;
    arraysFromIndexedKeys(obj);
    const keys = Object.keys(obj);
    if (keys.length && keys.every((x, i) => x === String(i))) node[k] = keys.map((x) => obj[x]);
  }
}
