/** Shared limits and constants; the server enforces them and the web client shows them. */
export const LIMITS = {
  groupExtSettingMaxLength: 16_384,
  nameMaxLength: 32,
  passwordMinLength: 8,
  passwordMaxLength: 256,
  emailMaxLength: 254,
  groupNameMaxLength: 64,
  /** The server's own name (the organization, set by an administrator or at first start). */
  organizationNameMaxLength: 64,
  /** A channel's or the organization's description. */
  descriptionMaxLength: 1024,
  /** Message search's words (`POST /message/search`). */
  searchQueryMaxLength: 256,
  /** The Files screen's name filter (`GET /resource/files?q=`). */
  fileNameFilterMaxLength: 128,
  /** What `POST /user/search` looks for: an id, a name or an address. */
  userSearchKeywordMaxLength: 320,
  /** The address an administrator mails an invitation to (`POST /invites/email`). */
  inviteEmailMaxLength: 320,
  /** A bot key's label. */
  botKeyNameMaxLength: 64,
  /** A two-factor code as typed: six digits, or a recovery code. */
  totpCodeMaxLength: 32,
  messageMaxBytes: 64 * 1024,
  jsonBodyMaxBytes: 1024 * 1024,
  /** Arrays and objects inside each other in a JSON body or X-Properties; no client sends more than a few. */
  jsonMaxDepth: 64,
  imageMaxBytes: 5 * 1000 * 1000,
  /** Messages one `DELETE /message/bulk/{mids}` may name. */
  bulkDeleteMaxMessages: 1000,
  /**
   * Characters of that list (1000 ids of ten digits and their commas); the router's path-parameter
   * limit too. Below Node's 16 KiB header limit, so a longer list meets our 400, not Node's 431.
   */
  midListMaxLength: 12_000,
  historyDefaultLimit: 300,
  historyMaxLimit: 1000,
  streamBacklogLimit: 500,
  /** Newest records per conversation in a new device's backlog (API.md §15.3). */
  streamBacklogPerConversation: 50,
  accessTokenSeconds: 300,
  refreshTokenSeconds: 7 * 24 * 3600,
  /** A refresh token spent this recently answers with the same successor pair (API.md §15.4). */
  refreshGraceSeconds: 30,
  heartbeatSeconds: 15,
  keepAliveCommentSeconds: 5,
  inviteDefaultSeconds: 900,
  inviteUnlimitedUses: 10_000_000,
  /**
   * The chat widget's snippet parameters (docs/widget.md): the widget cuts longer ones, and the
   * settings screen that writes the snippet stops there. The server never sees them.
   */
  widgetIdMaxLength: 64,
  widgetTitleMaxLength: 80,
  widgetWelcomeMaxLength: 500,
} as const;

export const INVITE_EXPIRY_CHOICES = [1800, 3600, 21600, 43200, 86400, 604800, 2592000] as const;
export const INVITE_USE_CHOICES = [1, 5, 10, 25, 50, 100, 10_000_000] as const;
export const REACTION_EMOJIS = ['👍', '❤️', '😄', '👀', '👎', '🎉', '🙁', '🚀'] as const;

/** The VoceChat API level Parley fully implements (ARCHITECTURE.md, API.md §12.3). */
export const API_LEVEL = '0.3.9';
export const PRODUCT_VERSION = '0.1.0';
