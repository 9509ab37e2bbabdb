// Vital-sign reading on the third, independently written phrasing set (bench/data/vitals-phrasing-3:
// ACI-bench-style exam read-outs, intake review, scribe dictation, speech recogniser, follow-up,
// family, devices and labs, paediatrics, telehealth, traps): P/R/F1 per kind and overall, dev and
// held out apart. Prints numbers only.
import { printVitalsTables } from './lib/vitals-score.ts';
import { loadVitalsPhrasing3 } from './data/vitals-phrasing-3/load.ts';

printVitalsTables('Vital signs phrasing set 3', loadVitalsPhrasing3());
