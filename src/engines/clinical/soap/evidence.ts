// Collects note statements with the transcript spans they came from, and writes the markdown with offsets.
import type { Span } from '../../ports.ts';

/** Where a statement came from: transcript spans, and/or a request field (patientInfo, date). */
export interface Source { spans: Span[]; request?: string; }

export interface Statement extends Source { text: string; }

export interface MarkdownEvidence extends Source { start: number; end: number; }

export class MarkdownWriter {
  text = '';
  readonly evidence: MarkdownEvidence[] = [];

  heading(title: string): void {
    this.text += (this.text ? '\n\n' : '') + title + '\n\n';
  }

  /** Writes statements as one paragraph (or one line each), recording each sentence's offsets. */
  statements(items: Statement[], options: { lines?: boolean; prefix?: (i: number) => string } = {}): void {
    items.forEach((s, i) => {
      if (i > 0) this.text += options.lines ? '\n' : ' ';
      if (options.prefix) this.text += options.prefix(i);
      const start = this.text.length;
      this.text += s.text;
      this.evidence.push({ start, end: this.text.length, spans: s.spans, ...(s.request ? { request: s.request } : {}) });
    });
  }
}

export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}
