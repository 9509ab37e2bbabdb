// Index lookup wordings (index-terms.ts, data/icd10cm/coding-index.tsv): "of" phrases, capitalised
// abbreviations, limb synonyms, sides of limb categories, one-word disorders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { indexConcept } from './index-terms.ts';

const assessed = (line: string): string[] => codeText(`ASSESSMENT\n${line}.\nPLAN\nWe will treat this.`).diagnoses.map((d) => d.code.coding[0]!.code);
const spans = (line: string): string[] => codeText(`ASSESSMENT\n${line}.\n`).diagnoses.map((d) => d.text_span.text);

test('a head word with its qualifier after "of" is looked up qualifier first', () => {
  assert.deepEqual(assessed('Infection of the urinary tract'), ['N39.0']);
  assert.deepEqual(spans('Infection of the urinary tract'), ['Infection of the urinary tract']);
  assert.deepEqual(assessed('Malignant neoplasm of the thyroid gland'), ['C73']);
});

test('an abbreviation from the index or an unambiguous sense inventory is read only in capitals', () => {
  assert.deepEqual(assessed('PNA'), ['J18.9']);
  assert.deepEqual(assessed('POTS'), ['G90.A']);
  assert.deepEqual(assessed('She cleaned the pots'), []);
});

test('"upper extremity" is the index\'s arm, coded by the side said', () => {
  assert.deepEqual(assessed('Left upper extremity neuropathy'), ['G56.92']);
});

test('hepatitis of a named virus type said short ("hep c") is the index\'s hepatitis of that type', () => {
  assert.deepEqual(assessed('Hep C'), ['B19.20']);
  assert.deepEqual(assessed('Hep B'), ['B19.10']);
});

test('a one-word main term the index calls a disorder is coded, in the plural too', () => {
  assert.deepEqual(assessed('Tics'), ['F95.9']);
});

test('a main term\'s nonessential modifier is read after it as the index writes it', () => {
  assert.deepEqual(assessed('Diabetes mellitus'), ['E11.9']);
});

test('an index subterm phrase holding the adjective form of a main term refines it ("hypertensive" I10)', () => {
  assert.deepEqual(assessed('Hypertensive heart disease'), ['I11.9']);
});

test('a species name is not the plural of the disease it is named for', () => {
  assert.deepEqual(assessed('Culture grew Streptococcus pneumoniae'), []);
});

test('an index phrase holding two hand-named concepts whole names their one condition', () => {
  assert.deepEqual(assessed('Asthmatic bronchitis'), ['J45.901']);
  assert.deepEqual(assessed('Hypertensive urgency'), ['I16.0']);
});

test('"sepsis" alone is the index main term (Sepsis, unspecified organism A41.9), shorter than a suffix match needs', () => {
  assert.deepEqual(assessed('Sepsis'), ['A41.9']);
  assert.deepEqual(assessed('Septicemia'), ['A41.9']);
});

test('a main term the index codes only by sex takes the sex the visit states (Index: Hypogonadism, female E28.39, male E29.1)', () => {
  assert.deepEqual(codeText('He is a 40 year old gentleman here for hypogonadism, on weekly testosterone.').diagnoses.map((d) => d.code.coding[0]!.code), ['E29.1']);
  assert.deepEqual(codeText('She is a 40 year old woman here for hypogonadism, on estradiol.').diagnoses.map((d) => d.code.coding[0]!.code), ['E28.39']);
  assert.deepEqual(codeText('Here for hypogonadism, on weekly injections.').diagnoses.map((d) => d.code.coding[0]!.code), []);
  assert.deepEqual(codeText('A 30 year old man and his 2 year old girl; he asks about hypogonadism.').diagnoses.map((d) => d.code.coding[0]!.code), []);
});

test('a named member two levels down is said with its kind word first, or without it for a written name', () => {
  // Deficiency, vitamin, K E56.1; Deficiency, factor, XI D68.1; Deficiency, protein, S D68.59.
  assert.deepEqual(assessed('Vitamin K deficiency in the newborn period'), ['E56.1']);
  assert.deepEqual(assessed('Factor XI deficiency'), ['D68.1']);
  assert.deepEqual(assessed('Protein S deficiency'), ['D68.59']);
  // Deficiency, immunity, IgM D80.4: the immunoglobulin class names the immunity.
  assert.deepEqual(assessed('Selective IgM deficiency, stable'), ['D80.4']);
  // An adjective under the kind word is not said without it ("Deficiency, immunity, combined").
  assert.deepEqual(assessed('Combined deficiency'), []);
});

