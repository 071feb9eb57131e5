// Runs pdf.js off the main thread: a large PDF would otherwise stall every request of the API.
// Plain erasable TypeScript, so Node runs it directly as a worker entry.
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

parentPort?.on('message', async (message: { id: number; data: Uint8Array; maxPages: number }) => {
  try {
    const pdf = await getDocumentProxy(message.data);
    const pages = Math.min(pdf.numPages, message.maxPages);
    const parts: string[] = [];
    for (let i = 1; i <= pages; i++) {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      parts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
      page.cleanup();
    }
    await pdf.destroy();
    parentPort?.postMessage({ id: message.id, text: parts.join('\n\n'), pages: pdf.numPages });
  } catch (err) {
    parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
  }
});
