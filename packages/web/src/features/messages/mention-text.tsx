import { useMemo } from 'react';
import { useAppSelector } from '../../lib/store';
import { useUserName } from '../users';
import { splitMentions } from './mentions';

export function Mention({ uid }: { uid: number }) {
  const name = useUserName(uid);
  const self = useAppSelector((state) => state.auth?.user.uid === uid);
  return (
    <span className={`mention${self ? ' mention--self' : ''}`} data-testid="mention" data-uid={uid}>
      @{name}
    </span>
  );
}

/** Text with `@<uid>` shown as the highlighted member name. */
export function MentionText({ text }: { text: string }) {
  const parts = useMemo(() => splitMentions(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'mention' ? <Mention key={index} uid={part.uid} /> : part.text,
      )}
    </>
  );
}
