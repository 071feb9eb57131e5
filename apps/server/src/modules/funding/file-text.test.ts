import { Document, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { readFileText } from './file-text.ts';

describe('funding request file text', () => {
  it('reads plain text as is, and a Word file sent as a data: URL', async () => {
    expect(await readFileText('Our lab studies sepsis.')).toBe('Our lab studies sepsis.');
    expect(await readFileText(null)).toBe('');
    const doc = new Document({ sections: [{ children: [new Paragraph('Microfluidic sepsis diagnostics for emergency rooms')] }] });
    const base64 = (await Packer.toBuffer(doc)).toString('base64');
    const text = await readFileText(`data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,${base64}`);
    expect(text).toContain('Microfluidic sepsis diagnostics');
  });

  it('adds nothing for an unreadable or unsupported file rather than failing', async () => {
    expect(await readFileText('data:application/pdf;base64,bm90IGEgcGRm')).toBe('');
    expect(await readFileText('data:image/png;base64,iVBORw0KGgo=')).toBe('');
  });
});
