import type { ReactNode } from 'react';
import './form.css';
import {
  FormProvider,
  useFormContext,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * A react-hook-form form: its fields (Field, CountrySelect) find it through context. Validation is
 * the schema's, so the browser's own is off (noValidate). `onInvalid` runs on a refused submit,
 * before focus moves to the first invalid field.
 */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  onInvalid,
  className = 'form',
  children,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  onInvalid?: SubmitErrorHandler<TValues>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form className={className} onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate>
        {children}
      </form>
    </FormProvider>
  );
}

/** The error that belongs to the whole form rather than one field (see reportSubmitError). */
export function FormError() {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** The form's submit button: disabled while the form submits, and then showing `pendingLabel`. */
export function SubmitButton({
  children,
  pendingLabel,
  className = 'btn btn-primary',
  disabled = false,
}: {
  children: ReactNode;
  pendingLabel?: string;
  className?: string;
  disabled?: boolean;
}) {
  const {
    formState: { isSubmitting },
  } = useFormContext();
  return (
    <button type="submit" className={className} disabled={disabled || isSubmitting}>
      {isSubmitting && pendingLabel ? pendingLabel : children}
    </button>
  );
}
