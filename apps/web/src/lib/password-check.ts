import type * as Strength from '@grantleaf/shared/password-strength';

// The strength rule carries the common-password dictionaries (234 KB gzip): it is fetched only by
// the forms that set a password, when their password field is first focused, never by the landing page.
let module: Promise<typeof Strength> | undefined;

export function preloadPasswordCheck(): Promise<typeof Strength> {
  module ??= import('@grantleaf/shared/password-strength');
  return module;
}

/**
 * The shared rule's message when a new password is too easy to guess, else undefined. If the
 * rule cannot be loaded (offline, a failed chunk) the form sends anyway: the server checks too.
 */
export async function weakPasswordMessage(
  password: string,
  userInputs: readonly string[] = [],
): Promise<string | undefined> {
  try {
    return (await preloadPasswordCheck()).weakPasswordProblem(password, userInputs);
  } catch {
    module = undefined;
    return undefined;
  }
}
