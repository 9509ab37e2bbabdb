// The medication vocabulary of med-vocab.json compiled once: canonical codes for how often,
// by which route, in which unit, what change and what status, read from text or from a
// schema's own enum member, and the member that stands for a code when the exact one is missing.
import { readFileSync } from 'node:fs';

type Table = [code: string, re: RegExp][];

interface Raw {
  frequency: [string, string][];
  frequencyFallback: Record<string, string[]>;
  route: [string, string][];
  doseUnit: [string, string][];
  change: [string, string][];
  changeFallback: Record<string, string[]>;
  statusOf: Record<string, string[]>;
  status: [string, string][];
  asNeeded: string;
  indication: string;
  notIndication: string;
  codeAliases: Record<string, string>;
  administered: string;
  administeredList: string;
  dischargeList: string;
}

export interface MedVocab {
  frequency: Table;
  route: Table;
  doseUnit: Table;
  change: Table;
  status: Table;
  frequencyFallback: Record<string, string[]>;
  changeFallback: Record<string, string[]>;
  statusOf: Record<string, string[]>;
  asNeeded: RegExp;
  indication: RegExp;
  notIndication: RegExp;
  codeAliases: Record<string, string>;
  /** A drug given during the encounter, and lists that ask for those or for what the patient takes home. */
  administered: RegExp;
  administeredList: RegExp;
  dischargeList: RegExp;
}

let cached: MedVocab | undefined;

export function medVocab(): MedVocab {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(new URL('./med-vocab.json', import.meta.url), 'utf8')) as Raw;
  const table = (rows: [string, string][]): Table => rows.map(([code, re]) => [code, new RegExp(re, 'i')]);
  cached = {
    frequency: table(raw.frequency),
    route: table(raw.route),
    doseUnit: table(raw.doseUnit),
    change: table(raw.change),
    status: table(raw.status),
    frequencyFallback: raw.frequencyFallback,
    changeFallback: raw.changeFallback,
    statusOf: raw.statusOf,
    asNeeded: new RegExp(raw.asNeeded, 'i'),
    indication: new RegExp(raw.indication, 'gi'),
    notIndication: new RegExp(raw.notIndication, 'i'),
    codeAliases: raw.codeAliases,
    administered: new RegExp(raw.administered, 'i'),
    administeredList: new RegExp(raw.administeredList, 'i'),
    dischargeList: new RegExp(raw.dischargeList, 'i'),
  };
  return cached;
}

/** The first code of `table` whose pattern occurs in `text` (tables list specific codes first). */
export function codeIn(table: Table, text: string): { code: string; index: number; length: number } | undefined {
  for (const [code, re] of table) {
    const m = re.exec(text);
    if (m) return { code, index: m.index, length: m[0].length };
  }
  return undefined;
}

/** The code an enum member stands for: the code itself ("BID"), an alias ("IN"), or a phrase ("twice daily"). */
export function memberCode(table: Table, member: string, aliases: Record<string, string>): string | undefined {
  const upper = member.trim().toUpperCase().replace(/_/g, '-');
  if (table.some(([code]) => code === upper)) return upper;
  if (aliases[upper] && table.some(([code]) => code === aliases[upper])) return aliases[upper];
  return codeIn(table, member.replace(/[_-]+/g, ' '))?.code;
}

/** The enum member for `code`, else for its stand-ins, in order. */
export function memberFor(members: unknown[], table: Table, code: string, fallback: Record<string, string[]>, aliases: Record<string, string>): unknown {
  for (const want of [code, ...(fallback[code] ?? [])]) {
    const hit = members.find((m) => typeof m === 'string' && memberCode(table, m, aliases) === want);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** How many members of an enum read as codes of `table`. */
export function membersOf(members: unknown[], table: Table, aliases: Record<string, string>): number {
  return members.filter((m) => typeof m === 'string' && memberCode(table, m, aliases) !== undefined).length;
}
