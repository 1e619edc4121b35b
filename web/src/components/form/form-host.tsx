import { useLayoutEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useLazyZodForm, type SchemaLoader } from './use-lazy-zod-form.ts';

export interface FormHostProps {
  load: SchemaLoader<z.ZodType<FieldValues, FieldValues>>;
  /** The form, once (its object stays the same for the host's life). */
  onForm: (form: UseFormReturn<FieldValues, unknown, FieldValues>) => void;
  /** After each render whose form state changed: the form's fields read it again. */
  onFormState: () => void;
}

/**
 * react-hook-form for a form that rendered without it (use-form-on-demand.tsx): this module, and
 * the forms chunk with it, loads on the form's first focus or submit. It renders nothing; it
 * holds `useForm` (through useLazyZodForm: the schema loads as before) and hands the form to the
 * component that renders the fields, which registers the inputs already on the page.
 *
 * No default values: react-hook-form then takes each field's value from its input when it is
 * registered, so what was typed before this module arrived is kept (with default values it would
 * write them into the inputs).
 */
export function FormHost({ load, onForm, onFormState }: FormHostProps) {
  const { form, preload } = useLazyZodForm(load);
  // Read here so that react-hook-form re-renders this host when the errors change.
  const { formState } = form;
  void formState.errors;
  useLayoutEffect(() => {
    // The form was focused or submitted to bring this host: the schema is wanted now.
    preload();
    onForm(form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>);
  }, [form, onForm, preload]);
  useLayoutEffect(() => {
    onFormState();
  }, [formState, onFormState]);
  return null;
}
