/**
 * User administration (admin only at the routes: users-admin.ts), the password reset / invitation flow (public:
 * password-links.ts) and usage reports read from the llm_usage ledger.
 */
import type { RequestUser } from '../../lib/auth-guard.js';
import { createPasswordLinks, type PasswordLinksDeps } from './password-links.js';
import { createUser, listUsers, removeUser, totalUsage, updateUser, userUsage } from './users-admin.js';

export {
  DEFAULT_RESET_THROTTLE,
  INVITE_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  type ResetThrottleRules,
} from './password-links.js';
export { inviteMail, resetMail } from './password-mails.js';
export { DETAILS } from './user-messages.js';

export type UsersServiceDeps = PasswordLinksDeps;

export function createUsersService(deps: UsersServiceDeps) {
  const links = createPasswordLinks(deps);
  return {
    list: () => listUsers(deps),
    create: (input: Parameters<typeof createUser>[1], actor: RequestUser) =>
      createUser(deps, input, actor, (user) => links.issue(user, 'invite')),
    // A role or password change, or a deletion, must reach the user's open sockets at once.
    update: async (id: string, input: Parameters<typeof updateUser>[2], actor: RequestUser) => {
      const user = await updateUser(deps, id, input, actor);
      deps.accessEvents?.changed(id);
      return user;
    },
    remove: async (id: string, actor: RequestUser) => {
      const message = await removeUser(deps, id, actor);
      deps.accessEvents?.changed(id);
      return message;
    },
    usage: (id: string) => userUsage(deps, id),
    totalUsage: () => totalUsage(deps),
    requestPasswordReset: links.requestPasswordReset,
    setPassword: links.setPassword,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
