// The playground: paste a transcript (or upload audio, transcribed first) under an account,
// get the SOAP note and its codes, every fact marked with the transcript words it came from.
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { CodedItem } from '../../engines/ports.ts';
import { checkAudioLimits } from '../audio-limits.ts';
import { sniffAudioFile } from '../../engines/speech/audio/format.ts';
import type { Resource } from '../../store/resources-repo.ts';
import { ApiError } from '../errors.ts';
import { toNoteRequest } from '../routes/notes.ts';
import { PAGE, csrfValid, formOf, notFound, sendPage, sessionOf } from './context.ts';
import { csrfField, escape } from './html.ts';
import { markAll, markdownRanges, markedNote, segmentedTranscript } from './playground-render.ts';

export const PLAYGROUND_SCRIPT = '/dashboard/assets/playground.js';
const REFRESH = '<meta http-equiv="refresh" content="1">';
const OPEN = new Set(['pending', 'processing']);

type Query = { account?: string; coding?: string };

/** What the playground reaches: accounts to choose from, note, coding and transcription resources, and the API's limits. */
export type PlaygroundDeps = Pick<AppDeps, 'accounts' | 'config' | 'resources' | 'validateTemplate'>;

async function formPage(deps: PlaygroundDeps, request: FastifyRequest, reply: FastifyReply, options: { account?: string; transcript?: string; error?: string; status?: number } = {}) {
  const csrf = csrfField(sessionOf(request).csrf);
  const accounts = await deps.accounts.listAccounts();
  const select = `<select name="account" required>${accounts
    .map((a) => `<option value="${escape(a.id)}" ${a.id === options.account ? 'selected' : ''}>${escape(a.name)} (${escape(a.id)})</option>`)
    .join('')}</select>`;
  const body = accounts.length
    ? `<form method="post" action="/dashboard/playground">${csrf}<p><label>Account ${select}</label></p>
<p><label for="transcript">Transcript</label><br><textarea id="transcript" name="transcript" rows="14" required placeholder="[doctor] What brings you in today?&#10;[patient] ...">${escape(options.transcript ?? '')}</textarea></p>
<p><button>Write the note</button></p></form>
<h2>Or upload audio</h2><form method="post" action="/dashboard/playground/audio" enctype="multipart/form-data">${csrf}
<p><label>Account ${select}</label> <input type="file" name="audio" accept="audio/*" required> <button>Transcribe</button></p></form>`
    : '<p>Create an account first: the playground runs jobs as one.</p>';
  const error = options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : '';
  return sendPage(request, reply, 'Playground', `<h1>Playground</h1>${error}${body}`, { status: options.status });
}

function codesTable(coding: Resource | undefined): string {
  if (!coding) return '';
  if (OPEN.has(coding.status)) return '<p>Coding…</p>';
  if (coding.status === 'failed') return `<p class="error">Coding failed: ${escape(coding.error ?? '')}</p>`;
  const diagnoses = (coding.result?.diagnoses as CodedItem[] | undefined) ?? [];
  const procedures = (coding.result?.procedures as CodedItem[] | undefined) ?? [];
  const row = (d: CodedItem) => {
    const c = d.code.coding[0];
    const span = [{ start: d.text_span.start_char, end: d.text_span.end_char }];
    return `<tr><td><code>${escape(c?.code ?? '')}</code></td><td>${escape(c?.display ?? d.code.text)}</td><td>${markAll(d.text_span.text, span)}</td></tr>`;
  };
  const rows = [...diagnoses, ...procedures].map(row).join('');
  return `<table id="codes"><tr><th>Code</th><th>Meaning</th><th>Said</th></tr>${rows || '<tr><td colspan="3">No codes found.</td></tr>'}</table>`;
}

function runBody(note: Resource, coding: Resource | undefined): string {
  const transcript = String(note.request.transcript ?? '');
  if (note.status === 'failed') return `<p class="error" role="alert">The note failed: ${escape(note.error ?? '')}</p>`;
  const payload = note.result?.payload as { markdown?: string; json?: Record<string, unknown> } | undefined;
  const ranges = markdownRanges(payload?.json);
  const codingSpans = ((coding?.result?.diagnoses as CodedItem[] | undefined) ?? []).map((d) => ({ start: d.text_span.start_char, end: d.text_span.end_char }));
  const spans = [...ranges.flatMap((r) => r.evidence), ...codingSpans];
  return `<p>Hover a highlighted statement to see the words it came from.</p><div class="cols">
<section class="panel"><h2>SOAP note</h2><pre class="text" id="note">${markedNote(payload?.markdown ?? '', ranges)}</pre>
<h2>Codes</h2>${codesTable(coding)}</section>
<section class="panel"><h2>Transcript</h2><pre class="text" id="transcript">${segmentedTranscript(transcript, spans)}</pre></section></div>`;
}

