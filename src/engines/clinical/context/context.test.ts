import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { assertionsFor, splitSentences } from './index.ts';

/** Assertion of the first occurrence of `concept` in `text`. */
function of(text: string, concept: string) {
  const start = text.indexOf(concept);
  assert.ok(start >= 0, 'concept present in fixture');
  return assertionsFor(text, { start, end: start + concept.length });
}

test('negation: forward and backward triggers', () => {
  assert.equal(of('She denies chest pain or shortness of breath.', 'shortness of breath').negated, true);
  assert.equal(of('No fever, chills, or night sweats.', 'night sweats').negated, true);
  assert.equal(of('Pneumonia was ruled out.', 'Pneumonia').negated, true);
  assert.equal(of('He has chest pain.', 'chest pain').negated, false);
});

test('a condition judged unlikely or doubted is ruled out, said before or after it (IV.H)', () => {
  assert.equal(of("Having looked at you, it's unlikely to be appendicitis.", 'appendicitis').negated, true);
  assert.equal(of("It's highly unlikely that you have gout.", 'gout').negated, true);
  assert.equal(of('Gout is not likely given the X-ray.', 'Gout').negated, true);
  assert.equal(of("It's not likely to be gout.", 'gout').negated, true);
  assert.equal(of("I doubt it's a kidney stone.", 'kidney stone').negated, true);
  assert.equal(of('I doubt that this is shingles.', 'shingles').negated, true);
  assert.equal(of("It doesn't seem to be gout.", 'gout').negated, true);
  assert.equal(of('Gout has been excluded by the blood test.', 'Gout').negated, true);
  assert.equal(of("Gout hasn't been excluded yet.", 'Gout').negated, false);
  assert.equal(of("Gout hasn't been excluded yet.", 'Gout').uncertain, true);
  assert.equal(of("The inhaler doesn't seem to be helping her asthma.", 'asthma').negated, false);
  // The same words do not reach a new clause after a comma, nor touch "no doubt".
  assert.equal(of('Shingles is unlikely, this looks like eczema.', 'eczema').negated, false);
  assert.equal(of('There is no doubt this is shingles.', 'shingles').negated, false);
});

test('a diagnosis given as an opinion held ("thought to be", "believed it to be") is uncertain (IV.H)', () => {
  assert.equal(of('The rash was thought to be eczema.', 'eczema').uncertain, true);
  assert.equal(of('Dermatology believed it to be venous stasis.', 'venous stasis').uncertain, true);
  assert.equal(of('Dermatology confirmed it to be venous stasis.', 'venous stasis').uncertain, false);
});

test('"is likely", "is possible" doubt the condition said after them as well as before (IV.H)', () => {
  assert.equal(of('It is likely a chest infection.', 'chest infection').uncertain, true);
  assert.equal(of('It is possible you have gout.', 'gout').uncertain, true);
  assert.equal(of('This is likely to be a sprain.', 'sprain').uncertain, true);
  assert.equal(of('A chest infection is likely.', 'chest infection').uncertain, true);
  assert.equal(of('It is a chest infection.', 'chest infection').uncertain, false);
});

test('a differential or a guess said to the patient is uncertain (IV.H)', () => {
  assert.equal(of("It's either a chest infection or asthma.", 'asthma').uncertain, true);
  assert.equal(of('The main things I am thinking of are a chest infection or asthma.', 'chest infection').uncertain, true);
  assert.equal(of("I'd guess it's a chest infection.", 'chest infection').uncertain, true);
  assert.equal(of("I don't want to miss a pneumonia.", 'pneumonia').uncertain, true);
  assert.equal(of('So question mark pneumonia.', 'pneumonia').uncertain, true);
  // 'either' alone is no differential.
  assert.equal(of('There is swelling in either leg.', 'swelling').uncertain, false);
});

test('a childhood said the British way places the condition in the past', () => {
  assert.equal(of('I had asthma when I was little.', 'asthma').historical, true);
  assert.equal(of('I had eczema as a baby.', 'eczema').historical, true);
  assert.equal(of('I have asthma.', 'asthma').historical, false);
});

