import { extractDocumentText, type DocumentKind } from '../../adapters/text-extraction/text-extraction.ts';

const KINDS: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
};

/**
 * The text of the request's file. The dialog sends a .txt file as its text, and a PDF or Word
 * file as a base64 data: URL, since reading those "as text" in a browser yields bytes, not words.
 * A file that cannot be read adds nothing to the search rather than failing it.
 */
export async function readFileText(fileContent: string | null): Promise<string> {
  if (!fileContent) return '';
  const match = /^data:([\w.+/-]+)(?:;[\w=-]+)*;base64,/.exec(fileContent.slice(0, 200));
  if (!match) return fileContent;
  const kind = KINDS[match[1]!.toLowerCase()];
  if (!kind) return '';
  try {
    const data = Buffer.from(fileContent.slice(match[0].length), 'base64');
    return (await extractDocumentText(kind, data)).text;
  } catch {
    return '';
  }
}
