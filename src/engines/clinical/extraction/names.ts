// How a found name is written back: spoken numbers in a disease's type or stage become
// digits ("type two diabetes" → "type 2 diabetes"), as forms and coders write them.
const SPOKEN: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', i: '1', ii: '2', iii: '3', iv: '4' };
const TYPED = /\b(type|stage|grade|class)\s+(one|two|three|four|i{1,3}|iv)\b/gi;

export function tidyName(name: string): string {
  return name.replace(TYPED, (_, word: string, n: string) => `${word} ${SPOKEN[n.toLowerCase()]}`);
}