test('a second view after a comma is a new clause the first cue does not reach; more hedges doubt what follows (IV.H)', () => {
  assert.equal(of("I don't think it's pneumonia, I think it's bronchitis.", 'bronchitis').negated, false);
  assert.equal(of("I don't think it's pneumonia, I think it's bronchitis.", 'pneumonia').negated, true);
  assert.equal(of("I'm leaning towards bronchitis.", 'bronchitis').uncertain, true);
  assert.equal(of('It appears to be bronchitis.', 'bronchitis').uncertain, true);
  assert.equal(of("There's a chance it's pneumonia.", 'pneumonia').uncertain, true);
  assert.equal(of('Presumably this is bronchitis.', 'bronchitis').uncertain, true);
});

test('what a condition might turn into is hypothetical; "see you back in" dates no past', () => {
  assert.equal(of("I'll see you in two weeks to make sure it doesn't turn into pneumonia.", 'pneumonia').hypothetical, true);
  // The condition that progresses is there; what it may progress to is not.
  assert.equal(of('The weakness progresses to your legs when you walk.', 'weakness').hypothetical, false);
  assert.equal(of("It is a viral infection, I'll see you back in two weeks.", 'viral infection').historical, false);
  assert.equal(of('I had pneumonia back in March.', 'pneumonia').historical, true);
});

test('negation scope ends at "but" and at "just a"', () => {
  const a = of('No fever but she has a cough.', 'cough');
  assert.equal(a.negated, false);
  assert.equal(of('There is no fracture, just a laceration on the left forearm.', 'laceration').negated, false);
  assert.equal(of('There is no fracture, just a laceration on the left forearm.', 'fracture').negated, true);
});

test('a doubt about a treatment does not reach the condition it treats (its object after the verb)', () => {
  assert.equal(of("I don't think the tablets will help your sinusitis.", 'sinusitis').negated, false);
  assert.equal(of("It's unlikely the ointment will clear up the psoriasis.", 'psoriasis').negated, false);
  assert.equal(of("I'm not sure the spray will do anything for his hay fever.", 'hay fever').uncertain, false);
  assert.equal(of('Nothing really eases her back pain.', 'back pain').negated, false);
  assert.equal(of('If the drops do not settle your conjunctivitis, come back.', 'conjunctivitis').hypothetical, false);
  // The cue still rules out a condition it governs itself.
  assert.equal(of("I don't think you have sinusitis.", 'sinusitis').negated, true);
  assert.equal(of("It's unlikely that this is psoriasis.", 'psoriasis').negated, true);
});

test('a comma and a new subject open a clause the cue does not reach, save an "if"', () => {
  assert.equal(of('No chest pain, and the rash is worse.', 'rash').negated, false);
  assert.equal(of("I don't think it's serious, and you're getting over the flu.", 'flu').negated, false);
  assert.equal(of('My father had gout, and I have psoriasis.', 'psoriasis').family, false);
  assert.equal(of('She had a prior hip surgery, and there is a new rash.', 'rash').historical, false);
  // "If A, and B" puts both under the "if".
  assert.equal(of("If you get a fever, and you're wheezing, call us.", 'wheezing').hypothetical, true);
  // A list is not a clause.
  assert.equal(of('No fever, and no cough.', 'cough').negated, true);
});

test('"unlikely to" before a predicate doubts the predicate, not the condition that is its subject', () => {
  assert.equal(of('The sinusitis is unlikely to get better without a spray.', 'sinusitis').negated, false);
  assert.equal(of('This mole is unlikely to be dangerous.', 'mole').negated, false);
  assert.equal(of('The wheeze is not likely to last.', 'wheeze').negated, false);
  // The cue still rules out what it names.
  assert.equal(of("It's unlikely to be sinusitis.", 'sinusitis').negated, true);
  assert.equal(of('Sinusitis is unlikely to be the problem here.', 'Sinusitis').negated, true);
  assert.equal(of('Sinusitis is not likely.', 'Sinusitis').negated, true);
});

