/**
 * The socket side of an event stream. The frames of the initial sync (headers, directory, groups,
 * settings, backlog, `ready`) are written corked and leave in one `writev` once the stream is
 * open, instead of one write per frame (issue 9: stream opens); a long backlog is still flushed
 * every `FLUSH_BYTES`, so the stream's buffer cap sees what the socket has not taken, as before.
 */
import type { ServerResponse } from 'node:http';
import type { StreamSink } from '../realtime/hub.js';

const FLUSH_BYTES = 64 * 1024;

export interface ResponseSink extends StreamSink {
  /** Ends the corked start: what was written goes out now, and every later frame at once. */
  opened(): void;
}

export function responseSink(res: ServerResponse): ResponseSink {
  let corked = true;
  res.cork();
  const uncork = () => {
    if (!corked) return;
    corked = false;
    res.uncork();
  };
  return {
    write(frame) {
      res.write(frame);
      if (corked && res.writableLength >= FLUSH_BYTES) {
        res.uncork();
        res.cork();
      }
      return res.writableLength;
    },
    end() {
      uncork();
      res.end();
    },
    opened: uncork,
  };
}
