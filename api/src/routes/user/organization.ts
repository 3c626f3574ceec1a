/** DELETE /User/leaveOrganization: a member leaves their organization (not its administrator). */
import type { ApiPlugin } from '../../type-provider.ts';
import { User } from '../../db/entities/user.ts';
import { signedInUser } from '../../plugins/app/auth.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { notInAnyOrganization, ownerCannotLeave } from '../../accounts/organizations.ts';

const leaveOrganization: ApiPlugin = async (app) => {
  app.delete(
    '/leaveOrganization',
    {
      schema: {
        tags: ['User'],
        summary: 'Leave the own organization (its administrator cannot: code 33)',
        response: { 200: MessageBody, ...errors(401, 403, 409) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const organization = user.organization;
      if (organization === null || organization === undefined) throw notInAnyOrganization();
      if (organization.owner.id === user.id) throw ownerCannotLeave();
      await request.em.nativeUpdate(User, { id: user.id }, { organization: null });
      return message('Organization left');
    },
  );
};

export default leaveOrganization;
