// Worst-case sentences for the text engines: long punctuation runs, apostrophe runs,
// brackets and repeated openers, the inputs that make backtracking regexes explode.
// Written as data so every engine test can take the same list.

const RUN = 3000;

export const WORST_CASE_SENTENCES: readonly string[] = [
  `${"'".repeat(RUN)} was a big worry`,
  `my asthma ${"a '".repeat(RUN / 3)} is the`,
  `${'and then '.repeat(60)}pain`,
  `I have asthma ${"'".repeat(RUN)} x`,
  `${'okay, so, and then '.repeat(40)}mm`,
  `I have (diabetes) and (hypertension( and ((asthma)) ${'('.repeat(RUN)}`,
  `${'.'.repeat(RUN)} ${','.repeat(RUN)} ${'?'.repeat(RUN)}`,
  `${' '.repeat(RUN)}x${' '.repeat(RUN)}: ${'-'.repeat(RUN)}`,
  `allergy (${' '.repeat(RUN)}`,
  `[${'['.repeat(RUN)}] {${'{'.repeat(RUN)}} <v ${' '.repeat(RUN)}`,
  `${"don't ".repeat(500)}think`,
  `${'1. '.repeat(RUN / 3)}`,
  `${'**'.repeat(RUN / 2)}: `,
  `${'# '.repeat(RUN / 2)}#`,
];

/** A conversation that puts every worst-case sentence in both speakers' mouths. */
export function hostileTranscript(): string {
  return WORST_CASE_SENTENCES.flatMap((s, i) => [`Doctor: ${s}`, `Patient: ${WORST_CASE_SENTENCES[(i + 3) % WORST_CASE_SENTENCES.length]}`]).join('\n');
}