test("a patient's denial with a verb of experience negates ('I don't get', 'haven't noticed', 'neither')", () => {
  assert.equal(of("I don't get any heartburn.", 'heartburn').negated, true);
  assert.equal(of("He hasn't noticed any ankle swelling.", 'ankle swelling').negated, true);
  assert.equal(of("I don't feel dizzy when I stand.", 'dizzy').negated, true);
  assert.equal(of("She doesn't suffer from migraines.", 'migraines').negated, true);
  assert.equal(of('He has neither wheeze nor cough.', 'wheeze').negated, true);
  // Feeling unwell, or a condition that does not improve, is not a denial.
  assert.equal(of("I don't feel well and I have a sore throat.", 'sore throat').negated, false);
  assert.equal(of("My cough doesn't get any better with the syrup.", 'cough').negated, false);
});

test('a comparison right after a negated mention says it is here now ("never had X like this")', () => {
  assert.equal(of("She's never had palpitations like this before.", 'palpitations').negated, false);
  assert.equal(of("I haven't had back pain this bad in years.", 'back pain').negated, false);
  assert.equal(of('No chest pain or anything like that.', 'chest pain').negated, true);
  assert.equal(of("I've never had palpitations.", 'palpitations').negated, true);
});

test('a doubt or a question aimed at the cause presupposes the condition after it', () => {
  assert.equal(of("We'll do bloods to look for possible sources of the bleeding.", 'bleeding').uncertain, false);
  assert.equal(of('Screen for other causes of neuropathy.', 'neuropathy').uncertain, false);
  assert.equal(of('Have you any idea of the reason for the rash', 'rash').question, false);
  // A denial of a source still denies.
  assert.equal(of('No source of infection was found.', 'infection').negated, true);
  assert.equal(of('Screen for neuropathy.', 'neuropathy').uncertain, true);
});

test('a treatment named "for the" condition ends the cue: the condition is presupposed', () => {
  assert.equal(of("I don't think you need antibiotics for the sinusitis.", 'sinusitis').negated, false);
  assert.equal(of("He isn't taking his tablets for the gout.", 'gout').negated, false);
  assert.equal(of('Anything for the heartburn', 'heartburn').question, false);
});

test('a negation reads a list of short items as one scope', () => {
  assert.equal(of('No cough, sputum, wheeze, chest tightness, weight loss, or ankle swelling.', 'ankle swelling').negated, true);
  assert.equal(of('He denies nausea, vomiting, constipation, melena, or abdominal pain.', 'abdominal pain').negated, true);
  // A long clause is not a list: the window still ends it.
  assert.equal(of('No, not that I remember at all, but the rash on my arm is itchy.', 'rash').negated, false);
  assert.equal(of('No fever and then after a week of feeling unwell he got a cough.', 'cough').negated, false);
  // A hesitation or an answer word between the commas is speech, not a list.
  assert.equal(of('No, no pain, yeah, just some itching and redness.', 'redness').negated, false);
  assert.equal(of('The nausea is not as, um, bad as the heartburn.', 'heartburn').negated, false);
});

test('an adverb inside a trigger phrase leaves it the same trigger, and hides no trigger inside it', () => {
  assert.equal(of('Ramipril can sometimes cause a dry cough.', 'dry cough').hypothetical, true);
  assert.equal(of("I don't really have any chest pain.", 'chest pain').negated, true);
  assert.equal(of('The mammogram was also negative for malignancy.', 'malignancy').negated, true);
  assert.equal(of('Sometimes I have chest pain.', 'chest pain').negated, false);
});

test('pseudo-triggers do not negate', () => {
  assert.equal(of('The pain is not improving.', 'pain').negated, false);
  assert.equal(of('There was no change in his headaches.', 'headaches').negated, false);
  // A change, a comparison or an inability said of a condition presupposes it.
  assert.equal(of('There has been no improvement in his eczema.', 'eczema').negated, false);
  assert.equal(of('No significant change in the tremor since March.', 'tremor').negated, false);
  assert.equal(of("I don't have quite as much wheezing now.", 'wheezing').negated, false);
  assert.equal(of("She hasn't been able to shake off the sinusitis.", 'sinusitis').negated, false);
  assert.equal(of('No worsening of her psoriasis.', 'psoriasis').negated, false);
  assert.equal(of('No new wheezing.', 'wheezing').negated, true);
  // A stage, not an absence: stage zero is carcinoma in situ.
  assert.equal(of('It was a stage zero, hormone positive, ductal carcinoma of the left breast.', 'carcinoma').negated, false);
  assert.equal(of('Zero episodes of vomiting since Monday.', 'vomiting').negated, true);
});

