// TypeBox schemas of every result payload a client reads (note, coding, transcription,
// text-to-JSON details, template job, consensus), used as the routes' response schemas so
// /openapi.json describes them and fast-json-stringify writes them: declared fields are
// typed, undeclared ones dropped. Where the engine port promises extension fields (its type
// has an index signature: CodingResult, CodedItem, TranscriptionResult, ConsensusResult) or
// the shape is the caller's (a note's structured JSON, template sections), the object stays
// open, so an engine's extra field still reaches the client.
import { type TSchema, Type } from '@fastify/type-provider-typebox';

const Timestamp = Type.String({ format: 'date-time' });
const Open = (description: string) => Type.Object({}, { additionalProperties: true, description });

/** What a language-model engine adds to a result: which engine, its token usage, and the facts grounding could not find. */
const EngineMetadataFields = {
  engine: Type.Optional(Type.String({ description: 'embedded, llm or llm+embedded' })),
  grounding: Type.Optional(Type.String({ description: 'drop or flag (CLINSCRIBE_GROUNDING)' })),
  usage: Type.Optional(Open('Token usage of the model calls')),
  ungrounded: Type.Optional(
    Type.Array(Type.Object({ path: Type.String(), text: Type.String(), reason: Type.String() }), { description: 'Facts the transcript does not support (dropped, or kept and flagged)' }),
  ),
};

export const JobFailure = Type.Object({ error: Type.String({ description: 'Why the job failed' }) }, { title: 'JobFailure' });

// ------------------------------------------------------------------ notes

export const NoteJson = Type.Object(
  {
    subjective: Type.Optional(Open('chiefComplaint, historyOfPresentIllness, reviewOfSystems.<system>')),
    objective: Type.Optional(Open('vitalSigns (bloodPressure, heartRate, temperature…), physicalExam.<area>')),
    assessment: Type.Optional(Open('diagnoses[] {description, icdCode?}, clinicalImpression')),
    plan: Type.Optional(Open('medications[] {name, dosage, frequency, instructions}, patientEducation[], followUp')),
    sections: Type.Optional(Type.Array(Open('A template section with its result filled in'), { description: 'note_template notes' })),
  },
  {
    additionalProperties: true,
    title: 'NoteJson',
    description: 'Structured note: the SOAP structure for `soap`, `{sections}` with results for `note_template`. Every key is optional.',
  },
);

export const NotePayload = Type.Object(
  { markdown: Type.String({ description: 'The note as markdown' }), json: NoteJson },
  { title: 'NotePayload' },
);

export const NoteView = Type.Object(
  {
    noteId: Type.String(),
    status: Type.String({ description: 'processing | completed | failed' }),
    payload: Type.Optional(NotePayload),
    error: Type.Optional(Type.String()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Note' },
);

// ------------------------------------------------------------------ codings

const CodeableConcept = Type.Object({
  coding: Type.Array(Type.Object({ system: Type.String(), code: Type.String(), display: Type.String() })),
  text: Type.String(),
});

export const CodedItem = Type.Object(
  {
    id: Type.String(),
    code: CodeableConcept,
    text_span: Type.Object(
      { start_char: Type.Integer(), end_char: Type.Integer(), text: Type.String() },
      { description: 'Where the evidence is in the submitted text (end exclusive)' },
    ),
    confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    rationale: Type.Optional(Open('Why this E/M level was chosen (procedures)')),
  },
  { title: 'CodedItem', additionalProperties: true },
);

export const CodingResult = Type.Object(
  { diagnoses: Type.Array(CodedItem, { description: 'ICD-10-CM' }), procedures: Type.Array(CodedItem, { description: 'CPT (E/M level and performed procedures)' }) },
  { title: 'CodingResult', additionalProperties: true },
);

// ------------------------------------------------------------------ transcriptions

export const TranscribedWord = Type.Object(
  {
    word: Type.String(),
    start: Type.Number({ description: 'seconds' }),
    end: Type.Number({ description: 'seconds' }),
    confidence: Type.Number(),
    speaker: Type.Integer(),
  },
  { title: 'TranscribedWord' },
);

export const TranscriptionResult = Type.Object(
  {
    channels: Type.Array(Type.Object({ transcript: Type.String(), confidence: Type.Number(), words: Type.Array(TranscribedWord) })),
    duration: Type.Optional(Type.Number({ description: 'seconds of audio' })),
  },
  { title: 'TranscriptionResult', additionalProperties: true },
);

// ------------------------------------------------------------------ text-to-JSON

export const ExtractionDetails = Type.Object(
  {
    notFound: Type.Optional(Type.Array(Type.String(), { description: 'JSON Pointer paths the text had no value for' })),
    evidence: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), start: Type.Integer(), end: Type.Integer() }), { description: 'Where each found value is in the text' }),
    ),
    ...EngineMetadataFields,
  },
  { title: 'ExtractionDetails', description: 'Text-to-JSON `meta` (includeMeta)' },
);

// ------------------------------------------------------------------ template jobs and consensus

export const NoteTemplateSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    global_prompt: Type.Optional(Type.String()),
    sections: Type.Array(Open('HeadingSection {id, type: heading, properties, children}, TextSection or ListSection {id, type, prompt, properties?}')),
  },
  { title: 'NoteTemplate' },
);

export const TemplateJobResult = Type.Object(
  {
    template: NoteTemplateSchema,
    insights: Type.Optional(Open('What generation found or refinement applied')),
    metadata: Type.Optional(Type.Object(EngineMetadataFields, { additionalProperties: true })),
  },
  { title: 'TemplateJobResult' },
);

export const ConsensusResult = Type.Object(
  {
    consensus_response: Type.String(),
    agreement: Type.Optional(Type.String({ description: 'full | partial | none' })),
    disagreements: Type.Optional(Type.Array(Type.String())),
  },
  { title: 'ConsensusResult', additionalProperties: true },
);

// ------------------------------------------------------------------ job views

/** A finished job's `result`: the kind's payload, or `{error}` when it failed. */
const resultOf = (payload: TSchema) => Type.Optional(Type.Union([payload, JobFailure], { description: 'Only once completed (payload) or failed ({error})' }));

const jobFields = {
  id: Type.String(),
  status: Type.String({ description: 'pending | processing | completed | failed' }),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const CodingJobView = Type.Object(
  { ...jobFields, result: resultOf(CodingResult), processing_time_ms: Type.Optional(Type.Integer()) },
  { title: 'Coding' },
);
export const TranscriptionJobView = Type.Object({ ...jobFields, result: resultOf(TranscriptionResult) }, { title: 'Transcription' });
export const TemplateJobView = Type.Object(
  { ...jobFields, mode: Type.String({ description: 'generate | refine (or generation | refinement, as sent)' }), result: resultOf(TemplateJobResult) },
  { title: 'TemplateJob' },
);
export const ConsensusJobView = Type.Object(
  { ...jobFields, result: resultOf(ConsensusResult), metadata: Type.Object({}, { additionalProperties: true }) },
  { title: 'Consensus' },
);
