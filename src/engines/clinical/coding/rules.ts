// Reads the coding rule tables (data/lexicon/coding-rules.tsv, family-history.tsv).
import { lexiconTable } from '../lexicon/tables.ts';

export interface CombinationRule {
  when: string;
  /** The second condition (code or pattern), or '-' when the rule needs none. */
  also: string;
  /** A code, or codes by the side of the `when` condition ("R:L97.519,L:L97.529,U:L97.509"). */
  add?: string;
  /** Codes or prefix patterns (ending in '*') to drop. */
  drop: string[];
  /** 'sentence': the two conditions must be named in one sentence (a link the clinician states). */
  scope: 'visit' | 'sentence';
}

/** Exact code, or prefix when the pattern ends with '*'. */
export function codeMatches(pattern: string, code: string): boolean {
  return pattern.endsWith('*') ? code.startsWith(pattern.slice(0, -1)) : code === pattern;
}

/** The code a rule adds for a condition named on `side`: by side when the rule gives codes by side. */
export function addedCode(rule: CombinationRule, side: string): string | undefined {
  if (!rule.add?.includes(':')) return rule.add;
  const bySide = new Map(rule.add.split(',').map((p) => p.split(':') as [string, string]));
  return bySide.get(side) ?? bySide.get('U');
}

let combos: CombinationRule[] | undefined;
export function combinationRules(): CombinationRule[] {
  combos ??= lexiconTable('coding-rules.tsv').map(([when, also, add, drop, scope]) => ({
    when: when!,
    also: also!,
    add: add && add !== '-' ? add : undefined,
    drop: (drop ?? '').split(',').filter((d) => d && d !== '-'),
    scope: scope === 'sentence' ? 'sentence' : 'visit',
  }));
  return combos;
}

let family: [string, string][] | undefined;
/** Family-history Z code for a condition code, if the condition is one coders record. */
export function familyHistoryCode(code: string): string | undefined {
  family ??= lexiconTable('family-history.tsv').map(([p, z]) => [p!, z!] as [string, string]);
  return family.find(([prefix]) => code.startsWith(prefix))?.[1];
}

let additional: Map<string, string[]> | undefined;
/**
 * Is `symptom` one of the associated symptoms the tabular list says to code beside the diagnosis
 * `code` ("use additional code for associated symptoms": BPH with LUTS N40.1 and nocturia R35.1)?
 */
export function codedBeside(code: string, symptom: string): boolean {
  additional ??= new Map(lexiconTable('additional-codes.tsv').map(([dx, list]) => [dx!, (list ?? '').split(',').filter(Boolean)]));
  return (additional.get(code) ?? []).some((p) => codeMatches(p, symptom));
}