test('uncertain, hypothetical, historical, family', () => {
  assert.equal(of('This is possibly a urinary tract infection.', 'urinary tract infection').uncertain, true);
  assert.equal(of('We will rule out pneumonia.', 'pneumonia').uncertain, true);
  assert.equal(of('Call us if you develop chest pain.', 'chest pain').hypothetical, true);
  assert.equal(of('She has a history of asthma.', 'asthma').historical, true);
  assert.equal(of('Her mother had breast cancer.', 'breast cancer').family, true);
  assert.equal(of('There is diabetes in her family.', 'diabetes').family, true);
  const plain = of('He has type 2 diabetes.', 'type 2 diabetes');
  assert.deepEqual([plain.negated, plain.uncertain, plain.historical, plain.family, plain.hypothetical], [false, false, false, false, false]);
});

test('questions are flagged', () => {
  assert.equal(of('Any chest pain?', 'chest pain').question, true);
});

test('sentence splitter keeps offsets and skips decimals and abbreviations', () => {
  const text = 'Dr. Smith saw him. Temp 98.6 today!\n[patient] yes';
  const spans = splitSentences(text);
  assert.deepEqual(spans.map((s) => text.slice(s.start, s.end)), ['Dr. Smith saw him.', 'Temp 98.6 today!', '[patient] yes']);
});

test('"No." ends the answer it gives; it abbreviates "number" only before one', () => {
  const text = 'Any fever? No. She has a cough. Room No. 4 is free.';
  assert.deepEqual(splitSentences(text).map((s) => text.slice(s.start, s.end)), ['Any fever?', 'No.', 'She has a cough.', 'Room No. 4 is free.']);
});

test('property: sentence spans are ordered, inside the text and trimmed', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '.', '?', '\n', '3', 'D', 'r', ';') , maxLength: 80 }), (text) => {
      let last = 0;
      for (const s of splitSentences(text)) {
        assert.ok(s.start >= last && s.end > s.start && s.end <= text.length);
        assert.equal(text.slice(s.start, s.end).trim(), text.slice(s.start, s.end));
        last = s.end;
      }
    }),
    { numRuns: 300 },
  );
});

test('the full stop an ASR wrote for the "point" of a temperature does not end the sentence', async () => {
  const { splitSentences } = await import('./sentences.ts');
  const text = 'your temperature is ninety eight . seven and your heart rate is seventy two . okay';
  assert.deepEqual(splitSentences(text).map((s) => text.slice(s.start, s.end)), ['your temperature is ninety eight . seven and your heart rate is seventy two .', 'okay']);
  const other = 'i walked ninety eight . two of us went';
  assert.equal(splitSentences(other).length, 2);
});

test('historical: past dates, pluperfect, past admissions, life stages', () => {
  assert.equal(of('I had a hysterectomy back in 2015.', 'hysterectomy').historical, true);
  assert.equal(of('In 2009 she broke her wrist.', 'wrist').historical, true);
  assert.equal(of('He had a stroke in the year two thousand and two.', 'stroke').historical, true);
  assert.equal(of('I know that you had had some gout in your toe.', 'gout').historical, true);
  assert.equal(of('She was hospitalized for pneumonia.', 'pneumonia').historical, true);
  assert.equal(of('I see you were in for atrial fibrillation last month.', 'atrial fibrillation').historical, true);
  assert.equal(of('I had eczema as a teenager.', 'eczema').historical, true);
  assert.equal(of('After my heart attack I changed my diet.', 'heart attack').historical, true);
});

test('historical: recent time spans, "prior to" and "now" do not make a mention historical', () => {
  assert.equal(of('I have had a cough in the past few days.', 'cough').historical, false);
  assert.equal(of('Headaches for the past two weeks.', 'Headaches').historical, false);
  assert.equal(of('She walked without a cane prior to the fracture.', 'fracture').historical, false);
  assert.equal(of('She had pneumonia in 2019 and now has bronchitis.', 'bronchitis').historical, false);
  assert.equal(of('Weight 70 kg, 2019 units.', 'Weight').historical, false);
});

