// Token usage of the model calls made for one job, as the server reported it; engines put
// it in the result's metadata so operators can see what each job cost.
export interface Usage {
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  models: string[];
}

export function newUsage(): Usage {
  return { requests: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, models: [] };
}

/** Adds one answer's `usage` object (fields may be missing on some servers). */
export function addUsage(into: Usage, model: string, reported: unknown): void {
  const u = (reported ?? {}) as Record<string, unknown>;
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  into.requests++;
  into.prompt_tokens += n(u.prompt_tokens);
  into.completion_tokens += n(u.completion_tokens);
  into.total_tokens += n(u.total_tokens) || n(u.prompt_tokens) + n(u.completion_tokens);
  if (!into.models.includes(model)) into.models.push(model);
}
