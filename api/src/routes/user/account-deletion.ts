/**
 * DELETE /User/account and POST /User/transferProjects (spec sections 4 and 7, decision 0040):
 * the user gives chosen projects to members of their organization, then deletes the account; the
 * projects left are anonymised. DELETE /User/account also takes the transfer list as its body, so
 * that transfers and deletion happen in one transaction.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { accountDeletedMessage, deleteAccount, noBodyIsNoTransfers, transferProjects } from '../../accounts/deletion.ts';
import { SESSION_COOKIE } from '../../plugins/app/auth-constants.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { AccountDeleted, ProjectTransfers, TransferResult } from '../../schemas/admin.ts';
import { errors } from '../../schemas/common.ts';

const TAGS = ['User'];

const accountDeletion: ApiPlugin = async (app) => {
  app.post(
    '/transferProjects',
    {
      schema: {
        tags: TAGS,
        summary: 'Give own projects to members of the own organization',
        body: ProjectTransfers,
        response: { 200: TransferResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const transferredProjects = await transferProjects(request.em, user.id, request.body, 'organization');
      return { type: 'MESSAGE' as const, code: 0 as const, message: 'Projects transferred', transferredProjects };
    },
  );

  app.delete(
    '/account',
    {
      preValidation: noBodyIsNoTransfers,
      schema: {
        tags: TAGS,
        summary:
          'Delete the own account: optional transfers (as POST /User/transferProjects) first, the remaining projects are anonymised; ' +
          'the administrator of an organization with other members gets code 33',
        body: ProjectTransfers,
        response: { 200: AccountDeleted, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const result = await deleteAccount(request.em, user.id, request.body, 'organization');
      await request.session.destroy();
      void reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return accountDeletedMessage(result);
    },
  );
};

export default accountDeletion;
