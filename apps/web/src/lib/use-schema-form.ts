import { useState } from 'react';
import type { z, ZodType } from 'zod';
import { applyFriendlyMessages } from '@grantleaf/shared/zod-messages';
import { issuesByField, keepUnfixed, type FieldErrors } from './field-errors.ts';

// Every form parses through this hook: a limit its schema states without a message of its own
// reads as a sentence (shown in French through fr.messages.json), never as zod's default (issue 31 §1).
applyFriendlyMessages();

/**
 * One form's state on top of its shared zod schema (the route validates with the same schema):
 * the values, the message under each field a submit found wrong (dropped as soon as the field is
 * fixed, see keepUnfixed), and the ids and ARIA attributes that tie a field to its message.
 *
 * `toInput` maps the form's values to what the schema reads (an empty optional field as
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
  type Errors = FieldErrors<Field>;
  // One state, so an edit can be made from the values of the moment (an upload's answer arriving
  // after other edits) and its messages re-judged in the same update.
  const [state, setState] = useState<{ values: V; errors: Errors }>({ values: initial, errors: {} });
  const { values, errors } = state;

  function update(next: V | ((current: V) => V)) {
    setState((s) => {
      const nextValues = typeof next === 'function' ? next(s.values) : next;
      return { values: nextValues, errors: keepUnfixed(s.errors, schema, toInput(nextValues)) };
    });
  }
  function setErrors(next: Errors | ((current: Errors) => Errors)) {
    setState((s) => ({ ...s, errors: typeof next === 'function' ? next(s.errors) : next }));
  }

  const errorId = (field: Field) => `${id}-${field}-error`;
  // Focus goes to the first field, in the form's order, that a message names (WCAG 3.3.1).
  function focusFirst(shown: Errors) {
    const first = (Object.keys(initial) as Field[]).find((name) => shown[name]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }
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
        update((current) => ({ ...current, [field]: value })),
    /**
     * Parses the values; a failure shows each field's first message (and, with `focus`, moves focus
     * to the first field named), a success clears them.
     */
    parse({ focus = false }: { focus?: boolean } = {}): z.ZodSafeParseResult<z.output<S>> {
      const result = schema.safeParse(toInput(values)) as z.ZodSafeParseResult<z.output<S>>;
      const shown = result.success ? {} : issuesByField<Field>(result.error);
      setErrors(shown);
      if (focus) focusFirst(shown);
      return result;
    },
    /** Shows messages the schema cannot know (the server's, the strength rule's) and focuses the first. */
    show(shown: Errors) {
      setErrors(shown);
      focusFirst(shown);
    },
    /** Back to `to` (by default the initial values), with no message shown. */
    reset(to: V = initial) {
      setState({ values: to, errors: {} });
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
      onChange: (event: { target: { value: string } }) => {
        const { value } = event.target;
        update((current) => ({ ...current, [name]: value }));
      },
    }),
  };
}
