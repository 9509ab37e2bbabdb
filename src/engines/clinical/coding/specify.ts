// The most specific code the words of a mention's sentence support: ankle ligament
// (data/lexicon/specifiers.tsv) and finger, phalanx and displacement of a finger fracture.
import { readFileSync } from 'node:fs';
import { isBillable, type Concept } from '../lexicon/index.ts';
import type { Side } from './mentions.ts';

const FILE = new URL('../../../../data/lexicon/specifiers.tsv', import.meta.url);
interface Specifier { prefix: string; words: RegExp; replacement: string }
let rows: Specifier[] | undefined;
function specifiers(): Specifier[] {
  rows ??= readFileSync(FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [prefix, words, replacement] = l.split('\t').map((c) => c.trim());
      return { prefix: prefix!, words: new RegExp(`\\b(?:${words})\\b`, 'i'), replacement: replacement! };
    });
  return rows;
}

const derived = new Map<string, Concept>();
/** The concept with its codes replaced (one object per result, so mentions of it group). */
function withCodes(concept: Concept, codes: Concept['codes']): Concept {
  const key = `${concept.name}|${JSON.stringify(codes)}`;
  let c = derived.get(key);
  if (!c) derived.set(key, (c = { ...concept, codes }));
  return c;
}

const FINGER: Record<string, number> = { index: 0, second: 0, pointer: 0, middle: 2, long: 2, third: 2, ring: 4, fourth: 4, little: 6, pinky: 6, small: 6, fifth: 6 };
const PHALANX: Record<string, number> = { proximal: 1, middle: 2, distal: 3 };
const FINGER_FRACTURE = 'S62.609A';

/** Finger fracture: "distal phalanx fracture of the right middle finger" → S62.632A. */
function fingerFracture(sentence: string, side: Side): string | undefined {
  const finger = /\b(index|second|pointer|middle|long|third|ring|fourth|little|pinky|small|fifth)\s+finger/i.exec(sentence)?.[1]?.toLowerCase();
  const phalanx = /\b(proximal|middle|distal)\s+phalan/i.exec(sentence)?.[1]?.toLowerCase();
  if (!finger && !phalanx) return undefined;
  let digit = 9;
  if (finger !== undefined && (side === 'R' || side === 'L')) digit = FINGER[finger]! + (side === 'L' ? 1 : 0);
  let kind = phalanx ? PHALANX[phalanx]! : 0;
  if (kind && /\bnon-?\s?displaced\b/i.test(sentence)) kind += 3;
  const code = `S62.6${kind}${digit}A`;
  return isBillable(code) ? code : undefined;
}

/** The concept a mention is coded with, made specific by the words of its sentence. */
export function specify(concept: Concept, sentence: string, side: Side, fingerSide: () => Side): Concept {
  if (concept.codes.U === FINGER_FRACTURE) {
    const code = fingerFracture(sentence, side === 'U' ? fingerSide() : side);
    return code ? withCodes(concept, { U: code }) : concept;
  }
  for (const row of specifiers()) {
    const codes = Object.entries(concept.codes);
    if (!codes.some(([, c]) => c.startsWith(row.prefix)) || !row.words.test(sentence)) continue;
    const next: Concept['codes'] = { U: concept.codes.U };
    for (const [k, c] of codes) {
      const replaced = c.startsWith(row.prefix) ? row.replacement + c.slice(row.prefix.length) : c;
      next[k as keyof Concept['codes']] = isBillable(replaced) ? replaced : c;
    }
    return withCodes(concept, next);
  }
  return concept;
}
