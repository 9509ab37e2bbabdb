// Webhook event bodies for finished resources (DESIGN §4): `{type, data}`.
import type { Resource } from '../store/resources-repo.ts';
import type { ResourceKind } from '../store/schema.ts';

export type Outcome = { status: 'completed'; result: Record<string, unknown> } | { status: 'failed'; error: string };

const EVENT_PREFIX: Record<ResourceKind, string> = {
  note: 'note_generation',
  transcription: 'audio_transcription',
  coding: 'coding',
  template: 'note_template',
  consensus: 'consensus',
};

export const EVENT_TYPES: string[] = Object.values(EVENT_PREFIX).flatMap((p) => [`${p}.succeeded`, `${p}.failed`]);

function transcriptText(result: Record<string, unknown>): string {
  const channels = (result.channels as { transcript?: string }[] | undefined) ?? [];
  return channels.map((c) => c.transcript ?? '').filter(Boolean).join('\n');
}

function eventData(resource: Resource, outcome: Outcome): Record<string, unknown> {
  const failed = outcome.status === 'failed';
  switch (resource.kind) {
    case 'note':
      return failed
        ? { id: resource.id, status: 'failed', error: outcome.error }
        : { id: resource.id, status: 'completed', payload: outcome.result.payload };
    case 'transcription':
      return failed
        ? { transcriptionId: resource.id, status: 'failed', error: outcome.error }
        : { transcriptionId: resource.id, status: 'completed', payload: { transcription: transcriptText(outcome.result) } };
    case 'template':
      return {
        id: resource.id,
        mode: resource.request.mode,
        status: outcome.status,
        result: failed ? { error: outcome.error } : outcome.result,
      };
    case 'coding':
    case 'consensus':
      return { id: resource.id, status: outcome.status, result: failed ? { error: outcome.error } : outcome.result };
  }
}

/** The outcome a finished resource recorded, to rebuild its event body; null while open. */
export function outcomeOf(resource: Resource): Outcome | null {
  if (resource.status === 'completed') return { status: 'completed', result: resource.result ?? {} };
  if (resource.status === 'failed') return { status: 'failed', error: resource.error ?? '' };
  return null;
}

export function eventFor(resource: Resource, outcome: Outcome): { type: string; data: Record<string, unknown> } {
  const suffix = outcome.status === 'completed' ? 'succeeded' : 'failed';
  return { type: `${EVENT_PREFIX[resource.kind]}.${suffix}`, data: eventData(resource, outcome) };
}
