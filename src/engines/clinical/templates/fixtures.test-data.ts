// Synthetic notes and a synthetic visit written for these tests (no real patient).
export const NOTE_A = `CHIEF COMPLAINT
Knee pain.

HISTORY OF PRESENT ILLNESS
The patient is a 40-year-old runner with right knee pain for 3 weeks. The pain is worse after long runs and better with rest and ice. She denies swelling or locking.

SOCIAL HISTORY
Runs 20 miles a week. Does not smoke.

REVIEW OF SYSTEMS
• Musculoskeletal: Reports right knee pain.
• Constitutional: Denies fever.

PHYSICAL EXAM
• Musculoskeletal: Tenderness over the lateral right knee. Full range of motion.

ASSESSMENT AND PLAN
1. Iliotibial band syndrome. Start physical therapy.
2. Pain. Ibuprofen 400 mg as needed.
`;

export const NOTE_B = `CHIEF COMPLAINT
Cough.

HISTORY OF PRESENT ILLNESS
The patient reports a dry cough for 10 days after a cold. No fever. Sleep is disturbed by coughing at night.

SOCIAL HISTORY
Non-smoker. Teacher.

REVIEW OF SYSTEMS
• Respiratory: Reports cough. Denies shortness of breath.
• Constitutional: Denies fever or chills.

PHYSICAL EXAM
• Respiratory: Lungs clear to auscultation bilaterally.

ASSESSMENT AND PLAN
1. Post-viral cough. Honey and fluids.
2. Return if fever develops.
`;

export const NOTE_C = `CHIEF COMPLAINT
Follow-up of hypertension.

HISTORY OF PRESENT ILLNESS
The patient returns for blood pressure follow-up. Home readings are in the 130s. He takes lisinopril daily and reports no side effects.

FAMILY HISTORY
Father with stroke.

REVIEW OF SYSTEMS
• Cardiovascular: Denies chest pain.
• Neurological: Denies headaches.

PHYSICAL EXAM
• Cardiovascular: Regular rate and rhythm, no murmur.

ASSESSMENT AND PLAN
1. Hypertension, controlled. Continue lisinopril 10 mg daily.
`;

export const VISIT = `[doctor] good morning, what brings you in today?
[patient] i've been having pain in my right knee for about two weeks.
[doctor] any swelling in the knee?
[patient] no.
[doctor] any fever?
[patient] no, none.
[doctor] are you allergic to any medications?
[patient] yes, i'm allergic to penicillin, it gives me hives.
[doctor] what medications are you taking?
[patient] i take lisinopril 10 mg once a day for my blood pressure.
[doctor] do you smoke?
[patient] no, i quit smoking five years ago and i drink a glass of wine on weekends.
[doctor] your blood pressure today is one thirty over eighty and your heart rate is seventy two.
[doctor] on exam there is tenderness over the lateral right knee with full range of motion.
[doctor] i think this is iliotibial band syndrome from overuse.
[doctor] we will start physical therapy and i want you to take ibuprofen 400 mg as needed.
[doctor] let's follow up in four weeks.
`;

/** Three short clinic notes in one house style (CC, HPI, ROS, exam, assessment, plan). */
export const CLINIC_NOTES = [
  `CHIEF COMPLAINT: Knee pain.\nHPI: 45-year-old man with two weeks of right knee pain after running.\nREVIEW OF SYSTEMS: Denies fever. Denies swelling.\nEXAM: Mild effusion right knee.\nASSESSMENT: Right knee strain.\nPLAN: Ice, ibuprofen 400 mg three times daily, follow up in two weeks.`,
  `CHIEF COMPLAINT: Cough.\nHPI: 30-year-old woman with a dry cough for five days.\nREVIEW OF SYSTEMS: Denies chest pain. Denies shortness of breath.\nEXAM: Lungs clear.\nASSESSMENT: Viral bronchitis.\nPLAN: Fluids, honey, return if fever.`,
  `CHIEF COMPLAINT: Headache.\nHPI: 52-year-old man with morning headaches for a month.\nREVIEW OF SYSTEMS: Denies vision change.\nEXAM: Blood pressure 162/98.\nASSESSMENT: Hypertension.\nPLAN: Start lisinopril 10 mg daily, recheck in four weeks.`,
];

/** Refinement asked of a template generated from CLINIC_NOTES. */
export const CLINIC_FEEDBACK = 'put the plan as a numbered list and drop the review of systems';

const BACK_PAIN_OPENING = `[doctor] what brings you in?
[patient] my lower back has hurt for a week since i lifted a couch.
[doctor] any numbness or weakness in your legs?
[patient] no.
`;

/** One back-pain visit said three ways: exam, diagnosis and plan in one clinician turn; spread
 * over two turns; and the plan as "I'm going to start you on…" / "let's get…". */
export const BACK_PAIN_VISITS = {
  oneTurn: `${BACK_PAIN_OPENING}[doctor] you're tender over the lower back muscles. this is a lumbar strain. take naproxen 500 mg twice daily with food, use heat, and come back in two weeks if it's not better.`,
  twoTurns: `${BACK_PAIN_OPENING}[doctor] okay. you're tender over the lower back muscles. i think it's a lumbar strain.
[patient] okay, what should i do?
[doctor] take naproxen 500 mg twice daily with food and use heat. follow up in two weeks if it's not better.`,
  intentions: `${BACK_PAIN_OPENING}[doctor] you're tender over the lower back muscles. it looks like a lumbar strain. i'm going to start you on naproxen 500 mg twice a day with food, and let's get an x-ray of your lower back. come back in two weeks if it's not better.`,
};

/** A short asthma-like visit with a drug allergy and an inhaler prescribed. */
export const COUGH_VISIT = `[doctor] hi, what brings you in today?
[patient] i've had a cough for about two weeks and some wheezing at night.
[doctor] any fever?
[patient] no fever.
[doctor] are you allergic to any medications?
[patient] penicillin gives me a rash.
[doctor] okay, let's start an albuterol inhaler, two puffs every four hours as needed, and see you back in two weeks.`;
