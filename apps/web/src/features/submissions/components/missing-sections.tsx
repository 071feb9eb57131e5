import type { GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { Fragment } from 'react';

/**
 * The missing sections' names in the coverage line (ADR 1040, 1085). In English, the funder's
 * English names as the verdict lists them. In French, the funder's own French name where the draft
 * carries one (read on the funder's French page); a name without one stays the funder's English,
 * marked lang="en".
 */
export function MissingSections({
  names,
  french,
  language,
  clean,
}: {
  names: readonly string[];
  french: GeneratedApplication['sectionNames'];
  language: string;
  clean: (value: unknown) => string;
}) {
  if (language !== 'fr') return <>{clean(names.join('; '))}</>;
  const known = new Map((french ?? []).map((n) => [n.name, n.fr]));
  return (
    <>
      {names.map((name, i) => {
        const fr = known.get(name);
        return (
          <Fragment key={`${i}-${name}`}>
            {i > 0 && '; '}
            {fr ? clean(fr) : <span lang="en">{clean(name)}</span>}
          </Fragment>
        );
      })}
    </>
  );
}
