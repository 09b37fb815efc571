/** Link previews (API.md §7.4) and Parley's proxy for the images they and messages show. */
import Type from 'typebox';

/** Longest URL the server fetches for a preview or proxies as an image. */
export const PREVIEW_URL_MAX_LENGTH = 2048;

export const OpenGraphQuery = Type.Object({
  url: Type.String({ maxLength: PREVIEW_URL_MAX_LENGTH }),
});
export type OpenGraphQuery = Type.Static<typeof OpenGraphQuery>;

const Str = Type.Optional(Type.String());
const Int = Type.Optional(Type.Integer());

export const OpenGraphImage = Type.Object({
  type: Str,
  url: Type.String(),
  secure_url: Str,
  width: Int,
  height: Int,
  alt: Str,
});
export const OpenGraphAudio = Type.Object({ type: Str, url: Type.String(), secure_url: Str });
export const OpenGraphVideo = Type.Object({
  type: Str,
  url: Type.String(),
  secure_url: Str,
  width: Int,
  height: Int,
});

/** A page's Open Graph data; a page that could not be fetched gives empty strings and arrays. */
export const OpenGraph = Type.Object({
  type: Type.String(),
  title: Type.String(),
  url: Type.String(),
  images: Type.Array(OpenGraphImage),
  audios: Type.Array(OpenGraphAudio),
  videos: Type.Array(OpenGraphVideo),
  favicon_url: Str,
  description: Str,
  locale: Str,
  locale_alternate: Type.Optional(Type.Array(Type.String())),
  site_name: Str,
});
export type OpenGraph = Type.Static<typeof OpenGraph>;

export const ImageProxyQuery = Type.Object({
  url: Type.String({ maxLength: PREVIEW_URL_MAX_LENGTH }),
  'api-key': Type.Optional(Type.String()),
});
export type ImageProxyQuery = Type.Static<typeof ImageProxyQuery>;
