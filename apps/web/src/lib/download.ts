import { apiFetch, statusOf } from './api.ts';

/**
 * Fetches a file through the API client (the session, the language, its failures) and hands it to
 * the browser as a download. Resolves 'failed' on a non-OK answer and 'error' when the request
 * itself failed, so callers show the §8 alert that fits ('Failed to ...' vs 'Error ...').
 */
export async function downloadFile(url: string, fallbackName: string): Promise<'ok' | 'failed' | 'error'> {
  let res: Response;
  try {
    res = await apiFetch('GET', url);
  } catch (error) {
    return statusOf(error) ? 'failed' : 'error';
  }
  try {
    const blob = await res.blob();
    const disposition = res.headers.get('content-disposition') ?? '';
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
    return 'ok';
  } catch {
    return 'error';
  }
}
