// Vital-sign reading on the hand-labelled gold set (bench/data/vitals-gold: MTS-Dialog and
// PriMock57, none of it ACI-bench): precision, recall and F1 per vital kind and overall, dev and
// held out apart, plus how many negative cases got any reading. Values are compared by their
// numbers only ("125/75 mmHg" = "125/75"). Prints numbers only, never text or ids.
import { printVitalsTables } from './lib/vitals-score.ts';
import { loadVitalsGold } from './data/vitals-gold/load.ts';

printVitalsTables('Vital signs gold', loadVitalsGold());
