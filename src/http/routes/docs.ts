// /openapi.json generated from the route schemas, and a self-contained docs page that
// renders it (no CDN: the service runs offline).
import type { FastifyInstance } from 'fastify';

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>clinscribe API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h1{margin-bottom:.2rem} .op{border:1px solid #ddd;border-radius:6px;margin:.6rem 0;padding:.5rem .8rem}
.m{display:inline-block;min-width:4.5rem;font-weight:700;font-family:monospace}
.get{color:#06c}.post{color:#080}.delete{color:#c00}.patch{color:#a60}
code,pre{font-family:ui-monospace,monospace;font-size:13px} pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:20rem}
summary{cursor:pointer}
</style></head><body>
<h1>clinscribe API</h1><p>Generated from the route schemas: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<div id="ops">Loading…</div>
<script>
fetch('/openapi.json').then(r=>r.json()).then(spec=>{
  const ops=document.getElementById('ops'); ops.textContent='';
  for (const [path,methods] of Object.entries(spec.paths)) for (const [method,op] of Object.entries(methods)) {
    const d=document.createElement('details'); d.className='op';
    const s=document.createElement('summary');
    const m=document.createElement('span'); m.className='m '+method; m.textContent=method.toUpperCase();
    s.append(m, document.createTextNode(' '+path+' — '+(op.summary||'')));
    const pre=document.createElement('pre'); pre.textContent=JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses},null,2);
    d.append(s,pre); ops.append(d);
  }
});
</script></body></html>`;

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());
  app.get('/docs', { config: { auth: 'none' }, schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE));
}
