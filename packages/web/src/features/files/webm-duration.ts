/**
 * A browser's MediaRecorder writes WebM without a duration (the recording is streamed), so players
 * show Infinity and cannot seek. Before upload the duration is written into the Segment's Info
 * element (EBML: `Duration`, a float in TimecodeScale units). Anything unexpected leaves the bytes as they were.
 */
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const DURATION = 0x4489;
const TIMECODE_SCALE = 0x2ad7b1;

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** An EBML variable-length integer at `at`; `keepMarker` for element ids. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** An element size as an 8-byte EBML integer. */
function size8(value: number): Uint8Array {
  const out = new Uint8Array(8);
  let rest = value;
  for (let i = 7; i > 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = 0x01;
  return out;
}

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** Exclusive end; the buffer's end for an unknown size. */
  end: number;
  unknown: boolean;
}

function element(bytes: Uint8Array, at: number): Element | null {
  const id = vint(bytes, at, true);
  if (!id) return null;
  const size = vint(bytes, at + id.length, false);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  const end = size.unknown ? bytes.length : dataStart + size.value;
  return { id: id.value, start: at, dataStart, end: Math.min(end, bytes.length), unknown: size.unknown };
}

function children(bytes: Uint8Array, parent: Element): Element[] {
  const found: Element[] = [];
  for (let at = parent.dataStart; at < parent.end;) {
    const child = element(bytes, at);
    if (!child || child.end <= at) break;
    found.push(child);
    at = child.end;
  }
  return found;
}

/** The WebM bytes with `seconds` written as the duration; the same bytes when it cannot be done. */
export function withDuration(bytes: Uint8Array, seconds: number): Uint8Array {
  if (!(seconds > 0)) return bytes;
  const header = element(bytes, 0);
  const segment = header && element(bytes, header.end);
  if (!segment || segment.id !== SEGMENT) return bytes;
  const info = children(bytes, segment).find((child) => child.id === INFO);
  if (!info) return bytes;
  const fields = children(bytes, info);
  if (fields.some((field) => field.id === DURATION)) return bytes;
  let scale = 1_000_000;
  const scaleField = fields.find((field) => field.id === TIMECODE_SCALE);
  if (scaleField) {
    scale = 0;
    for (let i = scaleField.dataStart; i < scaleField.end; i++) scale = scale * 256 + bytes[i]!;
    if (scale <= 0) return bytes;
  }
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (seconds * 1e9) / scale);
  const infoData = bytes.subarray(info.dataStart, info.end);
  const infoId = bytes.subarray(info.start, info.start + 4);
  const newInfo = concat([infoId, size8(infoData.length + duration.length), infoData, duration]);
  const grown = newInfo.length - (info.end - info.start);
  const segmentId = bytes.subarray(segment.start, segment.start + 4);
  const segmentSize = segment.unknown
    ? bytes.subarray(segment.start + 4, segment.dataStart)
    : size8(segment.end - segment.dataStart + grown);
  return concat([
    bytes.subarray(0, segment.start),
    segmentId,
    segmentSize,
    bytes.subarray(segment.dataStart, info.start),
    newInfo,
    bytes.subarray(info.end),
  ]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
