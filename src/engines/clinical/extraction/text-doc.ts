// The text prepared once per request: word tokens with stems, sentence ranges (the shared
// splitter of ../context), and "Label: value" fields (including headings whose list
// follows on the next lines).
import { sentenceAt, splitSentences } from '../context/index.ts';

export interface Token {
  text: string;
  lower: string;
  stem: string;
  start: number;
  end: number;
}

export interface Range {
  start: number;
  end: number;
}

export interface LabelField {
  label: string;
  stems: string[];
  labelStart: number;
  /** The value after the colon, or the body of lines under a heading. */
  value: Range;
}

export interface Doc {
  text: string;
  lower: string;
  tokens: Token[];
  sentences: Range[];
  labels: LabelField[];
  /** Token indexes by stem, so a phrase lookup does not scan the whole text. */
  byStem: Map<string, number[]>;
}

export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  w = w.replace(/ies$/, 'y');
  const cut = w.replace(/(ing|ion|ers|er|ed|es|ic|ly|s)$/, '');
  if (cut.length >= 3) w = cut;
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export function tokenize(text: string, offset = 0): Token[] {
  const out: Token[] = [];
  const re = /[A-Za-z0-9µ°]+(?:['’][A-Za-z]+)?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lower = m[0].toLowerCase();
    out.push({ text: m[0], lower, stem: stem(lower), start: m.index + offset, end: m.index + offset + m[0].length });
  }
  return out;
}

export function stems(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.stem);
}

export function buildDoc(text: string): Doc {
  const tokens = tokenize(text);
  const byStem = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = byStem.get(t.stem);
    if (list) list.push(i);
    else byStem.set(t.stem, [i]);
  });
  return { text, lower: text.toLowerCase(), tokens, sentences: splitSentences(text), labels: findLabels(text), byStem };
}

// A label may carry a parenthesised hint with commas: "Legal name (Last, First, Middle):".
const LABEL_LINE = /^([ \t]*(?:[-*•][ \t]*)?)([A-Za-z](?:[A-Za-z0-9 /#%&'.-]|\([^()\n]{0,30}\)){0,48}?)[ \t]*[:=][ \t]*(.*)$/;
const INLINE_LABEL = /(?:[,;|]|\.(?=\s)|\s\s)\s*([A-Za-z][A-Za-z0-9 ()/#%'-]{0,30}?)\s*:\s*/g;
const HEADING = /^[ \t]*([A-Z][A-Z0-9 /&()-]{2,40})[ \t]*$/;

function findLabels(text: string): LabelField[] {
  const out: LabelField[] = [];
  const lines: { start: number; end: number }[] = [];
  let pos = 0;
  for (const line of text.split('\n')) {
    lines.push({ start: pos, end: pos + line.length });
    pos += line.length + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    const { start, end } = lines[i];
    const line = text.slice(start, end);
    const m = LABEL_LINE.exec(line);
    const heading = m ? undefined : HEADING.exec(line);
    if (!m && !heading) {
      midLineLabels(text, start, end, out);
      continue;
    }
    if (m && /^\s*(https?|mailto)$/i.test(m[2])) continue;
    const label = m ? m[2] : heading![1];
    const labelStart = start + (m ? m[1].length : line.indexOf(label));
    const valueText = m ? m[3] : '';
    if (valueText.trim() === '') {
      // A heading: the value is the block of lines until a blank line or the next label.
      let j = i + 1;
      while (j < lines.length) {
        const next = text.slice(lines[j].start, lines[j].end);
        if (next.trim() === '' || ((LABEL_LINE.test(next) || HEADING.test(next)) && !/^\s*[-*•\d]/.test(next))) break;
        j++;
      }
      if (j > i + 1) out.push(field(label, labelStart, { start: lines[i + 1].start, end: lines[j - 1].end }));
      continue;
    }
    const valueStart = end - valueText.length;
    // Several fields on one line: "Weight: 80 kg, Height: 180 cm".
    const cuts: { label: string; at: number; valueStart: number }[] = [{ label, at: labelStart, valueStart }];
    INLINE_LABEL.lastIndex = 0;
    for (let k = INLINE_LABEL.exec(valueText); k; k = INLINE_LABEL.exec(valueText)) {
      const at = valueStart + k.index + k[0].indexOf(k[1]);
      cuts.push({ label: k[1], at, valueStart: valueStart + k.index + k[0].length });
    }
    for (let c = 0; c < cuts.length; c++) {
      const valueEnd = c + 1 < cuts.length ? cuts[c + 1].at : end;
      out.push(field(cuts[c].label, cuts[c].at, { start: cuts[c].valueStart, end: trimEnd(text, cuts[c].valueStart, valueEnd) }));
    }
  }
  return out;
}

/** "…a day. Allergies: sulfa, latex." — a label after a sentence inside a line. */
function midLineLabels(text: string, start: number, end: number, out: LabelField[]): void {
  const line = text.slice(start, end);
  const re = /[.;!?]\s+([A-Z][A-Za-z0-9 /()#'-]{0,30}?)\s*:\s*/g;
  const cuts: { label: string; at: number; valueStart: number }[] = [];
  for (let m = re.exec(line); m; m = re.exec(line)) cuts.push({ label: m[1], at: start + m.index + m[0].indexOf(m[1]), valueStart: start + m.index + m[0].length });
  for (let c = 0; c < cuts.length; c++) {
    const valueEnd = c + 1 < cuts.length ? cuts[c + 1].at : end;
    out.push(field(cuts[c].label, cuts[c].at, { start: cuts[c].valueStart, end: trimEnd(text, cuts[c].valueStart, valueEnd) }));
  }
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /[\s,;|]/.test(text[end - 1])) end--;
  return end;
}

function field(label: string, labelStart: number, value: Range): LabelField {
  // "D.O.B." is the word "dob".
  const words = /^([A-Za-z]\.){2,}[A-Za-z]?\.?$/.test(label.trim()) ? label.replace(/\./g, '') : label;
  return { label, stems: stems(words), labelStart, value };
}

/** The sentence holding `at` (or the one before, between sentences); the whole text if none. */
export function sentenceOf(doc: Doc, at: number): Range {
  return sentenceAt(doc.sentences, at) ?? { start: 0, end: doc.text.length };
}

export function within(r: { start: number; end: number }, scope: Range): boolean {
  return r.start >= scope.start && r.end <= scope.end;
}
