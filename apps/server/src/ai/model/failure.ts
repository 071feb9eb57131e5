/** The failure in a few words a user can read (provider errors keep only codes, never endpoints). */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}
