// What each kind of resource job asks for, as stored by its route once validated: one type
// per kind, so the runner's handlers see typed requests, never `any`.
import type { ConsensusRequest, NoteRequest, NoteTemplate, TemplateRefinementRequest } from '../engines/ports.ts';
import type { Resource } from '../store/resources-repo.ts';
import type { ResourceKind } from '../store/schema.ts';

export interface CodingJobRequest {
  text: string;
}

export interface TranscriptionJobRequest {
  /** Name of the uploaded file in the data directory's upload folder. */
  audioFile: string;
  language?: string;
  encoding?: string;
  multichannel?: boolean;
  dictation?: boolean;
}

/** A template job: generate from notes or a description, or refine a template. */
export interface TemplateJobRequest {
  mode?: string;
  notes?: { content: string; description?: string }[];
  description?: string;
  template?: NoteTemplate;
  instructions?: string;
  /** An older spelling of `instructions` for refinement. */
  feedback?: string;
  note_comparison?: TemplateRefinementRequest['note_comparison'];
}

export interface JobRequests {
  note: NoteRequest;
  coding: CodingJobRequest;
  transcription: TranscriptionJobRequest;
  template: TemplateJobRequest;
  consensus: ConsensusRequest;
}

/** A job request tagged with its kind: switching on `kind` narrows `request`. */
export type JobRequest = { [K in ResourceKind]: { kind: K; request: JobRequests[K] } }[ResourceKind];

/**
 * The typed request of a stored resource. Routes validate a request before storing it
 * (src/http/routes), so the stored JSON has its kind's shape: this is the one place that
 * trusts it.
 */
export function jobRequestOf(resource: Resource): JobRequest {
  return { kind: resource.kind, request: resource.request } as JobRequest;
}
