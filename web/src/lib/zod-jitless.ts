/**
 * Zod 4 probes for `eval` (`new Function`) when it builds an object schema, to compile fast
 * parsers, unless its config says `jitless`. Our Content-Security-Policy allows no eval, so the
 * browser reports every probe as a violation (Lighthouse: "Issues were logged"). Zod reads its
 * config from `globalThis.__zod_globalConfig`, shared by every copy of it; setting it here,
 * before the lazily loaded form chunks build their schemas, turns the probe off.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
