import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { loadChunkOnce } from '@/lib/lazy-route.ts';
import type { SchemaLoader } from './use-lazy-zod-form.ts';

type HostModule = typeof import('./form-host.tsx');

/** One download of the host (and react-hook-form, the forms chunk) for every form; a failure is not kept. */
const loadHost = loadChunkOnce('forms', () => import('./form-host.tsx'));

const ignore = () => undefined;
const ignoreChange = () => Promise.resolve();

/**
 * useLazyZodForm for the sign-in pages, without react-hook-form in their first load: evaluating
 * it and setting it up was the long task after the sign-in card painted (issue 31: 120–240 ms with
 * the CPU 4× slower). The form renders at once as a plain form of uncontrolled inputs — a real
 * <form>, usable by keyboard, that keeps what is typed — and react-hook-form (the forms chunk)
 * with the schema load on its first focus, or on a submit, which then waits for them and runs.
 * Once they are here, `register` registers the same inputs (react-hook-form takes what was typed
 * from them), and the form behaves as with useLazyZodForm: checked on submit, then on every change.
 * The form renders `host` (it renders nothing) among its children.
 */
export function useFormOnDemand<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: SchemaLoader<Schema>,
  onValid: (values: z.output<Schema>) => void,
) {
  type Values = z.input<Schema>;
  const [form, setForm] = useState<UseFormReturn<Values, unknown, z.output<Schema>> | null>(null);
  const [host, setHost] = useState<HostModule | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [, setFormStateSeen] = useState(0);
  const started = useRef(false);
  const submitWhenReady = useRef(false);
  const latestOnValid = useRef(onValid);
  useLayoutEffect(() => {
    latestOnValid.current = onValid;
  });
  // A host that cannot be downloaded goes, as a ChunkLoadError, to the nearest error boundary.
  if (failure !== null) throw failure;

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    // The schema beside the form library, not after it (the host asks for it again: the same import).
    void load().catch(ignore);
    loadHost().then(setHost, (error: unknown) => {
      started.current = false;
      setFailure(error);
    });
  }, [load]);

  const submitValid = useCallback((values: z.output<Schema>) => latestOnValid.current(values), []);

  // A submit that came before react-hook-form: run once the inputs are registered (this commit).
  useLayoutEffect(() => {
    if (!form || !submitWhenReady.current) return;
    submitWhenReady.current = false;
    void form.handleSubmit(submitValid)();
  }, [form, submitValid]);

  const onForm = useCallback((attached: UseFormReturn<FieldValues, unknown, FieldValues>) => {
    setForm(() => attached as unknown as UseFormReturn<Values, unknown, z.output<Schema>>);
  }, []);
  const onFormState = useCallback(() => setFormStateSeen((seen) => seen + 1), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (form) return form.handleSubmit(submitValid)(event);
    event.preventDefault();
    submitWhenReady.current = true;
    start();
  }

  function register<Name extends Path<Values>>(name: Name): UseFormRegisterReturn<Name> {
    return form ? form.register(name) : { name, onChange: ignoreChange, onBlur: ignoreChange, ref: ignore };
  }

  const errors: FieldErrors<Values> = form ? form.formState.errors : {};
  const hostElement: ReactNode = host ? <host.FormHost load={load} onForm={onForm} onFormState={onFormState} /> : null;
  return { register, errors, formProps: { onFocus: start, onSubmit }, host: hostElement };
}
