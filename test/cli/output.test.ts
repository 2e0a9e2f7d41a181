/**
 * The CLI's JSON writer (src/cli/output.ts, issue 26): JSON.stringify's document, numbers of a
 * typed array written as an array, streamed in chunks of about a megabyte however large the
 * document — never one string.
 */
import { describe, expect, it } from 'vitest';
import { printJson, textSink, writeJson, type Io } from '../../src/cli/output.ts';
import { parseRequest } from '../../src/cli/request.ts';

/** An Io recording every call. */
function recordingIo(append: boolean) {
  const calls: { to: string; text: string }[] = [];
  const io: Io = {
    stdout: (text) => calls.push({ to: 'stdout', text }),
    writeFile: (path, text) => calls.push({ to: `write ${path}`, text }),
    ...(append && { appendFile: (path, text) => calls.push({ to: `append ${path}`, text }) }),
  };
  return { io, calls, text: () => calls.map((c) => c.text).join('') };
}

describe('writeJson', () => {
  it('writes the document JSON.stringify writes; typed arrays as arrays, numbers on one line', () => {
    const value = {
      name: 'UNTIE “vectors”\n',
      n: 3,
      skipped: undefined,
      fn: () => 1,
      flags: [true, false, null],
      empty: [],
      none: {},
      rows: [Float64Array.of(0.1, -0, 1e-300), Int32Array.of(1, 2, 3)],
      odd: [1, Number.NaN, Infinity, null],
      nested: { labels: ['a', 'b'], deep: [{ x: 1 }, [2, 3]] },
    };
    const { io, text } = recordingIo(false);
    const sink = textSink(io);
    writeJson(value, sink);
    sink.end();
    const expected = JSON.parse(
      JSON.stringify(value, (_, v: unknown) =>
        ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
      ),
    ) as unknown;
    expect(JSON.parse(text())).toEqual(expected);
    expect(text()).toContain('"rows": [\n    [0.1, 0, 1e-300],\n    [1, 2, 3]\n  ]');
    expect(text()).toContain('"odd": [1, null, null, null]');
    expect(text()).toContain('"empty": [],\n  "none": {}');
  });

  it('streams a 3-million-number document to stdout in chunks of about a megabyte', () => {
    const big = Float64Array.from({ length: 3_000_000 }, (_, i) => i / 7);
    const { io, calls, text } = recordingIo(false);
    printJson(
      { vectors: [big.subarray(0, 1_500_000), big.subarray(1_500_000)] },
      parseRequest([]),
      io,
    );
    expect(calls.length).toBeGreaterThan(40);
    for (const c of calls) {
      expect(c.to).toBe('stdout');
      expect(c.text.length).toBeLessThan((1 << 20) + (1 << 17));
    }
    const back = JSON.parse(text()) as { vectors: number[][] };
    expect(back.vectors[1]?.[0]).toBe(1_500_000 / 7);
    expect(back.vectors.flat()).toHaveLength(3_000_000);
  });

  it('to --out FILE: written, then appended chunk by chunk (joined when the Io cannot append)', () => {
    const value = { scores: Float64Array.from({ length: 400_000 }, (_, i) => Math.sqrt(i)) };
    const args = parseRequest(['run', '--out', 'x.json']);
    const streamed = recordingIo(true);
    printJson(value, args, streamed.io);
    expect(streamed.calls[0]?.to).toBe('write x.json');
    expect(streamed.calls.slice(1).every((c) => c.to === 'append x.json')).toBe(true);
    expect(streamed.calls.length).toBeGreaterThan(3);
    const joined = recordingIo(false);
    printJson(value, args, joined.io);
    expect(joined.calls).toHaveLength(1);
    expect(joined.text()).toBe(streamed.text());
    expect((JSON.parse(joined.text()) as { scores: number[] }).scores[9]).toBe(3);
  });
});
