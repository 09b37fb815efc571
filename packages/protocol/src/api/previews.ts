import { ImageProxyQuery, OpenGraph, OpenGraphQuery } from '../previews.js';
import type { RouteSpec } from './route.js';

const tag = 'resource';

/** Link previews (API.md §7.4); every fetch goes through the server's safe outbound client. */
export const PREVIEW_ROUTES = {
  openGraph: {
    method: 'GET',
    path: '/resource/open_graphic_parse',
    auth: 'header',
    kind: 'json',
    tag,
    description:
      "The page's Open Graph data, cached; an empty preview when the page cannot be fetched or previews are off (ext_setting.enable_msg_url_preview).",
    query: OpenGraphQuery,
    response: OpenGraph,
  },
  imageProxy: {
    method: 'GET',
    path: '/resource/image_proxy',
    auth: 'query',
    kind: 'image',
    tag,
    description:
      'Parley: a remote image (a preview image, a Markdown image shown on click) fetched by the server, so the reader’s browser contacts no other host. 404 when it cannot be fetched.',
    query: ImageProxyQuery,
  },
} as const satisfies Record<string, RouteSpec>;
