// Main-term defaults of the Alphabetic Index (data/icd10cm/coding-defaults.tsv, built by
// scripts/build-coding-index.ts): an "unspecified" main-term code, the main term's words and
// the codes of its subterms.
import { readFileSync } from 'node:fs';

const FILE = new URL('../../../../data/icd10cm/coding-defaults.tsv', import.meta.url);
interface MainTerm { words: RegExp; subs: Set<string> }
let table: Map<string, MainTerm> | undefined;

function defaults(): Map<string, MainTerm> {
  if (table) return table;
  table = new Map();
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [code, terms, subs] = line.split('\t');
    // Index words are letters, digits, apostrophes and hyphens only (the build keeps no others).
    const words = terms!.split('|').filter((w) => /^[a-z0-9'-]+$/.test(w));
    if (words.length === 0) continue;
    table.set(code!, { words: new RegExp(`\\b(?:${words.join('|')})\\b`), subs: new Set(subs!.split(',')) });
  }
  return table;
}

/**
 * Is `code` the unspecified default of a main term ("Anemia" D64.9) while a subterm's code is
 * assigned under a name that says the main term ("iron deficiency anemia" D50.9)? Then the
 * subterm gives the same condition more exactly. `others`: the other codes with their names.
 */
export function yieldsToSubterm(code: string, others: Iterable<{ code: string; name: string }>): boolean {
  const main = defaults().get(code);
  if (!main) return false;
  for (const o of others) if (o.code !== code && main.subs.has(o.code) && main.words.test(o.name.toLowerCase())) return true;
  return false;
}
