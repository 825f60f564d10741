import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useFormContext } from 'react-hook-form';
import './form.css';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * A visible label, the control, its hint and its error, tied together: the label names the control,
 * and the hint and the error describe it (aria-describedby); an error marks it aria-invalid.
 */
export function FieldFrame({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface Common {
  name: string;
  label: string;
  hint?: ReactNode;
}
type InputProps = Common & { as?: 'input'; prefix?: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'prefix'
  >;
type SelectProps = Common & { as: 'select'; options: readonly Option[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'name'
  >;
type TextareaProps = Common & { as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>;
export type FieldProps = InputProps | SelectProps | TextareaProps;

/**
 * One field of the surrounding Form, registered under `name` with its error from the form: an input
 * (optionally with a prefix such as '£'), a select of `options`, a textarea, or a checkbox (the label
 * after the box).
 */
export function Field(props: FieldProps) {
  const { register, getFieldState, formState } = useFormContext();
  const { error } = getFieldState(props.name, formState);
  const registered = register(props.name);

  if (props.as === 'select') {
    const { name: _n, label, hint, as: _a, options, ...rest } = props;
    return (
      <FieldFrame label={label} hint={hint} error={error?.message}>
        {(control) => (
          <select {...rest} {...control} {...registered}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    );
  }
  if (props.as === 'textarea') {
    const { name: _n, label, hint, as: _a, ...rest } = props;
    return (
      <FieldFrame label={label} hint={hint} error={error?.message}>
        {(control) => <textarea {...rest} {...control} {...registered} />}
      </FieldFrame>
    );
  }
  const { name: _n, label, hint, as: _a, prefix, ...rest } = props;
  if (rest.type === 'checkbox')
    return <Checkbox label={label} hint={hint} input={{ ...rest, ...registered }} />;
  return (
    <FieldFrame label={label} hint={hint} error={error?.message}>
      {(control) => {
        const input = <input {...rest} {...control} {...registered} />;
        if (!prefix) return input;
        return (
          <div className="input-prefix">
            <span aria-hidden="true">{prefix}</span>
            {input}
          </div>
        );
      }}
    </FieldFrame>
  );
}

/** A checkbox with its label after the box, and its hint under both (describing the box). */
export function Checkbox({
  label,
  hint,
  input,
}: {
  label: string;
  hint?: ReactNode;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  const hintId = `${useId()}-hint`;
  const box = (
    <label className="checkbox">
      <input {...input} aria-describedby={hint ? hintId : undefined} />
      <span>{label}</span>
    </label>
  );
  if (!hint) return box;
  return (
    <div className="checkbox-field">
      {box}
      <p id={hintId} className="field-hint">
        {hint}
      </p>
    </div>
  );
}

/** The options, plus `current` first when it is not among them: a stored value stays shown and kept. */
export function withCurrent(options: readonly Option[], current: string | undefined): readonly Option[] {
  if (!current || options.some((o) => o.value === current)) return options;
  return [{ value: current, label: current }, ...options];
}

/**
 * An amount in pounds and pence: a text input with a decimal keypad. Not type="number", which drops
 * letters silently (the value reads as empty); here what was typed is kept and the schema explains.
 */
export const MONEY_INPUT = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;
