// How each asynchronous job reads on the wire (snake_case timestamps, `result` only once
// finished, `result.error` when failed).
import { Type } from '@fastify/type-provider-typebox';
import type { Resource } from '../../store/resources-repo.ts';

export function finishedResult(resource: Resource, failureText: string): Record<string, unknown> | undefined {
  if (resource.status === 'completed') return resource.result ?? {};
  if (resource.status === 'failed') return { error: resource.error ?? failureText };
  return undefined;
}

export function jobView(resource: Resource, failureText: string) {
  const result = finishedResult(resource, failureText);
  return {
    id: resource.id,
    status: resource.status,
    created_at: resource.createdAt,
    updated_at: resource.updatedAt,
    ...(result && { result }),
  };
}

export const DeletedView = Type.Object({ data: Type.Object({ id: Type.String(), deleted: Type.Boolean() }) });
