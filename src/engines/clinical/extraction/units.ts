// Unit conversion between the unit a number was written in and the unit a field asks for.
import type { Lexicons } from './lexicons.ts';

export function convert(value: number, from: string | undefined, to: string | undefined, lex: Lexicons): number | undefined {
  from ??= impliedScale(value, to, lex);
  if (!to || !from) return value;
  const a = lex.units.get(from.toLowerCase());
  const b = lex.units.get(to.toLowerCase());
  if (!a || !b) return value;
  if (a[0] !== b[0]) return undefined; // a mass is not a length: the number belongs to another field
  if (a[0] === 'temperature') {
    if (a[1] === b[1]) return value;
    return a[1] === 'F' ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32;
  }
  return (value * (a[1] as number)) / (b[1] as number);
}

export function dimensionOf(unit: string | undefined, lex: Lexicons): string | undefined {
  return unit ? lex.units.get(unit.toLowerCase())?.[0] : undefined;
}

export function roundSensibly(v: number): number {
  return Math.round(v * 100) / 100;
}

/** A body temperature written without its scale is read by its range: 101.4 is °F, 38.6 is °C. */
function impliedScale(value: number, to: string | undefined, lex: Lexicons): string | undefined {
  if (!to || lex.units.get(to.toLowerCase())?.[0] !== 'temperature') return undefined;
  if (value >= 90 && value <= 110) return 'f';
  if (value >= 33 && value <= 43) return 'c';
  return undefined;
}
