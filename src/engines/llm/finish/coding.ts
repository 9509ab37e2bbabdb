// Finishing a model's ICD-10-CM codes: a code outside the FY2026 billable set is dropped, and
// each kept code gets its text_span from grounding (the model's quoted evidence, else its
// description). The procedures come from the embedded coder, which reads them from the text.
import { ICD10CM_SYSTEM } from '../../clinical/coding/index.ts';
import { icd10cmTitle } from '../../clinical/lexicon/index.ts';
import { REASONS } from '../../grounding/prose.ts';
import { NOT_BILLABLE } from '../../grounding/soap.ts';
import { TranscriptGrounder } from '../../grounding/transcript-grounder.ts';
import type { Ungrounded } from '../../grounding/types.ts';
import type { CodedItem, CodingResult } from '../../ports.ts';
import { type AnswerMeta, metadata } from '../metadata.ts';

export interface ProposedCode {
  code: string;
  description: string;
  evidence: string;
}

export interface CodingAnswer {
  text: string;
  proposed: ProposedCode[];
  procedures: CodedItem[];
  meta: AnswerMeta;
}

export function finishCoding({ text, proposed, procedures, meta }: CodingAnswer): CodingResult {
  const grounder = new TranscriptGrounder(text);
  const ungrounded: Ungrounded[] = [];
  const diagnoses: CodedItem[] = [];
  const seen = new Set<string>();
  proposed.forEach((d, i) => {
    const code = dottedCode(d.code);
    const title = icd10cmTitle(code);
    if (!title) return void ungrounded.push({ path: `diagnoses.${i}.code`, text: d.code, reason: NOT_BILLABLE });
    // The condition must be found by its own words or concept; a quote alone could support anything.
    const support = grounder.locate('diagnosis', d.description) ?? grounder.locate('code', `${code} ${title}`);
    const quoted = support && d.evidence?.trim() ? locateQuote(text, d.evidence) : null;
    const span = quoted ?? support;
    if (!span) {
      ungrounded.push({ path: `diagnoses.${i}`, text: `${code} ${d.description}`, reason: REASONS.code });
      if (meta.grounding === 'drop') return;
    }
    if (seen.has(code)) return;
    seen.add(code);
    diagnoses.push({
      id: `dx-${diagnoses.length + 1}`,
      code: { coding: [{ system: ICD10CM_SYSTEM, code, display: title }], text: title },
      text_span: span ? { start_char: span.start, end_char: span.end, text: text.slice(span.start, span.end) } : { start_char: 0, end_char: 0, text: '' },
      ...(span ? {} : { ungrounded: true }),
    });
  });
  return { diagnoses, procedures, metadata: metadata(meta, ungrounded) };
}

/** "e119" / "E11.9 " → "E11.9": the dotted form the code set uses. */
export function dottedCode(code: string): string {
  const c = code.trim().toUpperCase().replace(/\s+/g, '');
  return /^[A-Z]\d[0-9A-Z][0-9A-Z]+$/.test(c) ? `${c.slice(0, 3)}.${c.slice(3)}` : c;
}

/** The model's quoted evidence found in the text (case and spacing aside), as a span. */
export function locateQuote(text: string, quote: string): { start: number; end: number } | null {
  const words = quote.toLowerCase().match(/[a-z0-9]+/g);
  if (!words || words.length === 0) return null;
  const lower = text.toLowerCase();
  // Words in order with only non-word characters between: no regex built from the quote.
  let from = 0;
  for (;;) {
    const start = lower.indexOf(words[0]!, from);
    if (start < 0) return null;
    let at = start + words[0]!.length;
    let ok = true;
    for (const w of words.slice(1)) {
      while (at < lower.length && !/[a-z0-9]/.test(lower[at]!)) at++;
      if (!lower.startsWith(w, at)) { ok = false; break; }
      at += w.length;
    }
    if (ok) return { start, end: at };
    from = start + 1;
  }
}
