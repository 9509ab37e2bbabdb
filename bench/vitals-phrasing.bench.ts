// Vital-sign reading on the team-written phrasing set (bench/data/vitals-phrasing: outpatient
// speech, dictation, speech-recogniser renderings, UK GP phrasings and traps): P/R/F1 per vital
// kind and overall, dev and held out apart, scored as the gold set is. Prints numbers only.
import { printVitalsTables } from './lib/vitals-score.ts';
import { loadVitalsPhrasing } from './data/vitals-phrasing/load.ts';

printVitalsTables('Vital signs phrasing set', loadVitalsPhrasing());
