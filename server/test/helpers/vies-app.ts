import { startFakeVies, type FakeVies } from '@torque/testkit';
import type { DatabaseKind } from './databases.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

/** A test app (no demo data) whose VIES is the local stand-in, and its admin. */
export interface ViesTestApp {
  t: TestApp;
  admin: TestUser;
  vies: FakeVies;
}

/**
 * Starts the VIES stand-in, then the app pointed at it (`VIES_URL`, plus `env`: the seller, the
 * re-check's timings). Close both with `closeViesApp`.
 */
export async function openViesApp(kind: DatabaseKind, env: Record<string, string>): Promise<ViesTestApp> {
  const vies = await startFakeVies();
  const t = await createTestApp(kind, { seed: false, env: { VIES_URL: vies.url, ...env } });
  return { t, admin: await t.admin(), vies };
}

export async function closeViesApp({ t, vies }: ViesTestApp): Promise<void> {
  await t.close();
  await vies.close();
}
