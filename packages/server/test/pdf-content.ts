import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/** A text shown on a page: its characters, where its baseline starts (points from the bottom left) and its size. */
export type PdfText = { text: string; x: number; y: number; size: number };
/** A filled area (each sub-path's bounding box, in page points) and its fill colour (r, g, b from 0 to 1). */
export type PdfFill = { x: number; y: number; width: number; height: number; color: string };
/** What a page draws, read back from its content streams. */
export type PdfPage = { width: number; height: number; texts: PdfText[]; fills: PdfFill[] };

type Matrix = [number, number, number, number, number, number];
const identity: Matrix = [1, 0, 0, 1, 0, 0];
/** m then n (PDF's row-vector convention: a point is transformed by m, then by n). */
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [
  x * m[0] + y * m[2] + m[4],
  x * m[1] + y * m[3] + m[5],
];

type Token = { kind: 'number'; value: number } | { kind: 'string'; value: Uint8Array } | { kind: 'other' };
// Hex string, literal string (no nested parentheses: pdf-lib writes the standard fonts' text as hex), name,
// number, array bracket, operator.
const tokenPattern =
  /\s*(?:<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\()])*)\)|(\/[^\s/<>()[\]]*)|([-+]?(?:\d+\.?\d*|\.\d+))|([[\]])|([A-Za-z'"*]+))/y;

function* tokens(source: string): Generator<Token | { kind: 'operator'; value: string }> {
  tokenPattern.lastIndex = 0;
  while (tokenPattern.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(tokenPattern.lastIndex))) return;
    const at = tokenPattern.lastIndex;
    const m = tokenPattern.exec(source);
    if (!m) throw new Error(`unreadable content at ${at}: ${source.slice(at, at + 40)}`);
    if (m[1] !== undefined) yield { kind: 'string', value: Buffer.from(m[1].replace(/\s/g, ''), 'hex') };
    else if (m[2] !== undefined)
      yield {
        kind: 'string',
        value: Buffer.from(m[2].replace(/\\([()\\])/g, '$1'), 'latin1'),
      };
    else if (m[4] !== undefined) yield { kind: 'number', value: Number(m[4]) };
    else if (m[6] !== undefined) yield { kind: 'operator', value: m[6] };
    else yield { kind: 'other' };
  }
}

/** The standard fonts' WinAnsi encoding, as browsers name it. */
const winAnsi = new TextDecoder('windows-1252');

function streamsOf(doc: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents;
  if (resolved instanceof PDFRawStream) return [resolved];
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((item) => streamsOf(doc, item));
  return [];
}

/** Reads what one page draws: text (with its position and size) and filled shapes, through a small interpreter. */
function readPage(doc: PDFDocument, index: number): PdfPage {
  const page = doc.getPage(index);
  const source = streamsOf(doc, page.node.get(PDFName.of('Contents')))
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  const texts: PdfText[] = [];
  const fills: PdfFill[] = [];
  const stack: { ctm: Matrix; color: string }[] = [];
  let ctm = identity;
  let textMatrix = identity;
  let fontSize = 0;
  let color = '0 0 0';
  let path: [number, number][][] = [];
  let operands: Token[] = [];
  const numbers = () => operands.flatMap((o) => (o.kind === 'number' ? [o.value] : []));
  for (const token of tokens(source)) {
    if (token.kind !== 'operator') {
      operands.push(token);
      continue;
    }
    const n = numbers();
    switch (token.value) {
      case 'q':
        stack.push({ ctm, color });
        break;
      case 'Q':
        ({ ctm, color } = stack.pop() ?? { ctm: identity, color: '0 0 0' });
        break;
      case 'cm':
        ctm = times(n as Matrix, ctm);
        break;
      case 'rg':
        color = n.join(' ');
        break;
      case 'm':
        path.push([apply(ctm, n[0]!, n[1]!)]);
        break;
      case 'l':
      case 'c':
      case 'v':
      case 'y':
        for (let i = 0; i + 1 < n.length; i += 2) path.at(-1)?.push(apply(ctm, n[i]!, n[i + 1]!));
        break;
      case 're': {
        const [x, y, w, h] = n as [number, number, number, number];
        path.push([apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)]);
        break;
      }
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        for (const sub of path) {
          const xs = sub.map((p) => p[0]);
          const ys = sub.map((p) => p[1]);
          const x = Math.min(...xs);
          const y = Math.min(...ys);
          fills.push({ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, color });
        }
        path = [];
        break;
      case 'S':
      case 's':
      case 'n':
        path = [];
        break;
      case 'BT':
        textMatrix = identity;
        break;
      case 'Tf':
        fontSize = n[0] ?? 0;
        break;
      case 'Tm':
        textMatrix = n as Matrix;
        break;
      case 'Td':
        textMatrix = times([1, 0, 0, 1, n[0]!, n[1]!], textMatrix);
        break;
      case 'Tj':
      case 'TJ': {
        const shown = operands
          .flatMap((o) => (o.kind === 'string' ? [winAnsi.decode(o.value)] : []))
          .join('');
        const [x, y] = apply(times(textMatrix, ctm), 0, 0);
        texts.push({ text: shown, x, y, size: fontSize });
        break;
      }
    }
    operands = [];
  }
  return { width: page.getWidth(), height: page.getHeight(), texts, fills };
}

/** Every object of the file as written, its streams decoded. */
function everythingIn(doc: PDFDocument): string {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) =>
      // (pdf-lib unpacks object streams and cross-reference streams when it loads a file: neither is listed here.)
      object instanceof PDFRawStream
        ? `${object.dict.toString()}\n${Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')}`
        : object.toString(),
    )
    .join('\n');
}

/**
 * A PDF read back for tests: each page's text and filled shapes, the document's information (title, author…), how
 * many images it embeds, and all of it as one searchable text.
 */
export async function readPdf(bytes: Uint8Array) {
  // Read as written: by default pdf-lib would stamp its own producer and dates on loading.
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const images = doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
  const pages = doc.getPages().map((_, i) => readPage(doc, i));
  const info = {
    title: doc.getTitle(),
    author: doc.getAuthor(),
    subject: doc.getSubject(),
    keywords: doc.getKeywords(),
    creator: doc.getCreator(),
  };
  // The file's objects and streams as stored, and their text decoded (drawn text and the information are hex).
  const everything = [
    everythingIn(doc),
    ...pages.flatMap((p) => p.texts.map((x) => x.text)),
    ...Object.values(info),
  ].join('\n');
  return { pages, info, images, everything };
}
