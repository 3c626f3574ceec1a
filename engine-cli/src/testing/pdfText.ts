/**
 * The text of a PDF, page by page, as pdf.js extracts it (tests only): the words a reader can
 * copy from the file. pdfjs-dist's legacy build runs in Node without a canvas or a worker thread.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One string per page: the page's text items joined with spaces (line ends as line breaks). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text);
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The whole text of a PDF. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPageTexts(bytes)).join('\n');
}
