import { useState } from 'react';
import type { z, ZodType } from 'zod';
import { issuesByField, keepUnfixed, type FieldErrors } from './field-errors.ts';

/**
 * One form's state on top of its shared zod schema (the route validates with the same schema):
 * the values, the message under each field a submit found wrong (dropped as soon as the field is
 * fixed, see keepUnfixed), and the ids and ARIA attributes that tie a field to its message.
 *
 * `toInput` maps the form's strings to what the schema reads (an empty optional field as
 * undefined, a value kept outside the form such as the account's address).
 */
export function useSchemaForm<S extends ZodType, V extends Record<string, unknown>>({
  schema,
  initial,
  id,
  toInput = (values) => values,
}: {
  schema: S;
  initial: V;
  /** Prefix of the fields' element ids: `${id}-${field}` and `${id}-${field}-error`. */
  id: string;
  toInput?: (values: V) => Record<string, unknown>;
}) {
  type Field = Extract<keyof V, string>;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function update(next: V) {
    setValues(next);
    setErrors((shown) => keepUnfixed(shown, schema, toInput(next)));
  }

  const errorId = (field: Field) => `${id}-${field}-error`;
  // `hint`: the id of text that describes the field besides its message (a character counter).
  const field = (name: Field, hint?: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': [hint, errors[name] && errorId(name)].filter(Boolean).join(' ') || undefined,
  });

  return {
    values,
    errors,
    setErrors,
    update,
    set:
      <K extends Field>(field: K) =>
      (value: V[K]) =>
        update({ ...values, [field]: value }),
    /** Parses the values; a failure shows each field's first message, a success clears them. */
    parse(): z.ZodSafeParseResult<z.output<S>> {
      const result = schema.safeParse(toInput(values)) as z.ZodSafeParseResult<z.output<S>>;
      setErrors(result.success ? {} : issuesByField<Field>(result.error));
      return result;
    },
    /** Back to `to` (by default the initial values), with no message shown. */
    reset(to: V = initial) {
      setValues(to);
      setErrors({});
    },
    errorId,
    /** The id and ARIA attributes of a field's input. */
    field,
    /** The id and message a FormField shows for a field. */
    slot: (name: Field) => ({ id: `${id}-${name}`, error: errors[name] }),
    /** Everything a text input, text area or select of a string field takes. */
    input: (name: Field, hint?: string) => ({
      ...field(name, hint),
      value: String(values[name] ?? ''),
      onChange: (event: { target: { value: string } }) => update({ ...values, [name]: event.target.value }),
    }),
  };
}
