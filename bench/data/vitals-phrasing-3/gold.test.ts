// Guards the third vital-signs phrasing set (ACI-bench speaker lines) with the checks every phrasing set holds to.
import { checkPhrasingSet } from '../../lib/vitals-set-checks.ts';
import { SETTINGS, loadVitalsPhrasing3 } from './load.ts';

checkPhrasingSet(
  loadVitalsPhrasing3().map((c) => ({ ...c, group: c.setting })),
  { name: 'vitals phrasing 3', groups: SETTINGS, turns: [2, 12], speakerLines: true, hardShare: [2, 5], everyGroup: true },
);
