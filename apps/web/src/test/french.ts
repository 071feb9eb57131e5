// The check the French component tests share (issue 31): which of a catalogue's English texts a
// French page still shows. One copy, so every French test judges "English left" the same way.

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );

/** The phrase as whole words: "Program" is English, "Programme" is French. */
const hasPhrase = (text: string, phrase: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'u',
  ).test(text);

/**
 * A finder of `en`'s texts in a French page: the parts of 4 characters or more of each English
 * text whose French differs, variables cut out. Given an element, its text nodes are read one by
 * one (`textByNode`) without its lang="en" parts (what the engine or the funder wrote, marked as
 * English for screen readers).
 */
export function englishLeftIn(en: unknown, fr: unknown): (shown: string | Element) => string[] {
  const french = new Map(flatten(fr as Tree));
  const english = [
    ...new Set(
      flatten(en as Tree)
        .filter(([key, value]) => french.get(key) !== value)
        // A part its French keeps as is ("Version" in "Version {{version}} · …") is French too.
        .flatMap(([key, value]) =>
          value
            .split(/\{\{\s*\w+\s*\}\}/)
            .map((part) => part.trim())
            .filter((part) => !french.get(key)?.includes(part)),
        )
        .filter((part) => part.length >= 4),
    ),
  ];
  return (shown) => {
    // Text nodes one per line, so a heading's last word and the next paragraph's first stay apart.
    const text = typeof shown === 'string' ? shown : textByNode(shown, { skipEnglish: true });
    return english.filter((phrase) => hasPhrase(text, phrase));
  };
}

/**
 * An element's text nodes one per line: textContent runs a heading into the next paragraph
 * ("…30 joursIf Grantleaf…"), and the whole-word check then misses the English after it.
 * `skipEnglish` leaves out what is marked `lang="en"` (a catalogue program's name, say).
 */
export function textByNode(element: Element, { skipEnglish = false } = {}): string {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!skipEnglish || !node.parentElement?.closest('[lang="en"]')) parts.push(node.textContent ?? '');
  return parts.join('\n');
}
