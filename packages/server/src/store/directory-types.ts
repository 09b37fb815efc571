/** The store interface of the member directory's visibility (issue 13; docs/api.md "Member directory"). */

/** The relations that make one user visible to another when the directory is restricted. */
export interface DirectoryStore {
  /** Whether any public channel exists (everyone is in it, so everyone shares it). */
  hasPublicChannel(): Promise<boolean>;
  /** The other members of the private channels `uid` is a member of. */
  privateCoMembers(uid: number): Promise<number[]>;
  /** Everyone `uid` has a direct message with, in either direction. */
  dmPartners(uid: number): Promise<number[]>;
  /** Every pair of users with a direct message between them, `[lower uid, higher uid]`. */
  dmPairs(): Promise<[number, number][]>;
  /** Whether a direct message between `a` and `b` exists. */
  hasDm(a: number, b: number): Promise<boolean>;
  /** The users in `uid`'s contact list (added or blocked). */
  contactsOf(uid: number): Promise<number[]>;
  /** The users who have `uid` in their contact list. */
  contactHolders(uid: number): Promise<number[]>;
  /** Every administrator. */
  adminUids(): Promise<number[]>;
}
