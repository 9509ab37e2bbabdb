// Guards the second vital-signs phrasing set with the checks every phrasing set holds to.
import { checkPhrasingSet } from '../../lib/vitals-set-checks.ts';
import { SETTINGS, loadVitalsPhrasing2 } from './load.ts';

checkPhrasingSet(
  loadVitalsPhrasing2().map((c) => ({ ...c, group: c.setting })),
  { name: 'vitals phrasing 2', groups: SETTINGS, turns: [1, 8], hardShare: [2, 5], everyGroup: true },
);
