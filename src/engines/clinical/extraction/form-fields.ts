// Form fields whose value is part of a labelled value: a person's given or family name
// ("COLLINS, Martha J."), a city, state or ZIP ("Dayton, OH 45402"), a phone number, a
// language without the form's trailing noise, and the ticked box of "[ ] Yes [x] No".
import type { Ctx, Found } from './scan.ts';
import type { Range } from './text-doc.ts';

const LANGUAGES = /\b(English|Spanish|French|German|Italian|Portuguese|Russian|Polish|Ukrainian|Arabic|Hebrew|Farsi|Persian|Urdu|Hindi|Bengali|Punjabi|Gujarati|Tamil|Mandarin|Cantonese|Chinese|Japanese|Korean|Vietnamese|Tagalog|Filipino|Thai|Khmer|Hmong|Lao|Somali|Amharic|Swahili|Haitian Creole|Creole|Greek|Turkish|Armenian|Navajo|American Sign Language|ASL|Sign Language)\b/;
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/;
const CITY_STATE_ZIP = /^\s*([A-Za-z][A-Za-z .'-]*?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\b/;
const TICKED = /\[\s*[xX✓✔]\s*\]\s*([A-Za-z][A-Za-z -]*?)(?=\s*(?:\[|$|[,;]))/;

const titleCase = (s: string) => (s === s.toUpperCase() ? s.charAt(0) + s.slice(1).toLowerCase() : s);

/** The value a form field takes from the text in `scope`, or undefined to let the ordinary finders look. */
export function formString(ctx: Ctx, keyWords: string[], scope: Range, value?: Found<string>): Found<string> | undefined {
  const text = ctx.doc.text.slice(scope.start, scope.end);
  const key = keyWords.join(' ');
  if (/\b(phone|telephone|tel|mobile|cell|fax)\b/.test(key)) {
    const m = PHONE.exec(value ? ctx.doc.text.slice(value.span.start, value.span.end) : text) ?? PHONE.exec(text);
    if (!m) return undefined;
    const base = value && PHONE.test(ctx.doc.text.slice(value.span.start, value.span.end)) ? value.span.start : scope.start;
    return { value: m[0], span: { start: base + m.index, end: base + m.index + m[0].length } };
  }
  if (/\blanguage\b/.test(key)) {
    // The value's language word; else any label about language; else "speaks Spanish".
    const places: Range[] = value ? [value.span] : [];
    for (const f of ctx.doc.labels) if (f.stems.some((st) => st.startsWith('languag')) && f.value.start >= scope.start && f.value.end <= scope.end) places.push(f.value);
    const speaks = /\b(?:speaks?|speaking|language is|prefers)\s+/i.exec(text);
    if (speaks) places.push({ start: scope.start + speaks.index + speaks[0].length, end: Math.min(scope.end, scope.start + speaks.index + speaks[0].length + 30) });
    for (const p of places) {
      const m = LANGUAGES.exec(ctx.doc.text.slice(p.start, p.end));
      if (m) return { value: m[1]!, span: { start: p.start + m.index, end: p.start + m.index + m[0].length } };
    }
    return undefined;
  }
  if (value && /\b(city|town|state|province|zip|postal|postcode)\b/.test(key)) {
    const m = CITY_STATE_ZIP.exec(value.value);
    if (!m) return value;
    const part = /\b(city|town)\b/.test(key) ? m[1]! : /\b(state|province)\b/.test(key) ? m[2]! : m[3]!;
    const at = value.span.start + value.value.indexOf(part);
    return { value: part, span: { start: at, end: at + part.length } };
  }
  return value;
}

const GIVEN = /^(given|first|forename|firstname)$/;
const FAMILY = /^(family|last|surname|lastname)$/;
const MIDDLE = /^(middle|initial)$/;

/** A name part of the person named in a small scope: "COLLINS, Martha J." or "Martha J. Collins". */
export function namePart(ctx: Ctx, keyWords: string[], scope: Range): Found<string> | undefined {
  const want = keyWords.some((w) => GIVEN.test(w)) ? 'given' : keyWords.some((w) => FAMILY.test(w)) ? 'family' : keyWords.some((w) => MIDDLE.test(w)) ? 'middle' : undefined;
  if (!want || scope.end - scope.start > 60) return undefined;
  const raw = ctx.doc.text.slice(scope.start, scope.end);
  const m = /^\s*([A-Za-z'-]+),\s*([A-Za-z'-]+)(?:\s+([A-Za-z]\.?|[A-Za-z'-]+))?\s*$/.exec(raw) ?? undefined;
  let parts: { given: string; family: string; middle?: string } | undefined;
  if (m) parts = { family: m[1]!, given: m[2]!, middle: m[3] };
  else {
    const words = raw.trim().split(/\s+/);
    if (words.length < 2 || words.length > 4 || !words.every((w) => /^[A-Z][A-Za-z'.-]*$/.test(w))) return undefined;
    parts = { given: words[0]!, family: words[words.length - 1]!, middle: words.length > 2 ? words[1] : undefined };
  }
  const part = parts[want as 'given' | 'family' | 'middle'];
  if (!part) return undefined;
  const at = scope.start + raw.indexOf(part);
  return { value: titleCase(part.replace(/\.$/, '')), span: { start: at, end: at + part.length } };
}

/** "[ ] Yes [x] No": the ticked option, as a yes/no. */
export function tickedBox(value: string): boolean | undefined {
  const m = TICKED.exec(value);
  if (!m) return undefined;
  return /^(yes|y|true)$/i.test(m[1]!.trim()) ? true : /^(no|n|false)$/i.test(m[1]!.trim()) ? false : undefined;
}
