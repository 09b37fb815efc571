/** Small schema pieces shared by route files. */
import Type from 'typebox';
import { Id, LIMITS } from '@parley/protocol';

export const GidParams = Type.Object({ gid: Id });
export const UidParams = Type.Object({ uid: Id });
/** A 200 with no body: void endpoints answer nothing (API.md §1.3). */
export const Empty = Type.Unsafe<undefined>({ description: 'empty body' });
export const Text = Type.String({ description: 'text/plain body' });
export const Image = {
  description: 'raw image bytes (any format sharp decodes; labelled image/png by clients)',
};

/** Image uploads may be larger than JSON bodies; the service still refuses what it cannot decode. */
export const IMAGE_BODY_LIMIT = LIMITS.imageMaxBytes;
