/** Administration shapes beyond `AdminUser` (API.md §11.1): a member's sessions (Parley). */
import Type from 'typebox';
import { Id } from './common.js';

/** One signed-in device of a user, as the members screen lists it. */
export const AdminSession = Type.Object({
  device: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  is_online: Type.Boolean(),
});
export type AdminSession = Type.Static<typeof AdminSession>;

export const AdminSessionParams = Type.Object({
  uid: Id,
  device: Type.String({ minLength: 1, maxLength: 128 }),
});
