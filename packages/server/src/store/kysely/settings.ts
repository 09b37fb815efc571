import type { SettingsStore } from '../types.js';
import type { StoreContext } from '../dialect.js';

/** Runtime-editable settings: one JSON value per key. */
export class KyselySettingsStore implements SettingsStore {
  constructor(private readonly ctx: StoreContext) {}

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row && (JSON.parse(row.value) as T);
  }

  /** `undefined` cannot be stored as JSON; store `null` to clear a value. */
  async set<T>(key: string, value: T): Promise<void> {
    await this.ctx.db
      .insertInto('settings')
      .values({ key, value: toJson(key, value) })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  }

  async setIfAbsent<T>(key: string, value: T): Promise<T> {
    await this.ctx.db
      .insertInto('settings')
      .values({ key, value: toJson(key, value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return (await this.get<T>(key)) as T;
  }
}

function toJson(key: string, value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`settings.set(${key}): value is not JSON-serialisable`);
  return json;
}