/** Writes the note and its coding as the account; both are ordinary jobs of that account. */
async function startRun(deps: PlaygroundDeps, accountId: string, transcript: string): Promise<string> {
  const noteRequest = toNoteRequest(deps, { transcript, noteType: { type: 'soap' } });
  const note = await deps.resources.create('note', accountId, { ...noteRequest });
  const coding = await deps.resources.create('coding', accountId, { text: transcript });
  return `/dashboard/playground/runs/${encodeURIComponent(note.id)}?account=${encodeURIComponent(accountId)}&coding=${encodeURIComponent(coding.id)}`;
}

async function receiveAudio(deps: PlaygroundDeps, request: FastifyRequest, target: string): Promise<{ account?: string; csrf?: string }> {
  const fields: Record<string, string> = {};
  let received = false;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Only a form whose token checks out may write to disk.
      if (received || part.fieldname !== 'audio' || !csrfValid(request, fields._csrf)) {
        part.file.resume();
        throw new ApiError('validation_error', 'Send one audio file after the form fields.');
      }
      await pipeline(part.file, (await fsp.open(target, 'wx')).createWriteStream());
      if (part.file.truncated) throw new ApiError('payload_too_large', `The audio file is larger than ${deps.config.maxUploadBytes} bytes.`);
      received = true;
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  if (!received || !(await sniffAudioFile(target))) throw new ApiError('validation_error', 'The file is not audio in a supported format.');
  // The same limits as the API's upload: probed before anything decodes the file.
  await checkAudioLimits(deps, target, false);
  return { account: fields.account, csrf: fields._csrf };
}

export function playgroundPages(app: FastifyInstance, deps: PlaygroundDeps): void {
  app.get('/dashboard/playground', PAGE, (request, reply) => formPage(deps, request, reply, { account: (request.query as Query).account }));

  app.post('/dashboard/playground', PAGE, async (request, reply) => {
    const form = formOf(request);
    const account = await deps.accounts.getAccount(form.account ?? '');
    if (!account) return formPage(deps, request, reply, { transcript: form.transcript, error: 'Choose an account.', status: 400 });
    try {
      return reply.redirect(await startRun(deps, account.id, form.transcript ?? ''), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return formPage(deps, request, reply, { account: account.id, transcript: form.transcript, error: error.message, status: error.status });
    }
  });

  app.get('/dashboard/playground/runs/:noteId', PAGE, async (request, reply) => {
    const query = request.query as Query;
    const note = await deps.resources.get('note', query.account ?? '', (request.params as { noteId: string }).noteId);
    if (!note) return notFound(request, reply, 'note');
    const coding = query.coding ? await deps.resources.get('coding', note.accountId, query.coding) : undefined;
    const working = OPEN.has(note.status) || (coding && OPEN.has(coding.status));
    const body = OPEN.has(note.status) ? '<p role="status">Writing the note…</p>' : runBody(note, coding);
    return sendPage(request, reply, 'Playground', `${working ? REFRESH : ''}<h1>Playground</h1><p><a href="/dashboard/playground?account=${escape(note.accountId)}">New run</a> · note <code>${escape(note.id)}</code></p>${body}`, {
      script: PLAYGROUND_SCRIPT,
    });
  });

  app.post('/dashboard/playground/audio', PAGE, async (request, reply) => {
    return deps.resources.withAudioUpload(async ({ id, fileName, path, keep }) => {
      const upload = await receiveAudio(deps, request, path).catch((error: unknown) => {
        if (error instanceof ApiError) return { error };
        throw error;
      });
      if ('error' in upload) return formPage(deps, request, reply, { error: upload.error.message, status: upload.error.status });
      const account = await deps.accounts.getAccount(upload.account ?? '');
      if (!account) return formPage(deps, request, reply, { error: 'Choose an account.', status: 400 });
      await deps.resources.create('transcription', account.id, { audioFile: fileName }, id);
      keep();
      return reply.redirect(`/dashboard/playground/audio/${encodeURIComponent(id)}?account=${encodeURIComponent(account.id)}`, 303);
    });
  });

  app.get('/dashboard/playground/audio/:id', PAGE, async (request, reply) => {
    const account = (request.query as Query).account ?? '';
    const tr = await deps.resources.get('transcription', account, (request.params as { id: string }).id);
    if (!tr) return notFound(request, reply, 'transcription');
    if (OPEN.has(tr.status)) return sendPage(request, reply, 'Playground', `${REFRESH}<h1>Playground</h1><p role="status">Transcribing…</p>`);
    if (tr.status === 'failed') return formPage(deps, request, reply, { account, error: `Transcription failed: ${tr.error ?? ''}` });
    const channels = (tr.result?.channels as { transcript?: string }[] | undefined) ?? [];
    const transcript = channels.map((c) => c.transcript ?? '').join('\n').trim();
    return formPage(deps, request, reply, { account, transcript, error: transcript ? undefined : 'No speech was recognised in the audio.' });
  });
}
