import { describe, expect, it } from 'vitest';
import { parseModelJson, tryParseModelJson } from './model-json.ts';

describe('parseModelJson', () => {
  const value = { research_topic: { name: 'Soil sensors', tagline: 'Cheap "smart" probes' }, n: [1, 2] };
  const json = JSON.stringify(value);

  it.each([
    ['plain JSON', json],
    ['pretty JSON with spaces around', `\n  ${JSON.stringify(value, null, 2)}  \n`],
    ['a ```json fence', '```json\n' + json + '\n```'],
    ['a bare ``` fence', '```\n' + json + '\n```'],
    ['a fence with prose around it', 'Here is the result:\n```json\n' + json + '\n```\nHope this helps.'],
    ['a JSON string holding JSON (quoted)', JSON.stringify(json)],
    ['a quoted string holding a fence', JSON.stringify('```json\n' + json + '\n```')],
    ['doubly quoted JSON', JSON.stringify(JSON.stringify(json))],
    ['single quotes around JSON', `'${json}'`],
    ['prose before and after the object', `Sure! ${json} Let me know.`],
    ['a byte-order mark', '\ufeff' + json],
  ])('accepts %s', (_label, text) => {
    expect(parseModelJson(text)).toEqual(value);
  });

  it('keeps braces inside strings when finding an embedded object', () => {
    expect(parseModelJson('result: {"a":"} not the end {","b":[1]} trailing')).toEqual({
      a: '} not the end {',
      b: [1],
    });
  });

  it('returns arrays and plain strings that are not JSON inside', () => {
    expect(parseModelJson('[1,2,3]')).toEqual([1, 2, 3]);
    expect(parseModelJson('"just text"')).toBe('just text');
  });

  // No timed assertion (targets live in the bench): at a million characters a scan that is not
  // linear runs for hours, so the timeout is what fails, and a linear one takes milliseconds.
  it('stays linear on hostile input (many unclosed brackets)', { timeout: 60_000 }, () => {
    expect(tryParseModelJson('{['.repeat(500_000))).toBeUndefined();
  });

  it.each(['', '   ', 'no json here', '{"a": 1', '```json\n{oops}\n```'])('rejects %j', (text) => {
    expect(() => parseModelJson(text)).toThrow(SyntaxError);
    expect(tryParseModelJson(text)).toBeUndefined();
  });
});
