// @clinscribe/sdk: a typed client for the clinscribe API, and webhook signature checking.
export { Clinscribe, type ClinscribeOptions, type Coding, type ConsensusJob, type FhirBundle, type Note, type NoteCreateBody, type TemplateJob, type Transcription, type TranscriptionCreate, type WebhookEndpoint } from './client.ts';
export { ClinscribeApiError, ClinscribeJobFailedError, ClinscribeTimeoutError } from './errors.ts';
export type { RetryOptions } from './transport.ts';
export type { AudioInput } from './uploads.ts';
export type { WaitOptions } from './wait.ts';
export { verifyWebhook } from './webhooks.ts';
export type { paths } from './schema.d.ts';
