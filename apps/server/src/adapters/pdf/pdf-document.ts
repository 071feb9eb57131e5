import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Every PDF Grantleaf writes (ADR 0970). PDF's built-in Helvetica and Times know Windows-1252
 * only, so "−", "≥", Greek letters or "Łukasz" printed as other characters. The documents embed
 * Arimo and Tinos instead: TrueType fonts with Arial's/Helvetica's and Times New Roman's widths,
 * so a funder layout's line breaks and page count stay what the funder's font gives (DejaVu, tried
 * before, is wider). A character the font has no glyph for (Chinese, Japanese, Korean, emoji) is
 * drawn as U+FFFD "�", which a reader sees as a replacement, instead of a blank or another letter.
 */
export const PDF_FONTS = {
  sans: { regular: 'Arimo', bold: 'Arimo-Bold', italic: 'Arimo-Italic', boldItalic: 'Arimo-BoldItalic' },
  serif: { regular: 'Tinos', bold: 'Tinos-Bold', italic: 'Tinos-Italic', boldItalic: 'Tinos-BoldItalic' },
} as const;

export type PdfFont = (typeof PDF_FONTS)[keyof typeof PDF_FONTS][keyof (typeof PDF_FONTS)['sans']];

const require = createRequire(import.meta.url);

/**
 * The npm packages' TrueType files (OFL 1.1), one per registered name, resolved once at import:
 * a missing package fails the server's start, not a user's download. Each path is spelt out in
 * its own `require.resolve` so the manifest check (scripts/check-manifests.mjs) sees the packages.
 */
const PATHS: Record<PdfFont, string> = {
  Arimo: require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
  'Arimo-Bold': require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'),
  'Arimo-Italic': require.resolve('@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf'),
  'Arimo-BoldItalic': require.resolve('@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf'),
  Tinos: require.resolve('@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf'),
  'Tinos-Bold': require.resolve('@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf'),
  'Tinos-Italic': require.resolve('@expo-google-fonts/tinos/400Regular_Italic/Tinos_400Regular_Italic.ttf'),
  'Tinos-BoldItalic': require.resolve('@expo-google-fonts/tinos/700Bold_Italic/Tinos_700Bold_Italic.ttf'),
};

export const REPLACEMENT = '\uFFFD';

interface GlyphSource {
  font?: { hasGlyphForCodePoint(codePoint: number): boolean };
}

type TextMethod = (this: PDFKit.PDFDocument, text: unknown, ...rest: unknown[]) => PDFKit.PDFDocument;
// pdfkit's one entry for drawn and measured text (text, heightOfString, continued runs).
const baseText = (PDFDocument.prototype as unknown as { _text: TextMethod })._text;

class GrantleafPdf extends PDFDocument {
  _text(text: unknown, ...rest: unknown[]) {
    return baseText.call(this, text == null ? text : this.drawable(String(text)), ...rest);
  }

  /** The text with each character the current font cannot draw replaced by "�". */
  private drawable(text: string): string {
    const font = (this as unknown as { _font: GlyphSource | null })._font?.font;
    if (!font) return text;
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      // Line breaks, tabs and the like are layout, not glyphs.
      out += cp < 0x20 || font.hasGlyphForCodePoint(cp) ? ch : REPLACEMENT;
    }
    return out;
  }
}

/**
 * A Letter document with Grantleaf's fonts registered, opened in `initial` (Arimo unless a
 * serif layout asks for Tinos), written by `write` and returned as bytes.
 */
export function renderPdfDocument(
  options: PDFKit.PDFDocumentOptions & { initial?: PdfFont },
  write: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const { initial = PDF_FONTS.sans.regular, ...rest } = options;
  return new Promise((resolve, reject) => {
    // Opened straight in an embedded font, so no built-in font is loaded at all.
    const doc = new GrantleafPdf({ size: 'LETTER', ...rest, font: PATHS[initial] });
    for (const [name, file] of Object.entries(PATHS)) doc.registerFont(name, file);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      write(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
