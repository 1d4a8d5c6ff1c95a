import type { FastifyReply } from 'fastify';

/**
 * Answers a download with a 302 to a signed storage URL the route made after checking the reader's rights.
 * `no-store`: the signed URL expires within a minute, so neither the browser nor a proxy may keep the redirect.
 */
export function redirectToSignedUrl(reply: FastifyReply, signedUrl: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(signedUrl, 302);
}
