// Guards the vital-signs phrasing set with the checks every phrasing set holds to.
import { checkPhrasingSet } from '../../lib/vitals-set-checks.ts';
import { STYLES, loadVitalsPhrasing } from './load.ts';

checkPhrasingSet(
  loadVitalsPhrasing().map((c) => ({ ...c, group: c.style, trap: c.style === 'trap' })),
  { name: 'vitals phrasing', groups: STYLES, turns: [1, 6], hardShare: [1, 3] },
);