test('a plural main term is read in the singular before its subterm (Index: Migraine, without aura G43.009)', () => {
  assert.deepEqual(assessed('Migraines without aura'), ['G43.009']);
  assert.deepEqual(spans('Migraines without aura'), ['Migraines without aura']);
  assert.deepEqual(assessed('Migraines'), ['G43.909']);
});

test('an index term abbreviated in brackets is read as said, abbreviation and all ("Elevated, prostate specific antigen [PSA]")', () => {
  assert.equal(indexConcept('elevated psa')?.codes.U, 'R97.20');
  assert.equal(indexConcept('elevated prostate specific antigen')?.codes.U, 'R97.20');
});

test('an index subterm "a or b" is said as either word ("Fibrillation, atrial or auricular, persistent")', () => {
  assert.equal(indexConcept('persistent atrial fibrillation')?.codes.U, 'I48.19');
});

test('a site said after "from" is read before its head, as after "of" ("bleeding from the rectum" = rectal bleeding)', () => {
  assert.ok(codeText('Assessment: bleeding from the rectum. Colonoscopy.').diagnoses.some((d) => d.code.coding[0]!.code === 'K62.5'));
});

test('a subterm the index sends to the same subterm of another main term takes its sites: Swelling, joint — see Effusion, joint', () => {
  assert.deepEqual(assessed('Left elbow joint swelling'), ['M25.422']);
  assert.deepEqual(assessed('Right wrist joint swelling'), ['M25.431']);
});

test('a coded subterm of a main term with no code takes its own site subterms, unspecified on the axes not said', () => {
  // Ulcer (no code), pressure L89.9-, hip L89.2-: the right hip, stage not said, is L89.219.
  assert.deepEqual(assessed('Pressure ulcer of the right hip'), ['L89.219']);
  assert.deepEqual(assessed('Pressure ulcer of the left heel'), ['L89.629']);
  // A type the index term names is kept: Tear, meniscus, bucket-handle is not "Unspecified tear".
  assert.equal(indexConcept('bucket handle meniscus tear')?.codes.R, 'S83.200A');
});

test('a main term whose comma parts qualify it is said whole beside its subterms, never by a later part alone (Reiter\'s disease, syndrome, or urethritis, knee; Fracture, pathological, femur)', () => {
  assert.equal(indexConcept('syndrome knee'), undefined);
  assert.equal(indexConcept('reiter\'s disease knee')?.codes.R, 'M02.361');
  assert.equal(indexConcept('femur pathological fracture')?.codes.L, 'M84.452A');
  // Fracture, traumatic is the fracture said with no kind (index-synonyms.tsv): radius S52.9-.
  assert.equal(indexConcept('radius fracture')?.codes.U, 'S52.90XA');
  assert.deepEqual(assessed('Syndrome of the right knee'), []);
});

test('a foreign body is looked up at the site said after "in", under its entering route (Index: Foreign body, entering through orifice, nostril T17.1; tabular "Foreign body in nostril")', () => {
  assert.equal(indexConcept('nostril foreign body')?.codes.U, 'T17.1XXA');
  assert.deepEqual(assessed('Foreign body in the right nostril'), ['T17.1XXA']);
  assert.deepEqual(assessed('Foreign body in the stomach'), ['T18.2XXA']);
});

test('a "see" reference naming a main term by its first comma form is followed, unless it names a list of sites', () => {
  // "Cholelithiasis — see Calculus, gallbladder" (main term "Calculus, calculous, calculi").
  assert.deepEqual(assessed('Cholelithiasis'), ['K80.20']);
  assert.deepEqual(assessed('Urolithiasis'), ['N20.9']);
  // "Pinched nerve — see Neuropathy, entrapment": its subterms name the nerve, so no phrase.
  assert.equal(indexConcept('pinched nerve'), undefined);
  // …or a general main term ("Ailment, heart — see Disease, heart" for "Disease, diseased").
  assert.equal(indexConcept('ailment heart'), undefined);
});

