import type { User, UsersQuery } from '@torque/contract';
import { badRequest } from '../../lib/errors.ts';
import { createKeysetCodec } from '../../lib/keyset-page.ts';
import { USER_KEY_PATTERNS, type UsersRepository } from './users-repository.ts';

/** Make Admin's list: whole (compatibility form), or paged and searched. */
export function createUsersService(deps: { repository: UsersRepository; secret: string }) {
  const { repository } = deps;
  const cursors = createKeysetCodec(deps.secret);
  return {
    async list(query: UsersQuery): Promise<{ users: User[]; page?: { total: number; nextCursor: string | null } }> {
      const q = query.q || undefined;
      if (query.limit === undefined) {
        if (query.cursor !== undefined) throw badRequest('cursor needs limit', { cursor: 'cursor needs limit' });
        if (!q) return { users: await repository.list() };
        return { users: (await repository.page(q, Number.MAX_SAFE_INTEGER, undefined)).users };
      }
      const scope = `users|${JSON.stringify(q ?? null)}`;
      const after = query.cursor === undefined ? undefined : cursors.decode(query.cursor, scope, USER_KEY_PATTERNS);
      const [found, total] = await Promise.all([repository.page(q, query.limit, after), repository.count(q)]);
      return {
        users: found.users,
        page: { total, nextCursor: found.nextKey && cursors.encode(scope, found.nextKey) },
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
