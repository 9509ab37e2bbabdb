// Problem lists from an assessment-and-plan note: one item per problem heading ("Gout." or
// "2. Acute lumbar strain.") with the bullet block under it as its scope, and what that
// block says: status, tests ordered, drugs to take, referrals; ICD-10-CM from the coder.
import { readFileSync } from 'node:fs';
import { codeText } from '../coding/index.ts';
import { firstToken, type Item } from './scan.ts';
import { medAttrs } from './med-attrs.ts';
import { tidyName } from './names.ts';
import type { Ctx } from './scan.ts';
import type { Range } from './text-doc.ts';

interface Vocab {
  status: [string, RegExp][];
  ordered: RegExp;
  notOrdered: RegExp;
  referred: RegExp;
}

let cached: Vocab | undefined;

function vocab(): Vocab {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(new URL('./problem-vocab.json', import.meta.url), 'utf8'));
  cached = {
    status: (raw.status as [string, string][]).map(([k, re]) => [k, new RegExp(re, 'i')]),
    ordered: new RegExp(raw.ordered, 'gi'),
    notOrdered: new RegExp(raw.notOrdered, 'i'),
    referred: new RegExp(raw.referred, 'gi'),
  };
  return cached;
}

const HEADING = /^(\d{1,2}[.)]\s*)?([A-Z][A-Za-z0-9 ,'/-]{2,80}?)\.?$/;
const SECTION = /^[A-Z0-9 ,&'/-]{4,}$/;

/** Problem headings of `scope` with their blocks. */
export function problemItems(ctx: Ctx, scope: Range): Item[] {
  const text = ctx.doc.text;
  const lines: Range[] = [];
  for (let pos = scope.start; pos < scope.end; ) {
    let end = text.indexOf('\n', pos);
    if (end === -1 || end > scope.end) end = scope.end;
    lines.push({ start: pos, end });
    pos = end + 1;
  }
  const nonEmpty = lines.filter((l) => text.slice(l.start, l.end).trim() !== '');
  const items: Item[] = [];
  nonEmpty.forEach((l, i) => {
    const line = text.slice(l.start, l.end).trim();
    const m = HEADING.exec(line);
    const next = nonEmpty[i + 1] ? text.slice(nonEmpty[i + 1]!.start, nonEmpty[i + 1]!.end) : '';
    if (!m || SECTION.test(line) || m[2]!.split(/\s+/).length > 10 || !(m[1] || /^\s*[•*-]/.test(next))) return;
    const start = l.start + text.slice(l.start, l.end).indexOf(m[2]!);
    items.push({ text: tidyName(m[2]!.replace(/,$/, '')), span: { start, end: start + m[2]!.length }, scope: { start: l.end, end: scope.end }, negated: false, domain: 'problem' });
  });
  // A block ends where the next problem, a section heading or an unbulleted label begins.
  items.forEach((it, i) => {
    let end = items[i + 1] ? items[i + 1]!.span.start : scope.end;
    for (const l of nonEmpty) {
      if (l.start <= it.span.start || l.start >= end) continue;
      const line = text.slice(l.start, l.end);
      if (SECTION.test(line.trim()) || /^[A-Z][A-Za-z ]{2,30}:/.test(line)) {
        end = l.start;
        break;
      }
    }
    it.scope = { start: it.scope.start, end };
  });
  return items;
}

export interface ProblemAttrs {
  status?: string;
  code?: string;
  tests: string[];
  medications: string[];
  referrals: string[];
}

const attrCache = new WeakMap<Ctx, Map<number, ProblemAttrs>>();

export function problemAttrs(ctx: Ctx, item: Item): ProblemAttrs {
  let perDoc = attrCache.get(ctx);
  if (!perDoc) attrCache.set(ctx, (perDoc = new Map()));
  const hit = perDoc.get(item.span.start);
  if (hit) return hit;
  const v = vocab();
  const block = ctx.doc.text.slice(item.scope.start, item.scope.end);
  const tests = [...block.matchAll(v.ordered)].map((m) => m[1]!.trim()).filter((t) => !v.notOrdered.test(t) && !ctx.lex.drugs.phrases.has(t.toLowerCase()));
  const referrals = [...block.matchAll(v.referred)].map((m) => m[1]!.trim());
  const medications: string[] = [];
  const tokens = ctx.doc.tokens;
  for (let i = firstToken(ctx, item.scope.start); i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.end > item.scope.end) break;
    if (!ctx.lex.drugs.phrases.has(t.stem) || medications.some((m) => m.toLowerCase() === t.lower)) continue;
    if (medAttrs(ctx, t.text, t).change === 'STOP') continue;
    medications.push(t.text);
  }
  const attrs: ProblemAttrs = {
    status: v.status.find(([, re]) => re.test(block))?.[0],
    code: codeOf(item.text),
    tests: [...new Set(tests)],
    medications,
    referrals: [...new Set(referrals)],
  };
  perDoc.set(item.span.start, attrs);
  return attrs;
}

const codes = new Map<string, string | undefined>();
const MAX_CODES = 2000;

/** The ICD-10-CM code the embedded coder gives a problem's name (names recur: kept across requests, bounded). */
export function codeOf(name: string): string | undefined {
  const key = name.toLowerCase();
  if (codes.has(key)) return codes.get(key);
  const code = codeText(name).diagnoses[0]?.code.coding[0]?.code;
  if (codes.size >= MAX_CODES) codes.delete(codes.keys().next().value!);
  codes.set(key, code);
  return code;
}
