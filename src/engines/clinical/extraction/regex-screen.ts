// Screens caller regexes (`pattern`, `patternProperties`) before Ajv compiles them.
// JavaScript's backtracking engine can take exponential time on patterns such as
// (a+)+ or (a|a)*; one such schema would stall the event loop for every caller.
// This is a conservative structural check, not a proof: it refuses quantified groups
// that themselves contain an unbounded quantifier or an alternation, and backreferences.

export const MAX_PATTERN_LENGTH = 512;

/** Returns why the pattern is refused, or undefined when it looks safe. */
export function screenPattern(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return 'is not a valid regular expression';
  }
  if (/\\[1-9]|\\k</.test(pattern)) return 'uses a backreference';
  return nestedQuantifier(pattern) ? 'nests quantifiers, which can backtrack catastrophically' : undefined;
}

interface Group {
  unbounded: boolean; // contains *, + or {n,} (directly or in a nested group)
  alternation: boolean;
}

function nestedQuantifier(p: string): boolean {
  const stack: Group[] = [{ unbounded: false, alternation: false }];
  let closed: Group | undefined; // the group that just closed, if the next token quantifies it
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      i++;
      closed = undefined;
      continue;
    }
    if (c === '[') {
      i = skipClass(p, i);
      closed = undefined;
      continue;
    }
    if (c === '(') {
      stack.push({ unbounded: false, alternation: false });
      closed = undefined;
      continue;
    }
    if (c === ')') {
      const g = stack.pop() ?? { unbounded: false, alternation: false };
      if (stack.length === 0) stack.push({ unbounded: false, alternation: false });
      closed = g;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '|') {
      top.alternation = true;
      closed = undefined;
      continue;
    }
    const quant = quantifierAt(p, i);
    if (quant) {
      if (closed && quant.repeats && (closed.unbounded || closed.alternation)) return true;
      if (quant.unbounded) top.unbounded = true;
      if (closed?.unbounded) top.unbounded = true;
      i = quant.end;
      closed = undefined;
      continue;
    }
    if (closed?.unbounded) top.unbounded = true;
    closed = undefined;
  }
  return false;
}

/** A quantifier starting at i: `repeats` when it allows more than one repetition. */
function quantifierAt(p: string, i: number): { unbounded: boolean; repeats: boolean; end: number } | undefined {
  const c = p[i];
  const lazy = (end: number) => (p[end + 1] === '?' ? end + 1 : end);
  if (c === '*' || c === '+') return { unbounded: true, repeats: true, end: lazy(i) };
  if (c === '?') return { unbounded: false, repeats: false, end: lazy(i) };
  if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
    if (!m) return undefined;
    const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
    return { unbounded: max === Infinity, repeats: max > 1, end: lazy(i + m[0].length - 1) };
  }
  return undefined;
}

function skipClass(p: string, i: number): number {
  for (let j = i + 1; j < p.length; j++) {
    if (p[j] === '\\') j++;
    else if (p[j] === ']' && j > i + 1) return j;
  }
  return p.length;
}
