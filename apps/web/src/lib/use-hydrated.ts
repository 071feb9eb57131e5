import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * `value` once this component runs in the browser on its own; undefined while React hydrates it
 * over the pre-rendered landing page, which was built without that value. Data that arrived before
 * a part hydrated would otherwise not match its HTML, and React would throw the HTML away.
 */
export function useAfterHydration<T>(value: T | undefined): T | undefined {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return hydrated ? value : undefined;
}
