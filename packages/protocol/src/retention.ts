/**
 * Message retention (Parley extension, docs/api.md "Retention"): messages older than N days are
 * deleted by the server, with the files only they carried. A server-wide default and a
 * per-channel override; 0 days keeps messages forever.
 */
import Type from 'typebox';

/** About 100 years: longer is "forever", which is 0. */
export const RETENTION_DAYS_MAX = 36_500;

const Days = Type.Integer({ minimum: 0, maximum: RETENTION_DAYS_MAX });

/** The server default; `days: 0` keeps every message. */
export const RetentionPolicy = Type.Object({ days: Days });
export type RetentionPolicy = Type.Static<typeof RetentionPolicy>;

/** A channel's override: `days: null` follows the server default, 0 keeps its messages forever. */
export const ChannelRetentionRequest = Type.Object({ days: Type.Union([Days, Type.Null()]) });
export type ChannelRetentionRequest = Type.Static<typeof ChannelRetentionRequest>;

export const ChannelRetention = Type.Object({
  days: Type.Union([Days, Type.Null()]),
  /** What applies to the channel: its own days, or the server default when it has none. */
  effective_days: Days,
});
export type ChannelRetention = Type.Static<typeof ChannelRetention>;
