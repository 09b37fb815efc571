/**
 * Embedding the whole web client in another site's frame (issue 14, Parley's extension;
 * docs/embedding.md): which sites may frame it, an administrator's setting.
 */
import Type from 'typebox';

/** A site's origin, `https://intranet.example.com[:port]` (`http:` too, for local sites). */
export const FrameOrigin = Type.String({
  pattern: '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$',
  maxLength: 200,
});

/** `GET`/`PUT /admin/system/embedding`. */
export const EmbeddingConfig = Type.Object(
  {
    /**
     * Sites that may frame the app besides this server itself. Empty: the server's own default
     * (`FRAME_ANCESTORS`, same origin only unless set).
     */
    frame_ancestors: Type.Array(FrameOrigin, { maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type EmbeddingConfig = Type.Static<typeof EmbeddingConfig>;
