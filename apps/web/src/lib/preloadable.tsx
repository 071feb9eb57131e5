import { use, type ComponentType } from 'react';

/**
 * Like React.lazy, but its chunk can be fetched ahead (`preload()`), and once it has arrived the
 * component renders synchronously: a click on a pre-rendered form hydrates it on the spot, where
 * a lazy component would suspend and the browser would submit the form itself.
 */
export function preloadable<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m[name];
      return loaded;
    }));
  function Preloadable(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
