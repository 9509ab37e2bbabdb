// The speech engines and what the HTTP layer needs from them.
export { probeAudio, type ProbeResult } from './audio/probe.ts';
export { createPocketSphinxEngine, type PocketSphinxOptions } from './pocketsphinx/engine.ts';
export { createOpenAiSpeechEngine, type OpenAiSpeechOptions } from './openai/engine.ts';
export { createStreamingSession, type StreamingTuning } from './streaming/session.ts';
export { STREAMING_ENCODINGS } from './streaming/input.ts';
export { resolveModels } from './pocketsphinx/models.ts';
