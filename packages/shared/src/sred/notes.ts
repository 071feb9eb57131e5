/**
 * The calculator's notes built with figures, as templates (ADR 1086): the English is filled here
 * with the figures as the calculator writes them, and the web's French catalogue
 * (fr.messages.json) keys each template as written, with its {{values}}, so a French page shows
 * the note in French with the same figures (amounts in fr-CA). The English text is unchanged.
 */
export const SRED_NOTE = {
  capital:
    '{{j}}: capital item of {{amount}} acquired {{date}} is not a qualified expenditure for this tax year.',
  capitalFrom:
    '{{j}}: capital item of {{amount}} acquired {{date}} is not a qualified expenditure for this tax year (property must be acquired on or after {{from}}).',
  overhead:
    '{{j}}: overhead of {{amount}} is not claimed under the proxy method (the prescribed proxy amount replaces it).',
  bcEnds:
    'British Columbia: the page read gives the credit for SR&ED carried on before {{date}}; this tax year runs past it (an extension was not verified).',
} as const;

/** A note's template with its values in place. */
export function sredNote(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
