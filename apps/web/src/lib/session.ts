// Spec §3: the session id is kept in localStorage and mirrored on a window-level value.
export const SESSION_STORAGE_KEY = 'sessionId';

declare global {
  interface Window {
    sessionId?: string | null;
  }
}

export function getSessionId(): string | null {
  // The build pre-renders the landing page outside a browser, for a visitor without a session.
  if (typeof window === 'undefined') return null;
  if (window.sessionId !== undefined) return window.sessionId;
  window.sessionId = localStorage.getItem(SESSION_STORAGE_KEY);
  return window.sessionId;
}

export function setSessionId(id: string | null) {
  window.sessionId = id;
  if (id) localStorage.setItem(SESSION_STORAGE_KEY, id);
  else localStorage.removeItem(SESSION_STORAGE_KEY);
}
