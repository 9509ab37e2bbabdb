// Engine ports: the only surface the service uses to reach an engine.
// Engines are plain TypeScript (no HTTP, no SQL): input in, structured result out,
// so they can be tested, benchmarked and reused from the CLI.

/** A character range of the text the caller submitted: text.slice(start, end). */
export interface Span {
  start: number;
  end: number;
}

// ---------------------------------------------------------------- notes

export interface TemplateSectionProperties {
  detail_level?: string;
  tone?: string;
  formatting_style?: string;
  label?: string;
  bold_label?: boolean;
  hideIfEmpty?: boolean;
  max_sentences?: number;
  min_sentences?: number;
  list_type?: string;
  min_items?: number;
  max_items?: number;
  [key: string]: unknown;
}

export interface HeadingSection {
  id: string;
  type: 'heading';
  properties: { level?: number; text: string; bold?: boolean; [key: string]: unknown };
  children: TemplateSection[];
}

export interface TextSection {
  id: string;
  type: 'text';
  prompt: string;
  properties?: TemplateSectionProperties;
  result?: string;
}

export interface ListSection {
  id: string;
  type: 'list';
  prompt: string;
  properties?: TemplateSectionProperties;
  result?: string[];
}

export type TemplateSection = HeadingSection | TextSection | ListSection;

export interface NoteTemplate {
  id: string;
  title: string;
  global_prompt?: string;
  sections: TemplateSection[];
}

export interface PatientInfo {
  name?: string;
  dateOfBirth?: string;
  gender?: string;
}

export type NoteType =
  | { type: 'soap'; includeJson?: boolean }
  | { type: 'note_template'; template: NoteTemplate; includeJson?: boolean }
  | { type: 'note_style'; template: string; includeJson?: boolean };

export interface NoteRequest {
  transcript: string;
  noteType: NoteType;
  date?: string;
  language?: string;
  patientInfo?: PatientInfo;
  previousNote?: string;
  context?: string;
  instructions?: string[];
  /** Drug names the patient takes; used to correct misheard spellings. */
  medicationList?: string[];
}

export interface NoteResult {
  markdown: string;
  /** SOAP structure, or {sections} for templates; may carry `evidence`. */
  json: Record<string, unknown>;
}

export interface NoteEngine {
  generateNote(request: NoteRequest): Promise<NoteResult>;
}

// ---------------------------------------------------------------- note styles and template jobs

export interface StyleRequest {
  sampleNote: string;
  instructions?: string[];
}

export interface TemplateGenerationRequest {
  /** Reference form: 1–5 provider notes. */
  notes?: { content: string; description?: string }[];
  /** Guide form: a natural-language description of the template. */
  description?: string;
  instructions?: string;
}

export interface TemplateRefinementRequest {
  template: NoteTemplate;
  instructions?: string;
  note_comparison?: { before: string; after: string; description?: string };
}

/** `result` of a completed template job: `template` plus optional analysis extras. */
export interface TemplateJobResult {
  template: NoteTemplate;
  insights?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface TemplateEngine {
  generate(request: TemplateGenerationRequest): Promise<TemplateJobResult>;
  refine(request: TemplateRefinementRequest): Promise<TemplateJobResult>;
  /** Derive a note style string from a sample note (POST /v1/note-styles). */
  deriveStyle(request: StyleRequest): Promise<string>;
}

// ---------------------------------------------------------------- coding

export interface CodedItem {
  id: string;
  code: {
    coding: { system: string; code: string; display: string }[];
    text: string;
  };
  text_span: { start_char: number; end_char: number; text: string };
  confidence?: number;
  [key: string]: unknown;
}

export interface CodingResult {
  diagnoses: CodedItem[];
  procedures: CodedItem[];
  [key: string]: unknown;
}

export interface CodingEngine {
  code(text: string): Promise<CodingResult>;
}

// ---------------------------------------------------------------- text-to-JSON

export interface ExtractionResult {
  data: unknown;
  /** Optional details: paths not found, evidence spans of found values. */
  meta?: Record<string, unknown>;
}

export interface ExtractionEngine {
  /** `schema` has already been checked and compiled by the caller's intake. */
  extract(text: string, schema: Record<string, unknown>): Promise<ExtractionResult>;
}

// ---------------------------------------------------------------- speech

export interface TranscribedWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
  speaker: number;
}

export interface TranscriptionChannel {
  transcript: string;
  confidence: number;
  words: TranscribedWord[];
}

export interface TranscriptionResult {
  channels: TranscriptionChannel[];
  duration?: number;
  [key: string]: unknown;
}

export interface TranscriptionRequest {
  /** Path of the uploaded file on disk (never held whole in memory). */
  audioPath: string;
  language?: string;
  encoding?: string;
  multichannel?: boolean;
  dictation?: boolean;
}

/** A message of the streaming WebSocket (DESIGN §4). */
export interface StreamingTranscript {
  type: 'transcript';
  audio_start: number;
  audio_end: number;
  duration: number;
  text: string;
  is_final: boolean;
  words: TranscribedWord[];
}

export interface StreamingOptions {
  sampleRate: number;
  encoding: string;
  language?: string;
}

export interface StreamingSession {
  /**
   * Takes audio. False when the recognizer is this far behind (audio sent faster than real
   * time): the caller stops reading until 'drain', as with a Node stream.
   */
  push(chunk: Buffer): boolean;
  /** Flushes what is buffered (final results follow) and releases the recognizer. */
  end(): Promise<void>;
  on(event: 'transcript', listener: (message: StreamingTranscript) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'drain', listener: () => void): unknown;
}

export interface SpeechEngine {
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult>;
  /** Live recognition; engines without it refuse streaming connections. */
  openStream?(options: StreamingOptions): StreamingSession;
  /** Languages this engine accepts (BCP-47 prefixes such as "en"); undefined means any. */
  languages?: string[];
}

// ---------------------------------------------------------------- consensus

export interface ConsensusRequest {
  query: string;
  context?: string;
}

export interface ConsensusResult {
  consensus_response: string;
  [key: string]: unknown;
}

export interface ConsensusEngine {
  answer(request: ConsensusRequest): Promise<ConsensusResult>;
}

// ---------------------------------------------------------------- errors shared by engines

/** The engine cannot serve this request (no model configured, unsupported language…).
 * Its message is safe to show the caller: it must never contain PHI. */
export class EngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineError';
  }
}

/** The caller's input is malformed (a JSON Schema that does not compile): a 400, not a 422.
 * Its message is safe to show the caller. */
export class EngineInputError extends EngineError {
  constructor(message: string) {
    super(message);
    this.name = 'EngineInputError';
  }
}

/** No engine is configured or built for this capability. */
export class EngineUnavailableError extends EngineError {
  constructor(message: string) {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}

/**
 * A remote engine server could not answer now (unreachable, timed out, HTTP 5xx or 429):
 * the same request may well succeed later. Jobs retry it; synchronous routes answer 503
 * with Retry-After. Not an EngineError, which is final. Its message is shown to callers.
 */
export class TransientEngineError extends Error {
  constructor(
    message: string,
    /** Seconds the server asked to wait (its Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'TransientEngineError';
  }
}

export interface Engines {
  notes: NoteEngine;
  templates: TemplateEngine;
  coding: CodingEngine;
  extraction: ExtractionEngine;
  speech: SpeechEngine;
  consensus: ConsensusEngine;
  /** Stops what the engines hold (the engine thread pool). */
  close?(): Promise<void>;
}
