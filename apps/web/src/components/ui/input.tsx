import { clsx } from 'clsx';
import {
  forwardRef,
  type ReactNode,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { translateMessage, useTranslation } from '../../i18n/index.ts';

const field =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

const select =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 disabled:bg-slate-100 aria-[invalid=true]:border-red-600';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={clsx(field, 'h-10', className)} {...props} />;
});

const file =
  'block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 focus:outline-2 focus:outline-brand-700 disabled:opacity-60 aria-[invalid=true]:text-red-700';

/**
 * A file chooser styled like the app's buttons, one for every upload (issue 28 items 14, 15: the
 * browser's own unstyled control sat beside styled fields).
 */
export const FileInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function FileInput({ className, ...props }, ref) {
    return <input ref={ref} type="file" className={clsx(file, className)} {...props} />;
  },
);

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={clsx(field, 'min-h-[120px]', className)} {...props} />;
  },
);

/**
 * A native select (light, and every screen reader and phone knows it) over a list of options;
 * `placeholder` is a first option that cannot be chosen again, `anyOption` one that clears the choice.
 */
export function Select({
  options,
  placeholder,
  anyOption,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  anyOption?: string;
}) {
  return (
    <select className={clsx(select, className)} {...props}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {anyOption !== undefined && <option value="">{anyOption}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={clsx('mb-1 block text-sm font-medium text-slate-800', className)} {...props} />;
}

export function FieldError({ id, children }: { id?: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {/* Schema and server messages are English; shown in the page's language (ADR 0360). */}
      {translateMessage(children)}
    </p>
  );
}

/** A labelled field with its message under it; the message's id is the field's id + `-error`. */
export function FormField({
  label,
  id,
  error,
  className,
  children,
}: {
  label: ReactNode;
  id: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** "n / max" under a text field; red once the text is over the limit. */
export function CharCount({ id, value, max }: { id: string; value: string; max: number }) {
  return (
    <p id={id} className={clsx('mt-1 text-xs', value.length > max ? 'text-red-700' : 'text-slate-600')}>
      {value.length} / {max}
    </p>
  );
}

/** The signed-in account's address, shown read-only in forms that send it (spec §2). */
export function AccountEmailField({ id, email }: { id: string; email: string }) {
  const { t } = useTranslation();
  return (
    <FormField label={t('common.email')} id={id}>
      <Input id={id} value={email} readOnly aria-readonly="true" className="bg-slate-100" />
    </FormField>
  );
}
