import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvKey } from '../../lib/store';
import { IconButton, PlusIcon } from '../../ui';
import { startUploads } from './uploads';
import { VoiceButton } from './voice-button';

/** The composer's attach button (a hidden multi-file input behind an icon button) and its record button. */
export default function AttachButton({ conv, disabled }: { conv: ConvKey; disabled?: boolean }) {
  const { t } = useTranslation('file');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton
        label={t('attach')}
        onClick={() => input.current?.click()}
        disabled={disabled}
        data-testid="composer-attach"
      >
        <PlusIcon />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="composer-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) startUploads(conv, files);
        }}
      />
      <VoiceButton conv={conv} disabled={disabled} />
    </>
  );
}
