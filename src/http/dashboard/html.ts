// Tiny HTML helpers for the server-rendered dashboard: everything dynamic is escaped.
import { escape } from '../../html-escape.ts';

export { escape };

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace;font-size:13px;background:#f4f4f4;padding:.1rem .3rem;border-radius:3px}
form.inline{display:inline}input,button,select,textarea{font:inherit;padding:.25rem .5rem}.secret{background:#fff7d6;border:1px solid #e6c200;padding:.6rem;border-radius:4px}
.error{background:#fde8e8;border:1px solid #d33;padding:.6rem;border-radius:4px}
nav{margin-bottom:1rem;display:flex;gap:1rem;align-items:center}nav form{margin-left:auto}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem}.panel{border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;background:#fcfcfc}
pre.text{white-space:pre-wrap;font:14px/1.6 system-ui,sans-serif;margin:0}
mark{background:#e3efff;border-bottom:2px solid #6b9be0;cursor:help;padding:0 1px}mark.active{background:#ffd54f;border-color:#e0a800}
.seg.hl{background:#ffd54f;outline:1px solid #e0a800}textarea{width:100%;box-sizing:border-box}
label.event{display:inline-block;margin:0 1.2rem .2rem 0;white-space:nowrap}`;

/** A hidden field every dashboard form carries: POSTs without it are refused. */
export function csrfField(csrf: string): string {
  return `<input type="hidden" name="_csrf" value="${escape(csrf)}">`;
}

export function page(title: string, body: string, csrf: string, options: { script?: string } = {}): string {
  const script = options.script ? `<script src="${escape(options.script)}" defer></script>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · clinscribe</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style>${script}</head>
<body><nav><a href="/dashboard">Accounts</a><a href="/dashboard/playground">Playground</a><a href="/docs">API docs</a>
<form class="inline" method="post" action="/dashboard/logout">${csrfField(csrf)}<button>Sign out</button></form></nav>${body}</body></html>`;
}

export function loginPage(message = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · clinscribe</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:4rem auto;max-width:22rem}input,button{font:inherit;padding:.3rem .5rem}</style></head>
<body><h1>clinscribe</h1>${message ? `<p role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/dashboard/login"><label>Operator password<br><input type="password" name="password" autofocus required></label>
<p><button>Sign in</button></p></form></body></html>`;
}
