/** A route option's hooks as an array (Fastify accepts one function, an array, or nothing). */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
