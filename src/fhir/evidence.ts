// The clinscribe evidence extension: where in the submitted transcript a resource was read from.
import type { Extension } from '@medplum/fhirtypes';
import type { Span } from '../engines/ports.ts';

/**
 * One complex extension per span, with `start` and `end` character offsets into the
 * submitted transcript (text.slice(start, end)). Receivers that do not know it may ignore it.
 */
export const EVIDENCE_EXTENSION_URL = 'https://clinscribe.dev/fhir/StructureDefinition/evidence-span';

export function evidenceExtensions(spans: readonly Span[]): Extension[] {
  const seen = new Set<string>();
  const out: Extension[] = [];
  for (const span of spans) {
    const key = `${span.start}-${span.end}`;
    if (seen.has(key) || !(span.end > span.start) || span.start < 0) continue;
    seen.add(key);
    out.push({
      url: EVIDENCE_EXTENSION_URL,
      extension: [
        { url: 'start', valueInteger: span.start },
        { url: 'end', valueInteger: span.end },
      ],
    });
  }
  return out;
}

/** Spans a resource carries in its evidence extensions (for receivers and tests). */
export function spansOf(resource: { extension?: Extension[] }): Span[] {
  return (resource.extension ?? [])
    .filter((e) => e.url === EVIDENCE_EXTENSION_URL)
    .map((e) => ({
      start: e.extension?.find((x) => x.url === 'start')?.valueInteger ?? -1,
      end: e.extension?.find((x) => x.url === 'end')?.valueInteger ?? -1,
    }));
}

/** `{ extension }` when there is evidence, nothing otherwise (FHIR forbids empty arrays). */
export function withEvidence(spans: readonly Span[]): { extension?: Extension[] } {
  const extension = evidenceExtensions(spans);
  return extension.length ? { extension } : {};
}
