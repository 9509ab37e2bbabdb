// Playground rendering: a note with each evidenced statement in <mark data-evidence="start-end …">
// (transcript offsets), and the transcript cut into segments the page script highlights.
import type { Span } from '../../engines/ports.ts';
import { escape } from './html.ts';

export interface MarkedRange {
  /** Offsets into the text being rendered. */
  start: number;
  end: number;
  /** Offsets into the transcript. */
  evidence: Span[];
}

function evidenceAttr(spans: Span[]): string {
  return spans.map((s) => `${s.start}-${s.end}`).join(' ');
}

/** `text` with each range wrapped in a <mark>; overlapping or out-of-range ranges are skipped. */
export function markedText(text: string, ranges: MarkedRange[]): string {
  const sorted = [...ranges].filter((r) => r.start >= 0 && r.end <= text.length && r.start < r.end && r.evidence.length).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const r of sorted) {
    if (r.start < at) continue;
    out += escape(text.slice(at, r.start));
    out += `<mark tabindex="0" data-evidence="${escape(evidenceAttr(r.evidence))}">${escape(text.slice(r.start, r.end))}</mark>`;
    at = r.end;
  }
  return out + escape(text.slice(at));
}

/** A note line alone in capitals ("ASSESSMENT AND PLAN") is its section heading. */
const HEADING_LINE = /^[A-Z][A-Z0-9 &/,()'-]{2,60}$/;

/** markedText, with the note's heading lines in bold. */
export function markedNote(markdown: string, ranges: MarkedRange[]): string {
  return markedText(markdown, ranges)
    .split('\n')
    .map((line) => (HEADING_LINE.test(line) ? `<b>${line}</b>` : line))
    .join('\n');
}

/** One mark around a whole short text (a code's quoted words). */
export function markAll(text: string, evidence: Span[]): string {
  return markedText(text, [{ start: 0, end: text.length, evidence }]);
}

/** The transcript, cut at every evidence boundary; covered pieces become highlightable segments. */
export function segmentedTranscript(transcript: string, spans: Span[]): string {
  const valid = spans.filter((s) => s.start >= 0 && s.end <= transcript.length && s.start < s.end);
  const cuts = [...new Set([0, transcript.length, ...valid.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  let out = '';
  for (let i = 0; i < cuts.length - 1; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!];
    const piece = escape(transcript.slice(from, to));
    const covered = valid.some((s) => s.start < to && from < s.end);
    out += covered ? `<span class="seg" data-from="${from}" data-to="${to}">${piece}</span>` : piece;
  }
  return out;
}

/** The note's own map of markdown ranges to transcript spans (`json.evidence.markdown`). */
export function markdownRanges(json: Record<string, unknown> | undefined): MarkedRange[] {
  const list = (json?.evidence as { markdown?: unknown } | undefined)?.markdown;
  if (!Array.isArray(list)) return [];
  return list.flatMap((r) => {
    const x = r as { start?: unknown; end?: unknown; spans?: unknown };
    if (!Number.isInteger(x.start) || !Number.isInteger(x.end) || !Array.isArray(x.spans)) return [];
    const evidence = (x.spans as Span[]).filter((s) => Number.isInteger(s?.start) && Number.isInteger(s?.end));
    return [{ start: x.start as number, end: x.end as number, evidence }];
  });
}
