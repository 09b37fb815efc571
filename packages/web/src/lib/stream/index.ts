export {
  DEFAULT_STREAM_OPTIONS,
  buildStreamUrl,
  createStreamClient,
  type EventSourceLike,
  type StreamClient,
  type StreamDeps,
  type StreamOptions,
} from './stream-client';
