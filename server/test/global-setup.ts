import { prepareTemplates } from './helpers/databases.ts';

/** node --test --test-global-setup: build the migrated database templates once per run. */
export async function globalSetup(): Promise<void> {
  await prepareTemplates();
}
