// Engines for lifecycle tests, injected through the ports. They compute from their input
// (so a test can tell results apart) but are no clinical engines: quality lives elsewhere.
import { EngineError, type Engines } from '../../src/engines/ports.ts';

export function echoEngines(): Partial<Engines> {
  return {
    notes: {
      async generateNote(request) {
        const words = request.transcript.trim().split(/\s+/).length;
        return { markdown: `# Test note\n\nWords: ${words}`, json: { words, type: request.noteType.type } };
      },
    },
    coding: {
      async code(text) {
        return { diagnoses: [], procedures: [], characters: text.length };
      },
    },
    consensus: {
      async answer(request) {
        return { consensus_response: `Answered a question of ${request.query.length} characters.` };
      },
    },
    templates: {
      async generate(request) {
        return { template: { id: 'tpl', title: `From ${request.notes?.length ?? 0} notes`, sections: [] } };
      },
      async refine(request) {
        return { template: { ...request.template, title: `${request.template.title} (refined)` } };
      },
      async deriveStyle(request) {
        return `style:${request.sampleNote.split('\n').length} lines`;
      },
    },
    speech: {
      languages: ['en'],
      async transcribe() {
        return { channels: [{ transcript: '', confidence: 0, words: [] }], duration: 0 };
      },
    },
  };
}

/** An engine that refuses with a caller-safe message. */
export function refusingNotes(message: string): Partial<Engines> {
  return {
    notes: {
      async generateNote() {
        throw new EngineError(message);
      },
    },
  };
}

/** Fails with an unexpected error `failures` times, then succeeds: exercises retries. */
export function flakyNotes(failures: number): Partial<Engines> & { calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    notes: {
      async generateNote() {
        calls++;
        if (calls <= failures) throw new Error('transient failure');
        return { markdown: 'ok', json: {} };
      },
    },
  };
}
