import type { RichNode } from '@grantleaf/shared/application-document.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { bodyOf, messageOf, retryAfterOf, statusOf } from '../../../lib/api.ts';
import { saveSections } from '../api/application-document.api.ts';

/** Quiet time after the last keystroke before a save. */
export const AUTOSAVE_DELAY_MS = 1200;
/** Wait before trying again after a save that did not reach the server. */
export const OFFLINE_RETRY_MS = 5000;
/** Wait before trying again after the server had no room for the save (507). */
export const NO_ROOM_RETRY_MS = 30_000;

export type SaveState = 'saved' | 'saving' | 'offline' | 'waiting' | 'conflict' | 'refused';

/**
 * Debounced autosave of the sections changed since the last save. Each save carries the version it
 * was based on; a 409 stops saving and keeps the unsaved text until the user chooses (save over, or
 * load the saved version). A save that does not reach the server is kept and tried again.
 */
export function useAutosave(applicationId: string, startVersion: number) {
  const pending = useRef(new Map<string, RichNode>());
  const version = useRef(startVersion);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  const [state, setState] = useState<SaveState>('saved');
  const [message, setMessage] = useState<string | null>(null);
  const [conflictVersion, setConflictVersion] = useState<number | null>(null);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current) {
      await inFlight.current;
      return flush();
    }
    if (pending.current.size === 0 || blocked.current) return;
    const batch = new Map(pending.current);
    pending.current.clear();
    setState('saving');
    const run = (async () => {
      try {
        const saved = await saveSections(applicationId, {
          baseVersion: version.current,
          sections: [...batch].map(([id, doc]) => ({ id, doc })),
        });
        version.current = saved.version;
        setMessage(null);
        setState(pending.current.size > 0 ? 'saving' : 'saved');
      } catch (error) {
        // Edits typed during the save are newer than the batch; keep those.
        for (const [id, doc] of batch) if (!pending.current.has(id)) pending.current.set(id, doc);
        const status = statusOf(error);
        if (status === 409) {
          blocked.current = true;
          setConflictVersion(Number(bodyOf(error).currentVersion ?? 0));
          setState('conflict');
        } else if (status === 429 || status === 507) {
          // Saving too often, or no room left (the account's share or the server's disk): the text
          // stays here and is saved again by itself after the wait, with the server's reason shown.
          setMessage(messageOf(error, '') || null);
          setState('waiting');
          const wait = status === 429 ? (retryAfterOf(error) ?? 5) * 1000 : NO_ROOM_RETRY_MS;
          timer.current = setTimeout(() => void flush(), wait);
        } else if (status > 0 && status < 500) {
          blocked.current = true;
          setMessage(messageOf(error, '') || null);
          setState('refused');
        } else {
          setState('offline');
          timer.current = setTimeout(() => void flush(), OFFLINE_RETRY_MS);
        }
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    if (pending.current.size > 0 && !blocked.current && timer.current === undefined)
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [applicationId]);

  const change = useCallback(
    (sectionId: string, doc: RichNode) => {
      pending.current.set(sectionId, doc);
      if (blocked.current) return;
      setState((s) => (s === 'offline' ? s : 'saving'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void flush();
      }, AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const online = () => void flush();
    // Unsaved text asks before the tab closes.
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current.size > 0 || inFlight.current) e.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return {
    state,
    message,
    conflictVersion,
    change,
    flush,
    hasPending: () => pending.current.size > 0 || inFlight.current !== null,
    version: () => version.current,
    /** After a conflict: save this tab's text over the newer version. */
    saveOver() {
      if (conflictVersion !== null) version.current = conflictVersion;
      blocked.current = false;
      setConflictVersion(null);
      void flush();
    },
    /** After loading the saved version (or a restore): start again from it, dropping unsaved edits. */
    reset(newVersion: number) {
      pending.current.clear();
      version.current = newVersion;
      blocked.current = false;
      setConflictVersion(null);
      setMessage(null);
      setState('saved');
    },
  };
}
