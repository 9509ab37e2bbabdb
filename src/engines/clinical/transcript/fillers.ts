// Removes fillers ("um", "uh"), false starts ("y-", "sh-") and stutters ("i , i") from a sentence.
const FILLER = /\b(?:um+|uh+|uhm|erm|hmm+|mm+|ah)\b\s*,?\s*/gi;
const FALSE_START = /(?:^|\s)[a-z]{1,3}-(?=\s)/gi;
// "i , i love" / "we- we're" / "the the" → one copy.
const STUTTER = /\b([a-z']+)(?:(?:\s*,\s*|\s+|-\s*)\1\b)+/gi;

export function cleanUtterance(text: string): string {
  let t = text.replace(FILLER, ' ').replace(/,?\s*\byou know\b\s*,?/gi, ' ');
  t = t.replace(/\b([a-z]+)-\s+(?=\1)/gi, ''); // "we- we're"
  t = t.replace(FALSE_START, ' ');
  t = t.replace(STUTTER, '$1');
  t = t.replace(/\s+/g, ' ').replace(/\s+([,.?!])/g, '$1').replace(/^[\s,.]+/, '');
  t = t.replace(/,\s*([.?!])/g, '$1').replace(/,(\s*,)+/g, ',');
  return t.trim();
}
