// Does a specific code name the same condition as an unspecified one, more exactly? By the tabular
// hierarchy of the billable code set and its side table (guidelines I.B.2-3, IV.B).
import { sideOfCode, sidesOf } from './code-sides.ts';

// A 7-character code's extension (initial encounter "A"…) and the "X" placeholders before it.
const EXTENSION = /^([A-Z]\d[\dA-Z]\.[\dA-Z]{3})([A-Z])$/;

/**
 * The tabular node an unspecified code is the unspecified member of, with its 7th character:
 * its trailing "9"s, and "0"s from the fifth character on, are the "unspecified" places of the
 * tabular list ("Low back pain, unspecified" M54.50 → M54.5 Low back pain; "Pain in unspecified
 * knee" M25.569 → M25.56 Pain in knee; "Unspecified asthma, uncomplicated" J45.909 → J45
 * Asthma). A fourth-character "0" is a named subcategory ("Constipation" K59.0), not "unspecified".
 * Undefined when the code ends in a specific place ("Unspecified fracture of right patella"
 * S82.001A): its unspecified axis is not a node above it.
 */
export function unspecifiedNode(code: string): { node: string; extension: string } | undefined {
  const ext = EXTENSION.exec(code);
  let node = ext ? ext[1]! : code;
  const extension = ext ? ext[2]! : '';
  node = node.replace(/X+$/, '');
  const start = node;
  for (;;) {
    const last = node.at(-1);
    const fifthOrLater = node.length > 5; // "M54.50": the dot counts as the fourth position's separator
    if (last === '9' || (last === '0' && fifthOrLater)) node = node.slice(0, -1);
    else break;
  }
  if (node === start) return undefined;
  return { node: node.replace(/\.$/, ''), extension };
}

/**
 * Is `specific` the condition of the unspecified code `unspecified` named with its site, side
 * or type? It lies under the node the unspecified code stands for ("Pain in right knee" M25.561
 * under M25.56, not "Pain in right shoulder" M25.511; "Cervicalgia" M54.2 is not under M54.5
 * Low back pain), with the same 7th character, or it is one of its codes by side.
 */
export function refines(specific: string, unspecified: string): boolean {
  if (specific === unspecified) return false;
  const bySide = sidesOf(unspecified);
  if (bySide && bySide.split(',').some((s) => s.slice(2) === specific)) return true;
  const at = unspecifiedNode(unspecified);
  if (!at) return sameSideRefines(specific, unspecified);
  return specific.startsWith(at.node) && (at.extension === '' || specific.endsWith(at.extension));
}

/**
 * An unspecified type at a side ("Unspecified otitis externa, right ear" H60.91) is refined by a
 * type at the same side ("Swimmer's ear, right ear" H60.331) when the unspecified-side forms refine
 * (H60.339 under H60, which H60.90 stands for).
 */
function sameSideRefines(specific: string, unspecified: string): boolean {
  const u = sideOfCode(unspecified);
  const s = sideOfCode(specific);
  return u !== undefined && s !== undefined && u.side === s.side && refines(s.unspecified, u.unspecified);
}
