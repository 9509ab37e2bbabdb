// Main-term defaults of the Alphabetic Index (data/icd10cm/coding-defaults.tsv, built by
// scripts/build-coding-index.ts): an "unspecified" main-term code, the main term's words and
// the codes of its subterms.
import { icd10cmTable } from '../lexicon/tables.ts';
import { icd10cmTitle } from '../lexicon/index.ts';
import { sideOfCode } from './code-sides.ts';

interface MainTerm { words: RegExp; subs: Set<string>; specified: boolean }
let table: Map<string, MainTerm> | undefined;

function defaults(): Map<string, MainTerm> {
  if (table) return table;
  table = new Map();
  for (const [code, terms, subs, mark] of icd10cmTable('coding-defaults.tsv')) {
    // Index words are letters, digits, apostrophes and hyphens only (the build keeps no others);
    // a main term's other wording may be two words ("hearing loss" for "deafness").
    const words = terms!.split('|').filter((w) => /^[a-z0-9'-]+(?: [a-z0-9'-]+)*$/.test(w));
    if (words.length === 0) continue;
    table.set(code!, { words: new RegExp(`\\b(?:${words.join('|')})\\b`), subs: new Set(subs!.split(',')), specified: mark === 'specified' });
  }
  return table;
}

/**
 * Is `code` the unspecified default of a main term ("Anemia" D64.9) while a subterm's code is
 * assigned under a name that says the main term ("iron deficiency anemia" D50.9)? Then the
 * subterm gives the same condition more exactly. `others`: the other codes with their names;
 * `specified`: also a main term whose own code is a specified one (the index lookup's refinement).
 */
export function yieldsToSubterm(code: string, others: Iterable<{ code: string; name: string }>, specified = false): boolean {
  const own = defaults().get(code);
  // A main term's default at a side ("Unspecified hearing loss, right ear" H91.91 of H91.90) yields
  // to a subterm of that side or both sides ("bilateral sensorineural hearing loss" H90.3).
  const at = own ? undefined : sideOfCode(code);
  const main = own ?? (at ? defaults().get(at.unspecified) : undefined);
  if (at) others = [...others].filter((o) => [at.side, 'B'].includes(sideOf(o.code) ?? ''));
  // A main term's own specified code ("Hypertension" I10) stays beside a subterm's code named
  // apart (I16.0 "code also" I10); it yields only to the phrase that holds it (`specified`).
  if (!main || (main.specified && !specified)) return false;
  for (const o of others) if (o.code !== code && main.subs.has(o.code) && main.words.test(o.name.toLowerCase())) return true;
  return false;
}

/** The side a code names: by the side table, or "bilateral" in its title. */
function sideOf(code: string): string | undefined {
  return sideOfCode(code)?.side ?? (/\bbilateral\b/i.test(icd10cmTitle(code) ?? '') ? 'B' : undefined);
}
