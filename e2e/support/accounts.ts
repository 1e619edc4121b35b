import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** Every account the suite creates uses this password (≥ 6 characters, PRODUCT.md §5). */
export const PASSWORD = 'torque-e2e-pass';

const EMAIL_DOMAIN = 'torque.test';

/** The name every "Google" account of the local OpenID Connect server carries (support/oidc-provider.ts). */
export const GOOGLE_ACCOUNT_NAME = 'Gail Google';
/** The cookie naming which account the local OpenID Connect server signs in (support/auth-pages.ts). */
export const GOOGLE_ACCOUNT_COOKIE = 'e2e-google-account';

/** A new account nobody else uses: each spec makes its own users (no shared state). */
export function newAccount(label = 'customer'): Account {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} ${id}`;
  return { name, email: `${label}.${id}@${EMAIL_DOMAIN}`.toLowerCase(), password: PASSWORD };
}

/**
 * ADMIN_EMAILS takes exact addresses only (server/src/config.ts), so every spec file gets its
 * own admin address, derived from its name: `admin.<spec>@torque.test`. The global setup lists
 * one per file under specs/, so a new spec has an admin with no list to keep up to date.
 */
export function adminAccountFor(specFile: string): Account {
  const spec = path.basename(specFile).replace(/\.spec\.ts$/, '');
  return { name: `Admin ${spec}`, email: `admin.${spec}@${EMAIL_DOMAIN}`.toLowerCase(), password: PASSWORD };
}

export function adminEmailsFor(specsDir: string): string[] {
  return readdirSync(specsDir)
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => adminAccountFor(file).email);
}
