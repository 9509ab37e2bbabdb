// Answering with a body that is already serialised JSON (a kept result): sent as it is, with
// the content type Fastify gives the bodies it serialises itself.
import type { FastifyReply } from 'fastify';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Sends `body` (JSON text written by the route's own response serializer) without serialising it again. */
export function sendSerialized(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(body);
}
