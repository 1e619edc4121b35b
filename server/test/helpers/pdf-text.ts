import { PDFParse } from 'pdf-parse';

/** The text of a PDF, as pdf-parse reads it. */
export async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
