import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseConv, useAppSelector, type ConvKey } from '../../lib/store';
import { Spinner } from '../../ui';
import { ChannelHeader, channelRights, MembersPanel } from '../channels';
import { Composer, MessageList, PinsPanel, PinsToggle } from '../messages';
import { TypingIndicator, useJumpToMessage } from '../search';
import { useUserName } from '../users';
import { VoiceButton, VoiceDock } from '../voice';
import { BackLink } from './back-link';
import { DmHeader } from './dm-header';
import { OwnerOnlyNote } from './owner-only-note';
import { useMarkRead } from './use-mark-read';

function ChannelConversation({ conv, gid }: { conv: ConvKey; gid: number }) {
  const { t } = useTranslation('chat');
  const group = useAppSelector((state) => state.groups.byId[gid]);
  const loaded = useAppSelector((state) => state.groups.loaded);
  const [side, setSide] = useState<'members' | 'pins' | null>(null);
  const panelId = useId();
  const pinsPanelId = useId();
  const membersOpen = side === 'members';
  const self = useAppSelector((state) => state.auth?.user);
  useMarkRead(conv);
  if (!group) {
    return loaded ? (
      <div className="conversation conversation--missing" data-testid="channel-missing">
        <BackLink to="/chat" />
        <p>{t('channel.not_found')}</p>
      </div>
    ) : (
      <div className="conversation conversation--loading">
        <Spinner label={t('channel.loading')} />
      </div>
    );
  }
  const label = t('channel.label', { name: group.name });
  return (
    <section className="conversation" aria-label={label} data-testid="conversation" data-gid={gid}>
      <ChannelHeader
        group={group}
        back={<BackLink to="/chat" />}
        membersOpen={membersOpen}
        onToggleMembers={() => setSide((open) => (open === 'members' ? null : 'members'))}
        membersPanelId={panelId}
        extra={
          <>
            <VoiceButton gid={gid} />
            <PinsToggle
              group={group}
              open={side === 'pins'}
              onToggle={() => setSide((open) => (open === 'pins' ? null : 'pins'))}
              panelId={pinsPanelId}
            />
          </>
        }
      />
      <div className="conversation__body">
        <div className="conversation__messages">
          <VoiceDock gid={gid} />
          <MessageList conv={conv} label={t('list.label', { name: `#${group.name}` })} />
          <TypingIndicator conv={conv} />
          {channelRights(group, self).send || self?.create_by === 'guest' ? (
            <Composer conv={conv} placeholder={t('composer.placeholder_channel', { name: group.name })} />
          ) : (
            <OwnerOnlyNote />
          )}
        </div>
        {membersOpen ? <MembersPanel id={panelId} group={group} onClose={() => setSide(null)} /> : null}
        {side === 'pins' ? <PinsPanel id={pinsPanelId} group={group} onClose={() => setSide(null)} /> : null}
      </div>
    </section>
  );
}

function DmConversation({ conv, uid }: { conv: ConvKey; uid: number }) {
  const { t } = useTranslation('chat');
  const name = useUserName(uid);
  useMarkRead(conv);
  return (
    <section
      className="conversation"
      aria-label={t('dm.label', { name })}
      data-testid="conversation"
      data-uid={uid}
    >
      <DmHeader uid={uid} />
      <div className="conversation__body">
        <div className="conversation__messages">
          <VoiceDock uid={uid} />
          <MessageList conv={conv} label={t('list.label', { name: `@${name}` })} />
          <TypingIndicator conv={conv} />
          <Composer conv={conv} placeholder={t('composer.placeholder_dm', { name })} />
        </div>
      </div>
    </section>
  );
}

export function ConversationView({ conv }: { conv: ConvKey }) {
  const { kind, id } = parseConv(conv);
  useJumpToMessage(conv);
  return kind === 'group' ? (
    <ChannelConversation conv={conv} gid={id} />
  ) : (
    <DmConversation conv={conv} uid={id} />
  );
}
