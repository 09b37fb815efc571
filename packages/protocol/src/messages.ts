import Type from 'typebox';
import { Id, MessageTarget, Nullable } from './common.js';

export const Properties = Nullable(Type.Record(Type.String(), Type.Unknown()));
export type Properties = Type.Static<typeof Properties>;

export const NormalDetail = Type.Object({
  type: Type.Literal('normal'),
  properties: Properties,
  content_type: Type.String(),
  content: Type.String(),
  expires_in: Nullable(Type.Integer()),
});

export const ReplyDetail = Type.Object({
  type: Type.Literal('reply'),
  mid: Id,
  properties: Properties,
  content_type: Type.String(),
  content: Type.String(),
});

export const ReactionDetail = Type.Object({
  type: Type.Literal('reaction'),
  mid: Id,
  detail: Type.Union([
    Type.Object({
      type: Type.Literal('edit'),
      properties: Properties,
      content_type: Type.String(),
      content: Type.String(),
    }),
    Type.Object({ type: Type.Literal('like'), action: Type.String() }),
    Type.Object({ type: Type.Literal('delete') }),
  ]),
});

export const MessageDetail = Type.Union([NormalDetail, ReplyDetail, ReactionDetail]);
export type MessageDetail = Type.Static<typeof MessageDetail>;

export const ChatMessage = Type.Object({
  mid: Id,
  from_uid: Id,
  created_at: Type.Integer(),
  target: MessageTarget,
  detail: MessageDetail,
});
export type ChatMessage = Type.Static<typeof ChatMessage>;

/** A page of history; one schema object, so the server can give it its own serializer. */
export const ChatMessageList = Type.Array(ChatMessage);

/** Content types a message body may carry; `vocechat/archive` is an archive path (API.md §6.1). */
export const SENDABLE_CONTENT_TYPES = ['text/plain', 'text/markdown', 'vocechat/archive'] as const;
export type SendableContentType = (typeof SENDABLE_CONTENT_TYPES)[number];

/** `PUT /message/{mid}/like`: one of the eight reaction emojis (SPEC §9); the server checks which. */
export const LikeRequest = Type.Object({ action: Type.String({ maxLength: 64 }) });
export type LikeRequest = Type.Static<typeof LikeRequest>;

/** `POST /group/{gid}/pin` and `/unpin`. */
export const PinRequest = Type.Object({ mid: Id });
export type PinRequest = Type.Static<typeof PinRequest>;

/**
 * One version of a message (Parley, beyond VoceChat): the original first, then each edit.
 * `mid` is the record that carried it (the message, then each edit record); `properties` are the
 * message's properties as that version left them (an edit's merge into the earlier ones).
 */
export const MessageVersion = Type.Object({
  mid: Id,
  created_at: Type.Integer(),
  content_type: Type.String(),
  content: Type.String(),
  properties: Properties,
});
export type MessageVersion = Type.Static<typeof MessageVersion>;

export const HistoryQuery = Type.Object({
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type HistoryQuery = Type.Static<typeof HistoryQuery>;

export const ReadIndexRequest = Type.Object({
  users: Type.Optional(Type.Array(Type.Object({ uid: Id, mid: Id }), { maxItems: 10_000 })),
  groups: Type.Optional(Type.Array(Type.Object({ gid: Id, mid: Id }), { maxItems: 10_000 })),
});
export type ReadIndexRequest = Type.Static<typeof ReadIndexRequest>;
