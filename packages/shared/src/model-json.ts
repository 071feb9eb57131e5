/**
 * Reads JSON that a language model or an automation wrote. Models and no-code tools wrap JSON in
 * Markdown code fences, put it inside a JSON string (quoted, with escaped quotes), or add a
 * sentence before or after it; the spec (§3 "JSON text, possibly quoted or wrapped in a code
 * fence") asks us to accept all of these. Throws a SyntaxError when no JSON value can be found.
 */
export function parseModelJson(text: string): unknown {
  return parseLayer(text, 0);
}

/** Like parseModelJson but answers `undefined` instead of throwing. */
export function tryParseModelJson(text: string): unknown {
  try {
    return parseModelJson(text);
  } catch {
    return undefined;
  }
}

// A string that decodes to another JSON string is unwrapped again, but not forever.
const MAX_LAYERS = 3;
const MAX_CANDIDATES = 16;

function parseLayer(text: string, depth: number): unknown {
  const trimmed = stripBom(text).trim();
  if (trimmed === '') throw new SyntaxError('Model output is empty');

  const direct = tryJson(trimmed);
  if (direct.ok) {
    if (typeof direct.value === 'string' && depth < MAX_LAYERS) {
      const inner = direct.value.trim();
      if (looksLikeJson(inner) || extractFence(inner) !== null) return parseLayer(inner, depth + 1);
    }
    return direct.value;
  }

  const fenced = extractFence(trimmed);
  if (fenced !== null) return parseLayer(fenced, depth);

  // Single-quoted wrapper: '{"a":1}'
  if (trimmed.length >= 2 && trimmed.startsWith("'") && trimmed.endsWith("'")) {
    return parseLayer(trimmed.slice(1, -1), depth + 1);
  }

  const embedded = extractBalanced(trimmed);
  if (embedded !== null) {
    const parsed = tryJson(embedded);
    if (parsed.ok) return parsed.value;
  }
  throw new SyntaxError('Model output is not valid JSON');
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function looksLikeJson(text: string): boolean {
  return /^[[{"]/.test(text);
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The body of the first ``` fence (with or without a language tag), or null. */
function extractFence(text: string): string | null {
  const match = /```[\w-]*[^\S\n]*\n?([\s\S]*?)```/.exec(text);
  if (match?.[1] === undefined) return null;
  return match[1];
}

/** The first balanced {...} or [...] in the text, skipping over string literals. */
function extractBalanced(text: string): string | null {
  // Each candidate scans to its closing bracket; a bounded number keeps hostile input linear.
  let candidates = 0;
  for (let start = 0; start < text.length && candidates < MAX_CANDIDATES; start++) {
    const open = text[start];
    if (open !== '{' && open !== '[') continue;
    candidates++;
    const end = findClose(text, start);
    if (end !== -1) {
      const candidate = text.slice(start, end + 1);
      if (tryJson(candidate).ok) return candidate;
    }
  }
  return null;
}

function findClose(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
