import type { CheckResult } from '@grantleaf/shared/application-document.schema';
import { useEffect, useState } from 'react';
import { messageOf, statusOf } from '../../../lib/api.ts';
import { runChecks } from '../api/application-document.api.ts';

/** Quiet time after typing before the checks run again (findings within a second of typing). */
export const CHECK_DELAY_MS = 600;

/**
 * The editor's live checks: they run on the server (the reviewer's own code), debounced, and a
 * stale request is aborted when the text changes again.
 */
export function useLiveChecks(applicationId: string, texts: Map<string, string>) {
  const [checks, setChecks] = useState<CheckResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      runChecks(
        applicationId,
        { sections: [...texts].map(([sid, text]) => ({ id: sid, text })) },
        controller.signal,
      )
        .then((result) => {
          setChecks(result);
          setCheckError(null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const status = statusOf(error);
          setCheckError(messageOf(error, status ? String(status) : 'offline'));
        })
        .finally(() => {
          if (!controller.signal.aborted) setChecking(false);
        });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [applicationId, texts]);

  return { checks, checking, checkError };
}
