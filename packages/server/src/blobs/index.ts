/**
 * Blob storage for avatars and the organisation logo. Keys are built by the server from ids,
 * never from user input; every adapter still refuses anything outside its key alphabet.
 */
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../auth/tokens.js';

export interface Blobs {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Resolves when the storage can be used now, rejects otherwise (for readiness checks). */
  check(): Promise<void>;
  /** Releases what the adapter holds open (connections); called once, at shutdown. */
  close(): void;
}

const KEY = /^[a-z0-9_-]+(\/[a-z0-9_.-]+)*$/;

/** Throws unless `key` is in the key alphabet: a bug upstream must not reach outside the store. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key ${key}`);
}

export class LocalBlobs implements Blobs {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${randomToken(6)}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  close(): void {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key);
  }
}

export const blobKeys = {
  userAvatar: (uid: number) => `avatars/user/${uid}.png`,
  groupAvatar: (gid: number) => `avatars/group/${gid}.png`,
  organizationLogo: () => 'organization/logo.png',
};
