import type { ParseKeys } from 'i18next';
import type { Namespace } from './languages';

/** Any translation key written with its namespace (`'chat:send.failed'`), checked against the English files. */
export type I18nKey = Extract<ParseKeys<Namespace[]>, `${Namespace}:${string}`>;

/** Keys of one namespace, written with the namespace prefix. */
export type KeyIn<N extends Namespace> = Extract<I18nKey, `${N}:${string}`>;
