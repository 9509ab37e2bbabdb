// Which texts are gated by what their assessment part takes up (select.ts passingGated).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { passingGated } from './select.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

// An excerpt of labelled turns between a short exchange (1400 chars) and a whole visit (2800), with
// more than six mentions and no assessment marker.
const EXCERPT = [
  'Doctor: Good to see you again. Your thyroid numbers came back fine this time, so we will keep the same dose.',
  'Patient: That is a relief. I was worried about those results all week long.',
  'Patient: The main thing is that I have had a lot of pain these last few days.',
  'Doctor: Where is the pain?',
  'Patient: Mostly my right hip.',
  'Doctor: I see. Have you taken anything for it so far? Any ibuprofen or acetaminophen at home?',
  'Patient: Not yet. I wanted to ask you first because of my stomach.',
  'Doctor: That is sensible. We can try a cream on the hip first and see how it goes over the next week or two.',
  'Patient: Okay. I have also been coughing a bit at night, and my nose is stuffy in the mornings.',
  'Doctor: How long has the cough been going on for, would you say?',
  'Patient: About a week, maybe a little more than that. It is worse when I lie down.',
  'Doctor: Any fever or chills with it at all?',
  'Patient: No fever, no chills, nothing like that.',
  'Doctor: Good. That sounds like a cold that is settling down; plenty of fluids and rest should help.',
  'Patient: Thank you. Oh, and before I forget, I get heartburn after most dinners lately.',
  'Doctor: How often would you say that happens in a week?',
  'Patient: Four or five nights a week, usually after a big meal or anything spicy.',
  'Doctor: Let us try raising the head of the bed and an antacid after dinner, and see.',
  'Patient: I can do that. My daughter bought us a new bed frame last month, so it should be easy enough.',
  'Doctor: Wonderful. Is there anything else on your mind today before we finish up?',
].join('\n');

test('the gate follows what the text holds, not how many conditions it names', () => {
  const excerpt = { labelled: true, textLength: 1800, assessing: false };
  assert.equal(passingGated({ ...excerpt, mentions: 6 }), passingGated({ ...excerpt, mentions: 7 }));
  assert.equal(passingGated({ ...excerpt, mentions: 12 }), false);
  assert.equal(passingGated({ ...excerpt, mentions: 3, assessing: true }), true);
  assert.equal(passingGated({ labelled: true, textLength: 1000, mentions: 12, assessing: true }), false);
  assert.equal(passingGated({ labelled: true, textLength: 3000, mentions: 1, assessing: true }), true);
  // Long, but nothing assessed in it: an excerpt of history taking, up to twice a whole visit's length.
  assert.equal(passingGated({ labelled: true, textLength: 3000, mentions: 1, assessing: false }), false);
  assert.equal(passingGated({ labelled: true, textLength: 6000, mentions: 1, assessing: false }), true);
  // A note or problem list without turns: short ones have no chatter.
  assert.equal(passingGated({ labelled: false, textLength: 3000, mentions: 4, assessing: false }), false);
  assert.equal(passingGated({ labelled: false, textLength: 3000, mentions: 9, assessing: false }), true);
});

test('an excerpt with no assessment part keeps the complaints the clinician takes up, however many it names', () => {
  assert.ok(EXCERPT.length > 1400 && EXCERPT.length < 2800);
  assert.deepEqual(codes(EXCERPT), ['M25.551', 'R05.9', 'R12']);
});

test('an excerpt whose clinician opens an assessment is gated by it', () => {
  const marked = `${EXCERPT}\nDoctor: To summarise, the cough is from a cold that is getting better.`;
  assert.deepEqual(codes(marked), ['R05.9']);
});

// A history excerpt that reads out earlier care at length before the complaint, with nothing assessed.
const REVIEW = [
  'Doctor: Thanks for coming in. I have the letters from the other clinic here, so let me go through them with you first.',
  'Patient: Sure, go ahead. I brought a copy of everything they gave me as well, in this folder.',
  'Doctor: They saw you three times over the winter and tried two different creams and a course of tablets.',
  'Patient: That is right. None of it made a real difference for very long, which is why they sent me here.',
  'Doctor: Their notes mention blood tests in January. The counts were normal and the kidney numbers were fine.',
  'Patient: They told me the same thing on the phone, that the tests looked okay.',
  'Doctor: There is also a scan report from February. It does not show anything that worries me on its own.',
  'Patient: I was glad about that, but I still do not feel right.',
];
const STORY = [
  'Doctor: Tell me what has been bothering you most these days.',
  'Patient: I get a headache most afternoons, and it has been going on for about six weeks now.',
  'Doctor: Where do you feel the headache, and how long does it last?',
  'Patient: Across my forehead, for an hour or two, and then it eases off by itself.',
  'Doctor: Any change in your vision with it, or any dizziness?',
  'Patient: No, nothing like that.',
];
const reviewed = (rounds: number): string => [...Array.from({ length: rounds }, () => REVIEW).flat(), ...STORY].join('\n');

test('a long history excerpt in which nothing is assessed keeps its present illness', () => {
  const excerpt = reviewed(4);
  assert.ok(excerpt.length > 2800 && excerpt.length < 5600);
  assert.deepEqual(codes(excerpt), ['R51.9']);
  // Past twice a whole visit's length, a text with no assessment found is a whole visit, gated by its closing part.
  const visit = reviewed(8);
  assert.ok(visit.length > 5600);
  assert.deepEqual(codes(visit), []);
});
