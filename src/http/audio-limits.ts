// Refuses an uploaded audio file over a configured limit (duration, channels, sample rate,
// decoded size) before anything decodes it: the API upload and the dashboard playground.
import type { AppDeps } from '../app-deps.ts';
import { audioLimitBreach } from '../engines/speech/audio/limits.ts';
import { probeAudio } from '../engines/speech/audio/probe.ts';
import { ApiError } from './errors.ts';

/** Probes the upload (header or ffprobe) and refuses audio over a configured limit. */
export async function checkAudioLimits(deps: Pick<AppDeps, 'config'>, file: string, multichannel: boolean): Promise<void> {
  const breach = audioLimitBreach(await probeAudio(file), deps.config.audioLimits, multichannel);
  if (breach) throw new ApiError(breach.status === 413 ? 'payload_too_large' : 'unprocessable', breach.message, { audio: breach.field });
}
