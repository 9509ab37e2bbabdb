// Vital-sign reading on the second, independently written phrasing set (bench/data/vitals-phrasing-2:
// primary care, emergency, cardiology, paediatrics, telehealth, nurse intake, dictation, speech
// recogniser, traps): P/R/F1 per kind and overall, dev and held out apart. Prints numbers only.
import { printVitalsTables } from './lib/vitals-score.ts';
import { loadVitalsPhrasing2 } from './data/vitals-phrasing-2/load.ts';

printVitalsTables('Vital signs phrasing set 2', loadVitalsPhrasing2());