test('uncertain: causal hedges, reported opinions, "not sure if"', () => {
  assert.equal(of('The rash could be due to eczema.', 'eczema').uncertain, true);
  assert.equal(of('He thinks it is due to gout.', 'gout').uncertain, true);
  const notSure = of("I'm not sure if it is a migraine.", 'migraine');
  assert.deepEqual([notSure.uncertain, notSure.negated, notSure.hypothetical], [true, false, false]);
  assert.equal(of('The pain is due to arthritis.', 'arthritis').uncertain, false);
});

test('hypothetical: risks and return advice', () => {
  assert.equal(of('Smoking can lead to lung cancer.', 'lung cancer').hypothetical, true);
  assert.equal(of('Let me know if you notice any bleeding.', 'bleeding').hypothetical, true);
  assert.equal(of('This lowers your risk of stroke.', 'stroke').hypothetical, true);
});

test('a determiner before the mention presupposes it: not asked, not in doubt', () => {
  assert.equal(of('Do these headaches wake you up?', 'headaches').question, false);
  assert.equal(of('Are you taking anything for your asthma?', 'asthma').question, false);
  assert.equal(of('This could be due to your sleep apnea.', 'sleep apnea').uncertain, false);
  assert.equal(of('Do you have asthma?', 'asthma').question, true);
  assert.equal(of('Is it possibly a sinus infection?', 'sinus infection').question, true);
});

test('a check-in tag ("…, okay?") does not turn advice into a question', () => {
  const advice = of('Call me if you get any chest pain, okay?', 'chest pain');
  assert.deepEqual([advice.hypothetical, advice.question], [true, false]);
  assert.equal(of('You have asthma, correct?', 'asthma').question, true);
});

test('historical: a past-history list is history to its last item (historical.lists)', () => {
  assert.equal(of('He has a history of migraine, gallstones, high cholesterol, and gout.', 'gout').historical, true);
  assert.equal(of('Her past medical history is significant for eczema, anemia, and glaucoma.', 'glaucoma').historical, true);
  // A long run of words is no list: the plain window holds.
  assert.equal(of('She has a history of migraine that has been getting worse at night with new vomiting.', 'vomiting').historical, false);
  // Only a history phrase opens such a list: "former" does not.
  assert.equal(of('He is a former 32 and 2-week-old, twin with Down syndrome.', 'Down syndrome').historical, false);
});

test('historical: an undated or counted past said after the condition', () => {
  assert.equal(of('I had a clot in my leg a few years back.', 'clot').historical, true);
  assert.equal(of('She had her gallbladder out some time ago.', 'gallbladder').historical, true);
  assert.equal(of('He had a kidney stone a couple of years ago.', 'kidney stone').historical, true);
  // A present illness that started weeks ago is not history.
  assert.equal(of('The cough started about two weeks ago.', 'cough').historical, false);
});

test('historical: a condition operated on before (IV.J, previously treated)', () => {
  assert.equal(of('He had surgery for a hernia when he was young.', 'hernia').historical, true);
  assert.equal(of('She underwent surgery for endometriosis.', 'endometriosis').historical, true);
  assert.equal(of('He will need surgery for the hernia.', 'hernia').historical, false);
});

test("a relative named with the clitic 's ('my dad's heart attack', 'her mum's had asthma') is the relative's condition", () => {
  assert.equal(of("Your dad's heart attack is worth knowing about.", 'heart attack').family, true);
  assert.equal(of("My nan's had diabetes for years.", 'diabetes').family, true);
  assert.equal(of("I've had diabetes for years.", 'diabetes').family, false);
});

test('"X means your …" tells the patient what their own finding is; "X means …" alone defines it', () => {
  assert.equal(of('The splenomegaly means your spleen is bigger than normal.', 'splenomegaly').hypothetical, false);
  assert.equal(of('The murmur means that you have a leaky valve.', 'murmur').hypothetical, false);
  assert.equal(of('Gout means crystals build up in a joint.', 'Gout').hypothetical, true);
});
