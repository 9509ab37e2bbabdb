// What an audio file may hold before we decode it: duration, channels, sample rate and the
// size of its decoded samples, each against its CLINSCRIBE_* limit. The upload route asks
// at once (413/422 naming the limit); the speech engine asks again before decoding.
import type { AudioLimits } from '../../../config.ts';
import type { ProbeResult } from './probe.ts';
import { BYTES_PER_SECOND } from './decode.ts';

export interface AudioLimitBreach {
  /** 413 for size (duration, decoded bytes), 422 for a shape we refuse (channels, rate). */
  status: 413 | 422;
  message: string;
  field: string;
}

/** Bytes the recognizer's 16 kHz mono input takes: one decode per channel when multichannel. */
export function decodedBytes(durationSec: number, channels: number, multichannel: boolean): number {
  return Math.ceil(durationSec * BYTES_PER_SECOND) * (multichannel ? channels : 1);
}

export function audioLimitBreach(probe: ProbeResult, limits: AudioLimits, multichannel = false): AudioLimitBreach | undefined {
  if (!probe.ok) return undefined;
  if (probe.durationSec > limits.maxSeconds) {
    return { status: 413, field: 'duration', message: `The audio lasts ${Math.round(probe.durationSec)} s; the limit is ${limits.maxSeconds} s (CLINSCRIBE_MAX_AUDIO_SECONDS).` };
  }
  if (probe.channels > limits.maxChannels) {
    return { status: 422, field: 'channels', message: `The audio has ${probe.channels} channels; the limit is ${limits.maxChannels} (CLINSCRIBE_MAX_AUDIO_CHANNELS).` };
  }
  if (probe.sampleRate > limits.maxSampleRate) {
    return { status: 422, field: 'sample_rate', message: `The audio is sampled at ${probe.sampleRate} Hz; the limit is ${limits.maxSampleRate} Hz (CLINSCRIBE_MAX_AUDIO_SAMPLE_RATE).` };
  }
  const bytes = decodedBytes(probe.durationSec, probe.channels, multichannel);
  if (bytes > limits.maxDecodedBytes) {
    return { status: 413, field: 'decoded_size', message: `The audio decodes to ${bytes} bytes of samples; the limit is ${limits.maxDecodedBytes} (CLINSCRIBE_MAX_DECODED_AUDIO_BYTES).` };
  }
  return undefined;
}
