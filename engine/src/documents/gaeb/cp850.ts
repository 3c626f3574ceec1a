/**
 * Code page 850 (DOS Latin-1), the character set of GAEB 90 files (docs/documents.md "GAEB 90").
 *
 * A small typed table instead of a dependency (decision 0116): the engine stays pure and the
 * browser, the API and the CLI write the same bytes. Bytes 0x00–0x7F are ASCII; the table below
 * holds 0x80–0xFF (IBM code page 850, as in Unicode's CP850.TXT mapping).
 *
 * Characters outside the code page are transliterated where a planner would write the same
 * thing by hand (dashes → "-", typographic quotes → straight ones, "€" → "EUR", "…" → "...");
 * anything else becomes "?" and is counted, so the writer can report it.
 */

/** Unicode characters of the bytes 0x80–0xFF of code page 850, in byte order. */
export const CP850_HIGH: string =
  'ÇüéâäàåçêëèïîìÄÅ' +
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
  'áíóúñÑªº¿®¬½¼¡«»' +
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
  'ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
  '\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const BYTE_OF = new Map<string, number>();
for (let i = 0; i < 128; i++) BYTE_OF.set(CP850_HIGH[i]!, 0x80 + i);

/** Transliterations of common characters that code page 850 lacks. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2212': '-', // minus sign
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u2039': '<',
  '\u203a': '>',
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2026': '...',
  '\u20ac': 'EUR',
  '\u2022': '·', // bullet → middle dot
  '\u2009': ' ', // thin space
  '\u202f': ' ', // narrow no-break space
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2300': 'Ø', // diameter sign
  '\u2205': 'Ø', // empty set, often typed for a diameter
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2030': 'o/oo',
};

/** Whether a character (one code point) can be written in code page 850 as it is. */
export function isCp850(ch: string): boolean {
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return true;
  return BYTE_OF.has(ch);
}

/**
 * Makes a text writable in code page 850: control characters (tabs, line breaks …) become a space,
 * missing characters are transliterated or become "?". Returns the text and how many characters
 * had to become "?".
 */
export function toCp850Text(text: string): { readonly text: string; readonly replaced: number } {
  let out = '';
  let replaced = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += ' ';
    else if (isCp850(ch)) out += ch;
    else {
      const t = TRANSLITERATIONS[ch];
      if (t !== undefined) out += t;
      else {
        out += '?';
        replaced++;
      }
    }
  }
  return { text: out, replaced };
}

/** Encodes a text into code page 850 bytes; throws a RangeError on a character outside it (use {@link toCp850Text} first). */
export function encodeCp850(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes[i] = code;
    else {
      const b = BYTE_OF.get(text[i]!);
      if (b === undefined) throw new RangeError(`U+${code.toString(16).toUpperCase().padStart(4, '0')} is not in code page 850`);
      bytes[i] = b;
    }
  }
  return bytes;
}

/** Decodes code page 850 bytes into a text (every byte has a character). */
export function decodeCp850(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP850_HIGH[b - 0x80]!;
  return out;
}

/** Encodes a text as UTF-8 (the engine has no TextEncoder: it is compiled against ES only); lone surrogates become U+FFFD. */
export function encodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out[n++] = c;
    else if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      out[n++] = 0xe0 | (c >> 12);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    } else {
      out[n++] = 0xf0 | (c >> 18);
      out[n++] = 0x80 | ((c >> 12) & 0x3f);
      out[n++] = 0x80 | ((c >> 6) & 0x3f);
      out[n++] = 0x80 | (c & 0x3f);
    }
  }
  return out.slice(0, n);
}
