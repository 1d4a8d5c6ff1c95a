import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { redirectToSignedUrl } from '../../platform/http/signedRedirect.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import { sourceFileUrl } from './files.service.ts';

/**
 * Reading a stored file goes through a route that checks the reader's right to its project; knowing a
 * storage key gives nothing. The answer is a redirect to a signed GET valid for a minute, bound to that key.
 */
export async function projectFilesRoutes(app: App): Promise<void> {
  app.route({
    ...endpointRoute(endpoints.sourceFiles.projectFile, {
      tags: ['Files'],
      summary: 'Download a file the project was built from',
      description:
        `302 to a signed URL valid for ${SIGNED_GET_SECONDS} s (fileId is a kmzs entry's id). ` +
        '404 for a project of another company or a file of another project.',
    }),
    config: { access: 'project.read' },
    handler: async (req, reply) => {
      const url = await sourceFileUrl(app.deps, actorOf(req), req.params.id, req.params.fileId);
      return redirectToSignedUrl(reply, url);
    },
  });
}
