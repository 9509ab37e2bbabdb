// One bite, one wound: the punctures and tears a bite made at a site are the open bite coded there.

// The titles of the open-wound codes by type (S01–S91, "Open wound of …"): the site follows "of".
const OPEN_BITE = /^Open bite of (.+)$/;
const PUNCTURE_OR_TEAR = /^(?:Puncture wound|Laceration) (?:with|without) foreign body of (.+)$/;

/**
 * Drops the puncture wound and laceration codes of a site that has an open-bite code too: "two
 * puncture wounds and a small tear … so for the dog bite of your right forearm" is one wound,
 * the bite (Index: Bite — see Wound, open, by site, bite; the bite is the wound's type, and one
 * wound is coded once, by its type). Dev: coding-visits cv32, coding-gp gp43.
 */
export function dropBiteWounds(byCode: Map<string, { title: string }>): void {
  const bitten = new Set<string>();
  for (const d of byCode.values()) {
    const site = OPEN_BITE.exec(d.title)?.[1];
    if (site) bitten.add(site);
  }
  if (bitten.size === 0) return;
  for (const [code, d] of byCode) {
    const site = PUNCTURE_OR_TEAR.exec(d.title)?.[1];
    if (site && bitten.has(site)) byCode.delete(code);
  }
}
