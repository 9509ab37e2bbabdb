// Tiny HTML helpers for the server-rendered dashboard: everything dynamic is escaped.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escape(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · clinscribe</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:64rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left}
code{font-family:ui-monospace,monospace;font-size:13px;background:#f4f4f4;padding:.1rem .3rem;border-radius:3px}
form.inline{display:inline}input,button{font:inherit;padding:.25rem .5rem}.secret{background:#fff7d6;border:1px solid #e6c200;padding:.6rem;border-radius:4px}
nav{margin-bottom:1rem}
</style></head><body><nav><a href="/dashboard">Accounts</a> · <a href="/docs">API docs</a>
<form class="inline" method="post" action="/dashboard/logout"><button>Sign out</button></form></nav>${body}</body></html>`;
}

export function loginPage(message = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · clinscribe</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:4rem auto;max-width:22rem}input,button{font:inherit;padding:.3rem .5rem}</style></head>
<body><h1>clinscribe</h1>${message ? `<p>${escape(message)}</p>` : ''}
<form method="post" action="/dashboard/login"><label>Operator password<br><input type="password" name="password" autofocus required></label>
<p><button>Sign in</button></p></form></body></html>`;
}
