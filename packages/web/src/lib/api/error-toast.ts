import i18n from 'i18next';
import { toast } from '../toast';
import type { I18nKey } from '../i18n/keys';
import type { ApiError } from './api-error';

/** An i18n key (`ns:key`) to show for a failure, `null` for no toast, `undefined` for the generic one. */
export type ErrorMessage = I18nKey | null | undefined;
export type ErrorOverride = ErrorMessage | ((error: ApiError) => ErrorMessage);
/** Per-call overrides keyed by status; `default` applies to every status without its own entry. */
export type ErrorOverrides = Partial<Record<number | 'default', ErrorOverride>>;

/** The generic message for a failure (SPEC §8); `null` when the status shows no toast. */
function genericMessage(error: ApiError): string | null {
  const { status, body, endpoint } = error;
  const serverText = body && !body.startsWith('{') && !body.startsWith('<') ? body.slice(0, 200) : '';
  if (status === 0) return i18n.t('common:errors.network', { endpoint });
  if (status === 401) return null;
  if (status === 400) return i18n.t('common:errors.bad_request');
  if (status === 403) return i18n.t('common:errors.not_allowed');
  if (status === 404) return i18n.t('common:errors.not_found');
  if (status === 413) return i18n.t('common:errors.too_large');
  if (status === 415) return i18n.t('common:errors.unsupported_type');
  if (status === 429) return i18n.t('common:errors.too_many_requests');
  if (status === 451) return serverText || i18n.t('common:errors.license');
  if (status >= 500) return serverText || i18n.t('common:errors.server');
  return i18n.t('common:errors.request_failed', { status });
}

function resolveOverride(error: ApiError, overrides: ErrorOverrides | undefined): ErrorMessage {
  if (!overrides) return undefined;
  const entry = error.status in overrides ? overrides[error.status] : overrides.default;
  return typeof entry === 'function' ? entry(error) : entry;
}

/** The single place where failed API calls become toasts. */
export function toastApiError(error: ApiError, overrides?: ErrorOverrides): void {
  const override = resolveOverride(error, overrides);
  if (override === null) return;
  const generic = genericMessage(error);
  if (override === undefined) {
    if (generic) toast.error(generic, { id: `api-${error.status}-${error.endpoint}` });
    return;
  }
  toast.error(
    i18n.t(override, { error: generic ?? error.message, status: error.status, endpoint: error.endpoint }),
  );
}
