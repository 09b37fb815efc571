import { LIMITS, type UserInfo } from '@parley/protocol';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, searchUser } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { Button, ChatIcon, Modal, SelectField, TextField } from '../../ui';
import { ContactButtons } from './contact-buttons';
import { guessSearchType, type SearchType } from './contact-search';
import { UserAvatar } from './user-avatar';

type Outcome = { kind: 'found'; user: UserInfo } | { kind: 'not_found' } | { kind: 'disabled' } | null;

/**
 * Find one person on the server by exact name, e-mail or id (`POST /user/search`, API.md §4.3):
 * the server decides who may be found; a miss reads "Not found, or this user is not allowed to be
 * searched". The result offers a direct message, the profile and the contact actions.
 */
export function UserSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['contacts', 'common', 'member']);
  const navigate = useNavigate();
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<SearchType | 'auto'>('auto');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const resultRef = useRef<HTMLElement>(null);
  const keywordId = useId();

  // `showModal()` focuses the first control (the close button); the keyword field is where to start.
  useEffect(() => {
    if (open) document.getElementById(keywordId)?.focus();
  }, [open, keywordId]);

  useEffect(() => {
    // Keyboard users land on the result's first action.
    if (outcome?.kind === 'found') resultRef.current?.querySelector('button')?.focus();
  }, [outcome]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      const searchType = type === 'auto' ? guessSearchType(trimmed) : type;
      const user = await searchUser({ search_type: searchType, keyword: trimmed }, { 403: null, 404: null });
      setOutcome({ kind: 'found', user });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setOutcome({ kind: 'disabled' });
      else if (error instanceof ApiError && error.status === 404) setOutcome({ kind: 'not_found' });
      else setOutcome(null);
    } finally {
      setBusy(false);
    }
  };

  const go = (path: string) => {
    onClose();
    void navigate(path);
  };

  return (
    <Modal
      open={open}
      title={t('contacts:search.title')}
      description={t('contacts:search.description')}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
      testId="user-search-dialog"
    >
      <form className="user-search" onSubmit={(event) => void submit(event)} role="search">
        <div className="user-search__fields">
          <TextField
            label={t('contacts:search.keyword')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            id={keywordId}
            maxLength={LIMITS.userSearchKeywordMaxLength}
            autoComplete="off"
            data-testid="user-search-keyword"
          />
          <SelectField
            label={t('contacts:search.type')}
            value={type}
            onChange={(event) => setType(event.target.value as SearchType | 'auto')}
            data-testid="user-search-type"
          >
            <option value="auto">{t('contacts:search.type_auto')}</option>
            <option value="name">{t('contacts:search.type_name')}</option>
            <option value="email">{t('contacts:search.type_email')}</option>
            <option value="id">{t('contacts:search.type_id')}</option>
          </SelectField>
        </div>
        <Button type="submit" loading={busy} disabled={!keyword.trim()} data-testid="user-search-submit">
          {t('contacts:search.submit')}
        </Button>
      </form>
      <div className="user-search__outcome" aria-live="polite">
        {outcome?.kind === 'not_found' ? (
          <p className="user-search__miss" data-testid="user-search-miss">
            {t('contacts:search.not_found')}
          </p>
        ) : outcome?.kind === 'disabled' ? (
          <p className="user-search__miss" data-testid="user-search-disabled">
            {t('contacts:search.disabled')}
          </p>
        ) : outcome?.kind === 'found' ? (
          <section
            ref={resultRef}
            className="user-search__result"
            aria-label={outcome.user.name}
            data-testid="user-search-result"
          >
            <div className="user-search__who">
              <UserAvatar uid={outcome.user.uid} size={48} showPresence />
              <div className="user-search__text">
                <strong className="user-search__name">{outcome.user.name}</strong>
                {outcome.user.email ? <span className="user-search__email">{outcome.user.email}</span> : null}
                <span className="user-search__email">
                  {t('contacts:search.user_id', { uid: outcome.user.uid })}
                </span>
              </div>
            </div>
            <div className="user-search__actions">
              <Button
                icon={<ChatIcon size={16} />}
                small
                onClick={() => go(`/chat/dm/${outcome.user.uid}`)}
                data-testid="user-search-dm"
              >
                {outcome.user.uid === selfUid
                  ? t('member:detail.note_to_self')
                  : t('member:detail.send_message')}
              </Button>
              <Button
                variant="ghost"
                small
                onClick={() => go(`/users/${outcome.user.uid}`)}
                data-testid="user-search-profile"
              >
                {t('contacts:search.profile')}
              </Button>
            </div>
            {outcome.user.uid !== selfUid && !outcome.user.is_bot ? (
              <ContactButtons uid={outcome.user.uid} />
            ) : null}
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
