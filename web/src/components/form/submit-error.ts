import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../utils/errorMessage.ts';

/**
 * After a failed submit: each server field error goes on its field (or on the form when the form has
 * no such field), and one error toast says what failed. `inline` also shows the failure's own message
 * on the form; `description` replaces it in the toast.
 */
export function reportSubmitError<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  error: unknown,
  title: string,
  { description, inline = false }: { description?: string; inline?: boolean } = {},
): void {
  const fields = Object.keys(form.getValues());
  if (error instanceof ApiRequestError && error.fieldErrors) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      if (fields.includes(field)) form.setError(field as Path<TValues>, { message });
      else form.setError('root.server', { message });
    }
  }
  if (inline) form.setError('root.server', { message: errorMessage(error) });
  toast.error(title, { description: description ?? errorMessage(error) });
}
