import type { User, UsersQuery } from '@torque/contract';
import { conflict, notFound } from '../../lib/errors.ts';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { pagedList, type PageFacts } from '../../lib/paged-list.ts';
import { USER_KEY_PATTERNS, type ProfileFields, type UsersRepository } from './users-repository.ts';

/**
 * The store's view of accounts (profile fields and roles on better-auth's user table).
 * `sessionsChanged(userId)`: the user's sessions must be looked at again (role changed, account
 * deleted), so tokens made before stop working at once.
 */
export function createUsersService(deps: {
  repository: UsersRepository;
  secret: string;
  sessionsChanged: (userId: string) => void;
}) {
  const { repository, sessionsChanged } = deps;
  const cursors = createKeysetCodec(deps.secret);

  async function existing(found: Promise<User | undefined>): Promise<User> {
    return (await found) ?? Promise.reject(notFound('User'));
  }

  return {
    /** An account's record, or undefined when there is none. */
    byEmail: (email: string): Promise<User | undefined> => repository.byEmail(email),

    /** An account's record; 404 when there is none. */
    profile: (email: string): Promise<User> => existing(repository.byEmail(email)),

    isAdmin: async (email: string): Promise<boolean> => (await existing(repository.byEmail(email))).role === 'admin',

    /** The name to put on a review: the account's display name, else its email. */
    displayNameOf: (userId: string, email: string): Promise<string> => repository.displayNameOf(userId, email),

    updateProfile: (email: string, fields: ProfileFields): Promise<User> =>
      existing(repository.updateProfile(email, fields)),

    /** Makes an account an admin; its tokens with the old role stop working. */
    async promote(email: string): Promise<User> {
      const promoted = await existing(repository.setRole(email, 'admin'));
      sessionsChanged(promoted._id);
      return promoted;
    },

    /** Deletes an account and ends its sessions; the last admin stays (409). */
    async remove(id: string): Promise<void> {
      const outcome = await repository.remove(id);
      if (outcome === 'not-found') throw notFound('User');
      if (outcome === 'last-admin') throw conflict('The last admin cannot be deleted', 'LAST_ADMIN');
      sessionsChanged(id);
    },

    /** Make Admin's list: without `limit` or `q` every account, oldest first; else newest first, paged. */
    async list(query: UsersQuery): Promise<{ users: User[]; page?: PageFacts }> {
      const q = query.q || undefined;
      const { body, page } = await pagedList(
        query,
        {
          cursors,
          scope: `users|${JSON.stringify(q ?? null)}`,
          keyPatterns: USER_KEY_PATTERNS,
          page: async (limit, after) => {
            const found = await repository.page(q, limit, after);
            return { body: found.users, nextKey: found.nextKey };
          },
          count: () => repository.count(q),
        },
        { whole: q ? undefined : () => repository.list() },
      );
      return { users: body, page };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
