import { z } from 'zod';
import { imageLink, text, TEXT_MAX } from './common.ts';
import { profileCompany } from './companies.ts';
import { pageQuery } from './paging.ts';

export const role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof role>;

export const user = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/**
 * Answer of `GET /api/user` (PRODUCT.md §7's record, and beside it since issue 31): the account's
 * company, or null when it belongs to none.
 */
export const profile = user.extend({ company: profileCompany.nullable() });
export type Profile = z.infer<typeof profile>;

/** An account's display name, wherever it is written: sign-up, update-user, the profile. */
export const accountName = text('Name', TEXT_MAX.accountName);

/**
 * What better-auth's own routes may write to an account (issue 24): its hooks check sign-up's
 * and update-user's bodies with these (identity/auth.ts), so they take the same rules as ours.
 */
export const accountSignUpFields = z.object({
  name: accountName,
  email: z.string().max(TEXT_MAX.email, `Email must be at most ${TEXT_MAX.email} characters`),
  image: imageLink.nullish(),
});
export const accountUpdateFields = z.object({ name: accountName.optional(), image: imageLink.nullish() });

/** Body of `PUT /api/user-update?email=`: the four profile fields, all required (PRODUCT.md §5). */
export const profileUpdate = z.object({
  name: accountName,
  address: text('Address', 300),
  phone: text('Phone', 40),
  linkedin: text('LinkedIn Profile link', 300),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

export const emailParams = z.object({ email: z.email({ message: 'Must be a valid email' }) });
export const emailQuery = emailParams;
export const userIdParams = z.object({ id: z.string().min(1).max(100) });

/** Answer of `PUT /api/user/:email`: the access token the SPA keeps in localStorage. */
export const accessTokenResponse = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  user,
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>;

export const adminFlag = z.object({ admin: z.boolean() });

/** The longest search text the admin lists take. */
export const ADMIN_SEARCH_MAX = 200;

/** Query of `GET /api/all-user` (admin): paging and a search over name and e-mail. */
export const usersQuery = pageQuery.extend({
  q: z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX, `q must be at most ${ADMIN_SEARCH_MAX} characters`)
    .optional()
    .describe('Part of a name or e-mail address, case-insensitive.'),
});
export type UsersQuery = z.infer<typeof usersQuery>;
