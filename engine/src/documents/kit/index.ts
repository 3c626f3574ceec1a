/** The PDF document kit shared by every document (see pdf.ts). */
export * from './pdf.ts';
