// Body area of an examination finding, for objective.physicalExam.<area>.
const AREAS: [string, RegExp][] = [
  ['cardiovascular', /\b(?:heart|murmur|cardiac|gallop|rub|regular rate|pulses?|edema|carotid)\b/],
  ['respiratory', /\b(?:lungs?|breath sounds|wheez\w*|crackles|rales|rhonchi)\b/],
  ['abdomen', /\b(?:abdomen|abdominal|belly|stomach|bowel sounds|liver|spleen|quadrants?|epigastric|epigastrium|umbilical|suprapubic)\b/],
  ['neurological', /\b(?:reflexes|sensation|strength|neuro\w*|cranial|gait)\b/],
  ['skin', /\b(?:skin|rash|lesion|wound|ulcer|erythema|incision)\b/],
  ['heent', /\b(?:head|eyes?|ears?|nose|throat|neck|thyroid|lymph nodes?|pupils)\b/],
  ['musculoskeletal', /\b(?:knee|shoulder|ankle|hip|wrist|elbow|back|spine|joint|range of motion|tender\w*|swelling|effusion|foot|hand|leg|arm|finger|toe)\b/],
];

export function examArea(sentence: string): string {
  const t = sentence.toLowerCase();
  for (const [area, re] of AREAS) if (re.test(t)) return area;
  return 'general';
}
