// Hand lexicon rows (data/lexicon/*.tsv) agree with the FY2025 Alphabetic Index for their exact wording (audit, issue #18).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('chest tightness and pressure are other chest pain (Index: Tight, tightness, chest R07.89; Pressure, chest R07.89)', () => {
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: I get a tightness in my chest when I climb the stairs.'), ['R07.89']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Chest pressure since the morning.'), ['R07.89']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Chest pain since the morning.'), ['R07.9']);
});

test('chronic pain is G89.29, not pain unspecified (Index: Pain, chronic G89.29; I.C.6.b.1)', () => {
  assert.deepEqual(codes('Doctor: How are you managing?\nPatient: The chronic pain keeps me awake at night.'), ['G89.29']);
});

test('heart failure by ejection fraction, AF permanence and MI by ST segment take the index codes (Index: Failure, heart, with reduced ejection fraction I50.20; Fibrillation, atrial, permanent I48.21; STEMI I21.3; NSTEMI I21.4)', () => {
  assert.deepEqual(codes('Doctor: Your echo shows heart failure with reduced ejection fraction, we will start a new medicine.'), ['I50.20']);
  assert.deepEqual(codes('Doctor: Your echo shows heart failure with preserved ejection fraction, we will keep the diuretic.'), ['I50.30']);
  assert.deepEqual(codes('Doctor: This is permanent atrial fibrillation, so we continue rate control.'), ['I48.21']);
  assert.deepEqual(codes('Doctor: The ECG shows a STEMI, the ambulance is on its way.'), ['I21.3']);
  assert.deepEqual(codes('Doctor: The troponin confirms an NSTEMI, you will be admitted.'), ['I21.4']);
});

test('bronchitis, colds, hay fever and a runny nose take the index codes (Index: Bronchitis J40; Bronchitis, chronic J42; Cold, common J00; Allergy, pollen J30.1; Runny nose R09.89)', () => {
  assert.deepEqual(codes('Doctor: This sounds like bronchitis, so rest and fluids.'), ['J40']);
  assert.deepEqual(codes('Doctor: This sounds like acute bronchitis, so rest and fluids.'), ['J20.9']);
  assert.deepEqual(codes('Doctor: You have had chronic bronchitis for years, keep using the inhaler.'), ['J42']);
  assert.deepEqual(codes('Doctor: It is just a common cold, it will pass in a week.'), ['J00']);
  assert.deepEqual(codes('Doctor: Your pollen allergy is back with the spring, take the antihistamine.'), ['J30.1']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: I have had a runny nose for two days.'), ['R09.89']);
});

test('GI and GU words without a part or acuity take the index default (Index: Diverticulosis K57.90; Diverticulitis K57.92; Appendicitis K37; Pyelonephritis N12; Infection, kidney N15.9; Micturition, painful R30.9; Yeast infection B37.9)', () => {
  assert.deepEqual(codes('Doctor: The scan shows diverticulosis, so more fibre in your diet.'), ['K57.90']);
  assert.deepEqual(codes('Doctor: The scan shows diverticulitis, so we start antibiotics.'), ['K57.92']);
  assert.deepEqual(codes('Doctor: This is acute appendicitis, the surgeons will see you.'), ['K35.80']);
  assert.deepEqual(codes('Doctor: The urine shows a kidney infection, so we start antibiotics.'), ['N15.9']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Painful urination since Monday.'), ['R30.9']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Burning when I pee since Monday.'), ['R30.0']);
  assert.deepEqual(codes('Doctor: It looks like a vaginal yeast infection, here is a cream.'), ['B37.31']);
});

test('musculoskeletal and injury words take the index code of their exact wording (Index: Stiff neck — see Torticollis M43.6; Spondylolisthesis M43.10; Spasm, muscle NEC M62.838; Injury, knee S89.9-; Fracture, traumatic, wrist S62.10-, radius S52.9-; Sensation, loss of R20.8; Concussion S06.0X9)', () => {
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: I woke up with a stiff neck.'), ['M43.6']);
  assert.deepEqual(codes('Doctor: The x-ray shows spondylolisthesis, so physio first.'), ['M43.10']);
  assert.deepEqual(codes('Doctor: Those are muscle spasms, try the heat pack.'), ['M62.838']);
  assert.deepEqual(codes('Doctor: So this is a left knee injury from the match, we will get an x-ray.'), ['S89.92XA']);
  assert.deepEqual(codes('Doctor: The x-ray shows a right wrist fracture, you need a cast.'), ['S62.101A']);
  assert.deepEqual(codes('Doctor: You had a concussion after the fall, no screens for a few days.'), ['S06.0X9A']);
});

test('general, skin and eye words take the index code of their exact wording (Index: High, cholesterol E78.00; Deficiency, iron E61.1; Edema R60.9; Lymphadenopathy R59.1; Swelling, glands R59.9; Cyst, sebaceous L72.3; Vision, blurred H53.8; Rigors R68.89)', () => {
  assert.deepEqual(codes('Doctor: Your high cholesterol needs a statin.'), ['E78.00']);
  assert.deepEqual(codes('Doctor: Your hyperlipidemia needs a statin.'), ['E78.5']);
  assert.deepEqual(codes('Doctor: The bloods show iron deficiency, so take the tablets.'), ['E61.1']);
  assert.deepEqual(codes('Doctor: The bloods show iron deficiency anemia, so take the tablets.'), ['D50.9']);
  assert.deepEqual(codes('Doctor: There is some edema, so keep the legs up.'), ['R60.9']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Swollen glands for a week.'), ['R59.9']);
  assert.deepEqual(codes('Doctor: That lump is a sebaceous cyst, we can remove it.'), ['L72.3']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Blurry vision since yesterday.'), ['H53.8']);
});

test('hypertension with end stage renal disease is I12.0, with heart failure too I13.2 (Index: Hypertension, kidney, with stage 5 CKD or ESRD I12.0; cardiorenal, with heart failure, with stage 5 or ESRD I13.2)', () => {
  assert.deepEqual(codes('Doctor: Your hypertension and end stage renal disease are both managed by dialysis and lisinopril today.'), ['I12.0', 'N18.6']);
  assert.deepEqual(codes('Doctor: Your hypertension and chronic kidney disease are both stable, continue lisinopril.'), ['I12.9', 'N18.9']);
});

test('a "see" reference that names a subterm without its NEC is followed (Index: Addiction, heroin — see Dependence, drug, opioid: filed as "Dependence, drug NEC, opioid" F11.20)', () => {
  assert.deepEqual(codes('Doctor: Your heroin addiction is the main problem, so we refer you to the methadone clinic.'), ['F11.20']);
});

test('a kidney infection in pregnancy is O23.0-, whichever kidney code the lexicon gives it (Index: Pregnancy, complicated by, infection, kidney O23.0-)', () => {
  assert.deepEqual(codes('Doctor: You are 20 weeks pregnant and the urine shows a kidney infection, so we start antibiotics.'), ['O23.02', 'Z3A.20']);
});

test('chronic pain syndrome is G89.4, not chronic pain NEC (Index: Syndrome, chronic, pain G89.4)', () => {
  assert.deepEqual(codes('Doctor: Your chronic pain syndrome is why we see the pain clinic.'), ['G89.4']);
});
