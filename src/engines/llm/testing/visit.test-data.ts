// A short visit used by the language-model and grounding tests, and SOAP answers a model
// might give for it: one faithful, and one with planted errors (each listed in PLANTED).
export const VISIT = `[doctor] Good morning. What brings you in today?
[patient] I've had headaches for two weeks and my blood pressure has been high at home.
[doctor] Are you still taking your lisinopril?
[patient] Yes, twenty milligrams once a day. I'm allergic to penicillin, it gives me a rash.
[doctor] Your blood pressure today is one fifty over ninety-five and your heart rate is seventy-eight.
[doctor] I think this is uncontrolled hypertension. Let's increase the lisinopril to forty milligrams daily and add hydrochlorothiazide twelve point five milligrams.
[doctor] Come back in four weeks so we can recheck your pressure.`;

const empty = { bloodPressure: '', heartRate: '', temperature: '', respiratoryRate: '', oxygenSaturation: '', weight: '' };

export function goodSoap(): Record<string, unknown> {
  return {
    subjective: {
      chiefComplaint: 'Headaches and high blood pressure at home.',
      historyOfPresentIllness: 'The patient reports headaches for two weeks and elevated home blood pressure readings. He takes lisinopril 20 mg daily.',
      reviewOfSystems: [{ system: 'Neurological', finding: 'Headaches for two weeks.' }],
      allergies: [{ substance: 'Penicillin', reaction: 'rash' }],
    },
    objective: { vitalSigns: { ...empty, bloodPressure: '150/95 mmHg', heartRate: '78 bpm' }, physicalExam: [], results: '' },
    assessment: { diagnoses: [{ description: 'Uncontrolled hypertension', icdCode: 'I10' }], clinicalImpression: 'Hypertension not controlled on current dose.' },
    plan: {
      medications: [
        { name: 'Lisinopril', dosage: '40 mg', frequency: 'daily', instructions: 'Increase from 20 mg.' },
        { name: 'Hydrochlorothiazide', dosage: '12.5 mg', frequency: 'daily', instructions: '' },
      ],
      patientEducation: [],
      followUp: 'Return in four weeks to recheck blood pressure.',
    },
  };
}

/** The faithful answer with planted errors. */
export function plantedSoap(): Record<string, any> {
  const soap = goodSoap() as Record<string, any>;
  soap.subjective.historyOfPresentIllness += ' He also takes metoprolol 50 mg twice daily.';
  soap.objective.vitalSigns.temperature = '101.2 °F';
  soap.objective.vitalSigns.heartRate = '110 bpm';
  soap.assessment.diagnoses.push({ description: 'Type 2 diabetes mellitus', icdCode: 'E11.9' });
  soap.assessment.diagnoses[0].icdCode = 'I10.99';
  soap.plan.medications[0].dosage = '80 mg';
  soap.plan.medications.push({ name: 'Atorvastatin', dosage: '40 mg', frequency: 'nightly', instructions: 'Start atorvastatin for cholesterol.' });
  return soap;
}

export const PLANTED = ['metoprolol', '101.2', '110', 'diabetes', 'I10.99', '80 mg', 'Atorvastatin'];
