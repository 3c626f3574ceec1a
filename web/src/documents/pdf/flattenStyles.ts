/**
 * Resolves a pdfmake document definition's named styles into the nodes that name them, before
 * pdfmake lays it out. pdfmake looks every text property of every text piece (font, size, bold,
 * colour and some twenty more) up through its style stack, and each step through a named style
 * allocates a set of visited names; a long report spends a tenth of its render in those lookups
 * and their garbage. A node whose own properties already hold its styles' values is looked up
 * once, with nothing allocated, and gives the same value: pdfmake reads a node's own property
 * first, then its styles from the last named to the first, and a node's own properties reach its
 * children as its styles do. So the PDF is the same, byte for byte
 * (flattenStyles.test.ts renders both).
 *
 * A node is left as it is where pdfmake's margin rule could tell the two apart (a style with
 * `marginLeft` and the like, two styles with margins, or a styled node with margins of its own),
 * and where a style is unknown or `extends` another. The definition itself is not changed.
 */

type Node = Record<string, unknown>;

const SIDE_MARGINS = ['marginLeft', 'marginTop', 'marginRight', 'marginBottom'] as const;

/** pdfmake's own test of a set property (`isValue`): neither null nor undefined. */
const isValue = (value: unknown): boolean => value !== null && value !== undefined;

const isPlainNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value) && !(value instanceof Date) && !(value instanceof ArrayBuffer);

/** The style names a node gives, or undefined when it names none (or not only names). */
function styleNames(node: Node): readonly string[] | undefined {
  const style = node['style'];
  if (typeof style === 'string') return [style];
  if (Array.isArray(style) && style.length > 0 && style.every((name) => typeof name === 'string')) return style as string[];
  return undefined;
}

/** The node with its named styles' values as its own, or undefined where that could change the PDF. */
function resolved(node: Node, names: readonly string[], styles: Readonly<Record<string, unknown>>): Node | undefined {
  const picked: Node[] = [];
  for (const name of names) {
    const style = styles[name];
    if (!isPlainNode(style) || 'extends' in style || SIDE_MARGINS.some((key) => key in style)) return undefined;
    picked.push(style);
  }
  const withMargin = picked.filter((style) => 'margin' in style).length;
  if (withMargin > 1 || (withMargin === 1 && (node['margin'] !== undefined || SIDE_MARGINS.some((key) => node[key] !== undefined)))) return undefined;
  const out: Node = {};
  // the last named style wins over the ones before it, the node's own value over all of them
  for (const style of picked) for (const key of Object.keys(style)) if (isValue(style[key])) out[key] = style[key];
  for (const key of Object.keys(node)) if (key !== 'style' && (isValue(node[key]) || !(key in out))) out[key] = node[key];
  return out;
}

function walk(value: unknown, styles: Readonly<Record<string, unknown>>): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, styles));
  if (!isPlainNode(value)) return value;
  const copy: Node = {};
  // a table's layout is pdfmake's own object of functions, never a node
  for (const key of Object.keys(value)) copy[key] = key === 'layout' ? value[key] : walk(value[key], styles);
  const names = styleNames(copy);
  return names === undefined ? copy : (resolved(copy, names, styles) ?? copy);
}

/** The definition with its nodes' named styles resolved into them (see the module comment). */
export function flattenStyles(definition: object): object {
  const source = definition as Node;
  const styles = isPlainNode(source['styles']) ? source['styles'] : {};
  const out: Node = {};
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (key === 'styles' || key === 'defaultStyle' || key === 'info' || key === 'pageMargins' || key === 'pageSize') out[key] = value;
    // header, footer and background may be functions of the page: resolve what they give
    else if (typeof value === 'function') out[key] = (...args: unknown[]) => walk((value as (...a: unknown[]) => unknown)(...args), styles);
    else out[key] = walk(value, styles);
  }
  return out;
}
