import { useCallback, useState } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { loadChunk } from '@/lib/lazy-route.ts';

/** A contract schema fetched on demand: `() => import('@torque/contract').then((c) => c.loginForm)`. */
export type SchemaLoader<Schema> = () => Promise<Schema>;

/** One download per schema: the resolver for each loader, shared by every form that uses it. */
const resolvers = new WeakMap<SchemaLoader<unknown>, Promise<Resolver<FieldValues>>>();

function resolverFor(load: SchemaLoader<z.ZodType<FieldValues, FieldValues>>): Promise<Resolver<FieldValues>> {
  let ready = resolvers.get(load);
  if (!ready) {
    // Both live in the schemas chunk; a failure or the 120 s time-out is a ChunkLoadError.
    ready = Promise.all([
      loadChunk('form-schema', load),
      loadChunk('form-schema', () => import('@hookform/resolvers/zod')),
    ]).then(([schema, { zodResolver }]) => zodResolver(schema) as Resolver<FieldValues>);
    // A failed download is not remembered: the next focus or submit asks again.
    ready.catch(() => resolvers.delete(load));
    resolvers.set(load, ready);
  }
  return ready;
}

/**
 * `useZodForm` for the public pages' forms (sign-in, sign-up, password reset, contact): the form
 * renders and takes input at once, but its schema — zod and the contract, a 150–220 ms task to
 * evaluate with the CPU 4× slower, long after the page painted (issue 31) — loads only when the
 * user needs it: `preload` on the form's first focus, and at the latest on submit, which waits
 * for it. The rules and messages are the contract's, as with useZodForm. A schema that cannot be
 * downloaded is thrown, as a ChunkLoadError, to the nearest error boundary (the chunk error with
 * Retry, PRODUCT.md §8).
 */
export function useLazyZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: SchemaLoader<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  const [failure, setFailure] = useState<unknown>(null);
  if (failure !== null) throw failure;
  const resolver: Resolver<FieldValues> = async (values, context, resolverOptions) => {
    try {
      return await (
        await resolverFor(load)
      )(values, context, resolverOptions);
    } catch (error) {
      setFailure(error);
      // Nothing is submitted unchecked: the form counts as invalid until the boundary takes over.
      return { values: {}, errors: { root: { type: 'load', message: 'The form could not be checked.' } } };
    }
  };
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    // The schema's types, for a resolver built before the schema is here.
    resolver: resolver as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
  });
  const preload = useCallback(() => void resolverFor(load).catch(() => undefined), [load]);
  return { form, preload };
}
