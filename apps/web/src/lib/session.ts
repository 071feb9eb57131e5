// Spec §3: the session id is kept in localStorage and mirrored on a window-level value.
const KEY = 'sessionId';

declare global {
  interface Window {
    sessionId?: string | null;
  }
}

export function getSessionId(): string | null {
  if (window.sessionId !== undefined) return window.sessionId;
  window.sessionId = localStorage.getItem(KEY);
  return window.sessionId;
}

export function setSessionId(id: string | null) {
  window.sessionId = id;
  if (id) localStorage.setItem(KEY, id);
  else localStorage.removeItem(KEY);
}
