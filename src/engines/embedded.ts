// The embedded text engines built on the calling thread: in each engine thread, and in
// one-shot tools that run without the pool.
import { createEmbeddedCodingEngine } from './clinical/coding/index.ts';
import { createEmbeddedExtractionEngine } from './clinical/extraction/index.ts';
import { createEmbeddedNoteEngine } from './clinical/soap/index.ts';
import { createEmbeddedTemplateEngine, withTemplateNotes } from './clinical/templates/index.ts';
import type { CodingEngine, ExtractionEngine, NoteEngine, TemplateEngine } from './ports.ts';

export interface EmbeddedEngines {
  notes: NoteEngine;
  templates: TemplateEngine;
  coding: CodingEngine;
  extraction: ExtractionEngine;
}

export function embeddedEngines(): EmbeddedEngines {
  return {
    notes: withTemplateNotes(createEmbeddedNoteEngine()),
    templates: createEmbeddedTemplateEngine(),
    coding: createEmbeddedCodingEngine(),
    extraction: createEmbeddedExtractionEngine(),
  };
}
