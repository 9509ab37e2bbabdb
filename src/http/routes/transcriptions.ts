// Audio transcriptions: multipart upload (streamed to disk, never held in memory), GET, DELETE.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { checkAudioLimits } from '../audio-limits.ts';
import { sniffAudioFile } from '../../engines/speech/audio/format.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { idempotent } from '../idempotency.ts';
import { StableHeaders, Timestamp, stableErrors } from '../schemas.ts';
import { TranscriptionJobView } from '../schemas/results.ts';
import { jobView } from './job-views.ts';
import { jobRoutes } from './job-routes.ts';

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const ENCODINGS = ['auto', 'linear16', 'pcm_s16le', 'wav', 'mp3', 'aac', 'mp4', 'm4a', 'ogg', 'opus', 'webm', 'flac'];

interface UploadFields {
  language?: string;
  encoding?: string;
  multichannel?: boolean;
  dictation?: boolean;
}

function booleanField(name: string, value: string): boolean {
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no', ''].includes(value.toLowerCase())) return false;
  throw new ApiError('validation_error', `${name} must be true or false.`, { [name]: 'must be true or false' });
}

/** What the transcription routes reach: transcription resources and their uploads, the speech engine's languages, Idempotency-Keys and the audio limits. */
export type TranscriptionsRouteDeps = Pick<AppDeps, 'config' | 'engines' | 'idempotency' | 'resources'>;

function checkLanguage(deps: Pick<TranscriptionsRouteDeps, 'engines'>, language: string | undefined): void {
  if (language === undefined) return;
  if (!LANGUAGE_TAG.test(language)) {
    throw new ApiError('unprocessable', 'language must be a language tag such as "en" or "en-US".', { language: 'invalid language tag' });
  }
  const supported = deps.engines.speech.languages;
  const base = language.split('-')[0].toLowerCase();
  if (supported && !supported.includes(base)) {
    throw new ApiError('unprocessable', `language "${language}" is not supported; supported: ${supported.join(', ')}.`, {
      language: 'not supported',
    });
  }
}

interface Upload {
  fields: UploadFields;
  /** What identifies the request for Idempotency-Key: every form field and the file's SHA-256. */
  fingerprint: { fields: [string, string][]; audioSha256: string };
}

/** Passes the bytes through unchanged, feeding them to a digest on the way. */
function digesting(digest: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk, _encoding, callback) {
      digest.update(chunk);
      callback(null, chunk);
    },
  });
}

/**
 * Reads the multipart body: the `audio` file goes straight to disk (hashed on the way, never
 * held in memory), the other fields are checked.
 */
async function receiveUpload(deps: TranscriptionsRouteDeps, request: FastifyRequest, target: string): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new ApiError('validation_error', 'Send the audio as multipart/form-data with the file in the field "audio".', {
      audio: 'required',
    });
  }
  const fields: UploadFields = {};
  const raw: [string, string][] = [];
  const digest = createHash('sha256');
  let received = false;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'audio' || received) {
        part.file.resume();
        throw new ApiError('validation_error', 'Send exactly one file, in the field "audio".', { audio: 'exactly one file' });
      }
      await pipeline(part.file, digesting(digest), fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) {
        throw new ApiError('payload_too_large', `The audio file is larger than ${deps.config.maxUploadBytes} bytes.`, {
          audio: 'too large',
        });
      }
      received = true;
      continue;
    }
    const value = String(part.value ?? '');
    raw.push([part.fieldname, value]);
    switch (part.fieldname) {
      case 'language':
        fields.language = value;
        break;
      case 'encoding':
        if (!ENCODINGS.includes(value.toLowerCase())) {
          throw new ApiError('validation_error', `encoding must be one of ${ENCODINGS.join(', ')}.`, { encoding: 'unsupported' });
        }
        fields.encoding = value.toLowerCase();
        break;
      case 'multichannel':
        fields.multichannel = booleanField('multichannel', value);
        break;
      case 'dictation':
        fields.dictation = booleanField('dictation', value);
        break;
      default:
        break;
    }
  }
  if (!received) throw new ApiError('validation_error', 'No audio file: send it in the multipart field "audio".', { audio: 'required' });
  const { size } = await fsp.stat(target);
  if (size === 0) throw new ApiError('validation_error', 'The audio file is empty.', { audio: 'empty' });
  if (!(await sniffAudioFile(target))) {
    throw new ApiError('validation_error', 'The file is not audio in a supported format (WAV, MP3, M4A/MP4/AAC, OGG/Opus, WebM, FLAC).', {
      audio: 'unsupported type',
    });
  }
  checkLanguage(deps, fields.language);
  await checkAudioLimits(deps, target, fields.multichannel === true);
  const ordered = raw.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { fields, fingerprint: { fields: ordered, audioSha256: digest.digest('hex') } };
}

/** POST /v2/audio/transcriptions: the multipart upload, kept only once its job is created. */
const uploadRoute = (deps: TranscriptionsRouteDeps, tags: string[]): FastifyPluginAsyncTypebox => async (app) => {
  app.post(
    '/v2/audio/transcriptions',
    {
      config: { auth: 'stable' },
      schema: {
        tags,
        summary: 'Upload audio to transcribe (multipart/form-data: audio, language?, encoding?, multichannel?, dictation?)',
        headers: StableHeaders,
        consumes: ['multipart/form-data'],
        response: {
          201: Type.Object({
            data: Type.Object({ id: Type.String(), status: Type.String(), created_at: Timestamp, updated_at: Timestamp }),
          }),
          ...stableErrors(400, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const account = accountOf(request);
      // Refused, failed or replayed: this request's copy of the audio is not kept.
      await deps.resources.withAudioUpload(async ({ id, fileName, path, keep }) => {
        // The upload is read first: an Idempotency-Key is matched on its fields and audio digest.
        const upload = await receiveUpload(deps, request, path);
        await idempotent(
          deps.idempotency,
          request,
          reply,
          account.id,
          async () => {
            const resource = await deps.resources.create('transcription', account.id, { audioFile: fileName, ...upload.fields }, id);
            keep();
            return { status: 201, body: { data: jobView(resource, '') }, resourceId: resource.id };
          },
          { fingerprint: upload.fingerprint },
        );
      });
      return reply;
    },
  );
};

export function transcriptionsRoutes(deps: TranscriptionsRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['audio transcriptions'];
    await uploadRoute(deps, tags)(app, {});

    await jobRoutes(deps, {
      path: '/v2/audio/transcriptions/:id', kind: 'transcription', tier: 'stable', tags,
      notFound: 'Transcription not found.',
      get: { summary: 'Get a transcription', view: TranscriptionJobView, render: (found) => jobView(found, 'Transcription failed.') },
      deleteSummary: 'Delete a transcription and its audio',
    })(app, {});
  };
}
