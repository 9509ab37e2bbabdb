// Strings that match a caller pattern, built from the very program re2js runs: a
// breadth-first search over its instructions finds the shortest path to MATCH, with the
// length bounds of the schema folded into the search state. Whatever comes out is checked
// with re2js again, so a gap in this search costs a fallback, never an invalid answer.
import { callerRegex } from './schema-regex.ts';

// re2js instruction codes and empty-width flags (the program is re2js's own compiled form).
const ALT = 1, ALT_MATCH = 2, CAPTURE = 3, EMPTY_WIDTH = 4, MATCH = 6, NOP = 7, RUNE = 8, RUNE1 = 9, RUNE_ANY = 10, RUNE_ANY_NOT_NL = 11;
const BEGIN_LINE = 1, END_LINE = 2, BEGIN_TEXT = 4, END_TEXT = 8;

interface Inst {
  op: number;
  out: number;
  arg: number;
  runes: Int32Array | number[];
}

/** Cap on search states (instructions × length steps): bounds the work per pattern. */
const MAX_STATES = 400_000;
const PREFERRED = [0x61, 0x41, 0x30, 0x78, 0x20, 0x2d]; // a A 0 x space -

/**
 * A string matching `pattern` whose length is within [minLength, maxLength], or
 * undefined when the search cannot find one within its budget.
 */
export function stringForPattern(pattern: string, minLength = 0, maxLength = Infinity): string | undefined {
  const regex = callerRegex(pattern);
  const prog = (regex.re as unknown as { re2Input: { prog: { inst: Inst[]; start: number } } }).re2Input.prog;
  const fits = (c: string) => regex.test(c) && [...c].length >= minLength && [...c].length <= maxLength;
  const accept = (m: Found) => padded(m.text, m.endAnchored, minLength, maxLength).find(fits);
  return search(prog.inst, prog.start, minLength, maxLength, accept);
}

/** Pads a match that is shorter than minLength on whichever side the pattern leaves free. */
function padded(text: string, endAnchored: boolean, min: number, max: number): string[] {
  const len = [...text].length;
  if (len >= min) return [text];
  const fill = 'a'.repeat(min - len);
  const out = endAnchored ? [fill + text] : [text + fill, fill + text];
  return out.filter((s) => [...s].length <= max);
}

interface Found {
  text: string;
  endAnchored: boolean;
}

/**
 * Breadth-first by length over (instruction, length so far capped at `min`, passed
 * end-of-text): each layer's empty moves are closed with a stack, runes lead to the next
 * layer. The match is placed at the start of the string.
 */
function search(inst: Inst[], start: number, min: number, max: number, accept: (m: Found) => string | undefined): string | undefined {
  const cap = Math.min(min, Math.floor(MAX_STATES / Math.max(1, inst.length) / 2));
  const width = cap + 1;
  const key = (pc: number, len: number, ended: number) => ((pc * width + Math.min(len, cap)) * 2) + ended;
  const prev = new Map<number, { from: number; rune: number }>();
  let layer: [number, number][] = [[start, 0]]; // pc, ended
  prev.set(key(start, 0, 0), { from: -1, rune: -1 });
  for (let len = 0; len <= max && layer.length > 0; len++) {
    const next: [number, number][] = [];
    const stack = [...layer];
    while (stack.length > 0) {
      if (prev.size > MAX_STATES) return undefined;
      const [pc, ended] = stack.pop()!;
      const here = key(pc, len, ended);
      const visit = (nextPc: number, nextEnded: number, rune: number) => {
        const nextLen = rune < 0 ? len : len + 1;
        const k = key(nextPc, nextLen, nextEnded);
        if (nextLen > max || prev.has(k)) return;
        prev.set(k, { from: here, rune });
        (rune < 0 ? stack : next).push([nextPc, nextEnded]);
      };
      const i = inst[pc];
      switch (i.op) {
        case MATCH:
          {
            // A short match that must end the text may still take padding in front.
            const ok = accept({ text: spell(prev, here), endAnchored: ended === 1 });
            if (ok !== undefined) return ok;
          }
          break;
        case ALT:
        case ALT_MATCH:
          visit(i.out, ended, -1);
          visit(i.arg, ended, -1);
          break;
        case CAPTURE:
        case NOP:
          visit(i.out, ended, -1);
          break;
        case EMPTY_WIDTH:
          if ((i.arg & (BEGIN_TEXT | BEGIN_LINE)) !== 0 && len > 0) break;
          visit(i.out, (i.arg & (END_TEXT | END_LINE)) !== 0 ? 1 : ended, -1);
          break;
        case RUNE:
        case RUNE1:
        case RUNE_ANY:
        case RUNE_ANY_NOT_NL:
          if (!ended) visit(i.out, 0, pickRune(i));
          break;
        default:
          break; // FAIL and lookbehind instructions lead nowhere here
      }
    }
    layer = next;
  }
  return undefined;
}

function spell(prev: Map<number, { from: number; rune: number }>, at: number): string {
  const runes: number[] = [];
  for (let k = at; k !== -1; ) {
    const step = prev.get(k)!;
    if (step.rune >= 0) runes.push(step.rune);
    k = step.from;
  }
  return String.fromCodePoint(...runes.reverse());
}

/** A readable rune the instruction accepts: a, A, 0, x, space or -, else its lowest. */
function pickRune(i: Inst): number {
  if (i.op === RUNE_ANY || i.op === RUNE_ANY_NOT_NL) return 0x61;
  const r = i.runes;
  if (r.length === 1) return r[0];
  for (const want of PREFERRED) {
    for (let j = 0; j + 1 < r.length; j += 2) if (r[j] <= want && want <= r[j + 1]) return want;
  }
  for (let j = 0; j + 1 < r.length; j += 2) {
    // Skip control characters and lone surrogates when the range offers better.
    const lo = Math.max(r[j], 0x21);
    if (lo <= r[j + 1] && (lo < 0xd800 || lo > 0xdfff)) return lo;
  }
  return r[0];
}
