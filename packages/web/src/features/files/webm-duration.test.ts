import { describe, expect, it } from 'vitest';
import { withDuration } from './webm-duration';

const el = (id: number[], data: number[]) => [...id, 0x80 | data.length, ...data];
const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], [...new TextEncoder().encode('webm')]));
const info = (fields: number[]) => el([0x15, 0x49, 0xa9, 0x66], fields);
const scale = el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]); // 1,000,000 ns
const cluster = el([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00]);
/** A streamed recording: the Segment's size is unknown (all ones). */
const recording = (infoFields: number[]) =>
  Uint8Array.from([
    ...header,
    ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ...info(infoFields),
    ...cluster,
  ]);

function durationOf(bytes: Uint8Array): number | null {
  for (let i = 0; i + 11 <= bytes.length; i++) {
    if (bytes[i] === 0x44 && bytes[i + 1] === 0x89 && bytes[i + 2] === 0x88) {
      return new DataView(bytes.buffer, bytes.byteOffset + i + 3, 8).getFloat64(0);
    }
  }
  return null;
}

describe('withDuration', () => {
  it('writes the duration in TimecodeScale units into Info; the clusters follow unchanged', () => {
    const out = withDuration(recording(scale), 2.5);
    expect(durationOf(out)).toBe(2500);
    expect([...out.subarray(out.length - cluster.length)]).toEqual(cluster);
    // Info's new size covers its old fields plus the 11-byte Duration.
    const at = out.indexOf(0x15);
    expect(out[at + 4]).toBe(0x01);
    expect(out[at + 11]).toBe(scale.length + 11);
  });

  it('leaves a file that already has a duration, or is not WebM, as it was', () => {
    const has = recording([...scale, 0x44, 0x89, 0x84, 0, 0, 0, 0]);
    expect(withDuration(has, 3)).toBe(has);
    const other = Uint8Array.from([1, 2, 3, 4]);
    expect(withDuration(other, 3)).toBe(other);
    expect(withDuration(recording(scale), 0)).toEqual(recording(scale));
  });
});
