/**
 * A project's read-only share links (issue 19, part 3; decisions 0135–0137):
 * POST /Project/{projectId}/shareLinks (the token is in this answer only), GET (the list, never
 * a token) and DELETE /Project/{projectId}/shareLinks/{id} (revoke). Only who may delete the
 * project may share it: its creator, its owner and administrators (projects/access.ts).
 */
import type { ApiPlugin } from '../../type-provider.ts';
import type { FastifyRequest } from 'fastify';
import { ShareLink } from '../../db/entities/share-link.ts';
import { User } from '../../db/entities/user.ts';
import type { EntityManager } from '../../db/orm.ts';
import { ApiError, ErrorCode, forbidden, notFound, supportCannotTake, validation } from '../../errors.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { loadProject, projectRights } from '../../projects/access.ts';
import { linkCount, MAX_LIFETIME_MS, MAX_LINKS_PER_PROJECT, newToken, toShareLinkDto } from '../../projects/share-links.ts';
import { errors } from '../../schemas/common.ts';
import { CreatedShareLink, CreateShareLinkBody, ShareLinkDto, ShareLinkList, ShareLinkParams, ShareLinksParams } from '../../schemas/share.ts';

const TAGS = ['Share links'];

/**
 * The project if the signed-in user may share it (creator, owner, administrator); 404 / 403
 * otherwise: code 80 for internal staff with support access (a link would outlast the support
 * request; decision 0186), code 10 for the organization's members.
 */
async function shareableProject(request: FastifyRequest, projectId: string, options: { em?: EntityManager; lock?: boolean } = {}) {
  const project = await loadProject(request, projectId, 'read', options);
  const rights = projectRights(project, signedInUser(request));
  if (!rights.has('take')) throw supportCannotTake();
  if (!rights.has('delete')) throw forbidden('Only the creator, the owner or an administrator may share a project');
  return project;
}

/** The expiry of a new link: null, or a time in the future at most MAX_LIFETIME_MS ahead. */
function expiryOf(value: string | null | undefined, now: Date): Date | null {
  if (value == null) return null;
  const expiresAt = new Date(value);
  if (Number.isNaN(expiresAt.getTime())) throw validation('body/expiresAt: must be a date and time');
  if (expiresAt.getTime() <= now.getTime()) throw validation('body/expiresAt: must lie in the future');
  if (expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS) throw validation('body/expiresAt: at most one year ahead');
  return expiresAt;
}

const shareLinkRoutes: ApiPlugin = async (app) => {
  app.post(
    '/:projectId/shareLinks',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a read-only share link (creator, owner, administrators); the token is shown in this answer only',
        description:
          `The link opens GET /Share/{token} and the web app's /share/{token} without an account. At most ${MAX_LINKS_PER_PROJECT} links per project ` +
          '(409, code 72, beyond); expiresAt in the future and at most one year ahead (400, code 2, otherwise).',
        params: ShareLinksParams,
        body: CreateShareLinkBody,
        response: { 200: CreatedShareLink, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const now = new Date();
      const expiresAt = expiryOf(request.body.expiresAt, now);
      const label = request.body.label?.trim() || null;
      const { token, hash } = newToken();
      const link = await request.em.transactional(async (em) => {
        // the project row is locked: two creations cannot both pass the count
        const project = await shareableProject(request, request.params.projectId, { em, lock: true });
        if ((await linkCount(em, project.id)) >= MAX_LINKS_PER_PROJECT) {
          throw new ApiError(409, ErrorCode.SHARE_LINK_LIMIT, `A project holds at most ${MAX_LINKS_PER_PROJECT} share links`);
        }
        const created = em.create(ShareLink, {
          project,
          tokenHash: hash,
          label,
          createdBy: em.getReference(User, signedInUser(request).id),
          creationDate: now,
          expiresAt,
          revokedAt: null,
          lastAccessAt: null,
          accessCount: 0,
        });
        await em.flush();
        return created;
      });
      return { ...toShareLinkDto(link, now), token, path: `/share/${token}` };
    },
  );

  app.get(
    '/:projectId/shareLinks',
    {
      schema: {
        tags: TAGS,
        summary: "The project's share links, newest first, without tokens: label, dates, state, last access and how often the view was opened",
        params: ShareLinksParams,
        response: { 200: ShareLinkList, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = await shareableProject(request, request.params.projectId);
      const links = await request.em.find(ShareLink, { project: project.id }, { orderBy: { creationDate: 'desc', id: 'asc' }, disableIdentityMap: true });
      const now = new Date();
      return links.map((link) => toShareLinkDto(link, now));
    },
  );

  app.delete(
    '/:projectId/shareLinks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke a share link: its token answers 410 (code 71) from now on; the link stays listed with its access log',
        params: ShareLinkParams,
        response: { 200: ShareLinkDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const link = await request.em.transactional(async (em) => {
        const project = await shareableProject(request, request.params.projectId, { em });
        const found = await em.findOne(ShareLink, { id: request.params.id, project: project.id });
        if (found === null) throw notFound(`No share link ${request.params.id} in this project`);
        // revoking again keeps the first time
        found.revokedAt ??= new Date();
        await em.flush();
        return found;
      });
      return toShareLinkDto(link);
    },
  );
};

export default shareLinkRoutes;