test('a subterm whose nonessential modifier names its cause is looked up only when the cause is said (Abscess, spine (tuberculous) A18.01)', () => {
  assert.equal(indexConcept('spine abscess'), undefined);
  assert.equal(indexConcept('bent back'), undefined);
  assert.notEqual(indexConcept('tuberculous spine abscess'), undefined);
  assert.notEqual(indexConcept('newborn umbilical sepsis'), undefined);
  // …or by its "see also" reference (Lesion, primary — see also Syphilis, primary A51.0).
  assert.equal(indexConcept('primary lesion'), undefined);
});

test('an eponym spelled as a possessive pronoun is speech about a person, not the eponymous disease (Disease, His (-Werner) A79.0)', () => {
  assert.deepEqual(assessed('His disease is stable'), []);
  assert.notEqual(indexConcept('bundle of his interruption'), undefined);
});

test('words before a named concept that make it a subterm of its category win (Pain, limb, upper, upper arm M79.62-)', () => {
  const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
  assert.deepEqual(codes('ASSESSMENT\nRight upper arm pain.\nPLAN\nWe will treat this.'), ['M79.621']);
  assert.deepEqual(codes('ASSESSMENT\nLeft arm pain.\nPLAN\nWe will treat this.'), ['M79.602']);
});

test('a head the index codes alone, said with its site after "of", is the site entry (Osteomyelitis, jaw M27.2)', () => {
  const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
  assert.deepEqual(codes('ASSESSMENT\nOsteomyelitis of the jaw.\nPLAN\nWe will treat this.'), ['M27.2']);
  assert.deepEqual(codes('ASSESSMENT\nTuberculosis of the bone.\nPLAN\nWe will treat this.'), ['A18.03']);
});

test('an abbreviation whose inventories spell its one sense differently, or add a general word, is read (LBP, PUD)', () => {
  const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
  assert.deepEqual(codes('ASSESSMENT\nPUD.\nPLAN\nWe will treat this.'), ['K27.9']);
  assert.deepEqual(codes('ASSESSMENT\nLBP.\nPLAN\nWe will treat this.'), ['M54.50']);
});

test('a second-level site of the Table of Neoplasms codes the parent site\'s cancer (Neoplasm, lung, upper lobe C34.1-)', () => {
  const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
  assert.deepEqual(codes('ASSESSMENT\nLung cancer in the right upper lobe.\nPLAN\nWe will treat this.'), ['C34.11']);
  assert.deepEqual(codes('ASSESSMENT\nLung cancer in the lower left lobe.\nPLAN\nWe will treat this.'), ['C34.32']);
});

test('a condition the index names by a word before its symptom wins over the symptom ("jock itch" B35.6, "whooping cough" A37.90)', () => {
  const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
  assert.deepEqual(codes('ASSESSMENT\nJock itch.\nPLAN\nWe will treat this.'), ['B35.6']);
  assert.deepEqual(codes('ASSESSMENT\nWhooping cough.\nPLAN\nWe will treat this.'), ['A37.90']);
  assert.deepEqual(codes('ASSESSMENT\nDry cough.\nPLAN\nWe will treat this.'), ['R05.9']);
});

test('a main term sent to a condition "by site" names it and takes its sites (Bedsore — see Ulcer, pressure, by site)', () => {
  const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
  assert.deepEqual(codes('ASSESSMENT\nBedsore on her left hip.\nPLAN\nWe will treat this.'), ['L89.229']);
  assert.deepEqual(codes('ASSESSMENT\nDecubitus ulcer of the left heel.\nPLAN\nWe will treat this.'), ['L89.629']);
});

test('a Table of Neoplasms site is said with its nonessential word too (thyroid (gland): "thyroid gland cancer" C73)', () => {
  assert.equal(indexConcept('thyroid gland malignant neoplasm')?.codes.U, 'C73');
  assert.equal(indexConcept('pituitary gland adenoma')?.codes.U, 'D35.2');
});
