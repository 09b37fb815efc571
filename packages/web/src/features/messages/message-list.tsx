import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseConv, useAppSelector, type ConvKey, type Message } from '../../lib/store';
import './messages.css';
import './actions.css';
import './own-side.css';
import { Button, Spinner } from '../../ui';
import { useCompose } from './compose-state';
import { MessageDialogs } from './message-dialogs';
import type { Viewer } from './permissions';
import { useJump } from './use-jump';
import { DaySeparator, UnreadSeparator } from './day-separator';
import { buildRows, type Row } from './message-rows';
import { MessageItem } from './message-item';
import { NewMessageAnnouncer } from './new-message-announcer';
import { useLoadOlder } from './use-load-older';

const LOAD_THRESHOLD_PX = 600;
const BOTTOM_THRESHOLD_PX = 80;
const EMPTY: number[] = [];
/** Height of the status strip above the messages; the virtualizer counts it as scroll margin. */
const TOP_STRIP_PX = 44;

function estimate(row: Row | undefined): number {
  if (!row) return 60;
  if (row.kind === 'day') return 44;
  if (row.kind === 'unread') return 32;
  return row.grouped ? 27 : 62;
}

const firstMessageKey = (rows: readonly Row[]) => rows.find((row) => row.kind === 'message')?.key;

interface Anchor {
  key: VirtualItem['key'];
  /** Distance from the top of the viewport to the top of the anchored row. */
  offset: number;
}

/**
 * The virtualised list of one conversation. Appended messages are followed while the reader is at the
 * bottom; a prepended history page keeps the row the reader was looking at in place.
 */
export function MessageList({ conv, label }: { conv: ConvKey; label: string }) {
  const { t } = useTranslation('chat');
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const mids = useAppSelector((state) => state.messages.convs[conv]?.mids ?? EMPTY);
  const exhausted = useAppSelector((state) => state.messages.convs[conv]?.exhausted ?? false);
  const byMid = useAppSelector((state) => state.messages.byMid);
  const ready = useAppSelector((state) => state.stream.ready);
  const messages = useMemo(
    () => mids.map((mid) => byMid[mid]).filter((m): m is Message => m !== undefined),
    [mids, byMid],
  );
  const { kind, id } = parseConv(conv);
  const readMid = useAppSelector((state) =>
    kind === 'group' ? (state.reads.groups[id] ?? 0) : (state.reads.users[id] ?? 0),
  );
  // The read position when the conversation opened (once the stream is ready): marking it read
  // while it is open does not move the "new messages" line.
  const [openedAt, setOpenedAt] = useState<{ conv: ConvKey; afterMid: number | null }>({
    conv,
    afterMid: ready ? readMid : null,
  });
  if (openedAt.conv !== conv || (openedAt.afterMid === null && ready)) {
    setOpenedAt({ conv, afterMid: ready ? readMid : null });
  }
  const rows = useMemo(
    () =>
      buildRows(
        messages,
        undefined,
        openedAt.afterMid === null ? undefined : { afterMid: openedAt.afterMid, selfUid },
      ),
    [messages, openedAt.afterMid, selfUid],
  );
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const group = useAppSelector((state) => (kind === 'group' ? state.groups.byId[id] : undefined));
  const viewer = useMemo<Viewer>(
    () => ({ selfUid, isAdmin, group: group ? { gid: group.gid, owner: group.owner } : null }),
    [selfUid, isAdmin, group],
  );
  const pinnedMids = useMemo(() => new Set(group?.pinned_messages.map((pin) => pin.mid)), [group]);
  const selecting = useCompose((compose) => compose.selecting === conv);
  const selected = useCompose((compose) => compose.selected);
  const highlight = useCompose((compose) => compose.highlight);
  const [focusedMid, setFocusedMid] = useState<number | null>(null);
  const tabbableMid =
    focusedMid !== null && mids.includes(focusedMid)
      ? focusedMid
      : (messages[messages.length - 1]?.mid ?? null);
  const [now] = useState(() => Date.now());
  const [atBottom, setAtBottom] = useState(true);
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const anchorRef = useRef<Anchor | null>(null);
  const previousRows = useRef(rows);
  // Also called after following new rows up to the "new messages" line: when the scroll position
  // cannot move, no scroll event says that the reader is no longer at the bottom.
  const updateBottom = () => {
    const element = scrollRef.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_THRESHOLD_PX;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
  };

  // The React Compiler is not used here; the virtualizer's instance is read fresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimate(rows[index]),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
    scrollMargin: TOP_STRIP_PX,
  });

  const captureAnchor = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop;
    // Day separators keep their key when a page of the same day is prepended, so anchor on a message.
    const item = virtualizer
      .getVirtualItems()
      .find((candidate) => candidate.end > top && rowsRef.current[candidate.index]?.kind === 'message');
    anchorRef.current = item ? { key: item.key, offset: item.start - top } : null;
  }, [virtualizer]);
  const rowsRef = useRef(rows);
  useLayoutEffect(() => {
    rowsRef.current = rows;
  });
  const { loading, loadOlder } = useLoadOlder(conv, captureAnchor);
  useJump({ conv, rows, exhausted, loading, loadOlder, virtualizer });

  // Opened at the "new messages" line, the list follows new messages only until that line reaches
  // the top: a burst arriving as the reader opens it must not scroll away what they came to read.
  // Going to the latest (the button, an own message) or scrolling past the line ends the hold.
  const holdAtLine = useRef(false);
  const scrollToEnd = useCallback(() => {
    holdAtLine.current = false;
    const count = virtualizer.options.count;
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [virtualizer]);
  const unreadIndex = () => rowsRef.current.findIndex((row) => row.kind === 'unread');
  const followNew = useCallback(() => {
    const line = holdAtLine.current ? rowsRef.current.findIndex((row) => row.kind === 'unread') : -1;
    if (line < 0) return scrollToEnd();
    virtualizer.scrollToIndex(line, { align: 'start' });
  }, [virtualizer, scrollToEnd]);

  // Open at the "new messages" line when there is one (SPEC §3), else at the newest message. The
  // line is known once the stream is ready; until then, or if the reader has moved, nothing moves.
  const opened = useRef(false);
  const placed = useRef(false);
  const lastMessage = messages[messages.length - 1] ?? null;
  const lastOwnKey =
    lastMessage && lastMessage.fromUid === selfUid ? (lastMessage.localId ?? lastMessage.mid) : null;
  const openingOwnKey = useRef<number | null>(null);
  const readKnown = openedAt.afterMid !== null;
  useLayoutEffect(() => {
    if (placed.current || rows.length === 0) return;
    const unread = rows.findIndex((row) => row.kind === 'unread');
    if (unread >= 0 && (!opened.current || atBottomRef.current)) {
      placed.current = true;
      atBottomRef.current = false;
      holdAtLine.current = true;
      virtualizer.scrollToIndex(unread, { align: 'start' });
    } else if (!opened.current) {
      scrollToEnd();
    }
    if (!opened.current) openingOwnKey.current = lastOwnKey;
    opened.current = true;
    if (readKnown) placed.current = true;
  }, [rows, readKnown, lastOwnKey, virtualizer, scrollToEnd]);

  // Keep the reader's place when history is prepended; follow new messages when at the bottom.
  useLayoutEffect(() => {
    const previous = previousRows.current;
    previousRows.current = rows;
    if (previous === rows || previous.length === 0) return;
    const anchor = anchorRef.current;
    const prepended = firstMessageKey(previous) !== firstMessageKey(rows);
    if (anchor && prepended) {
      anchorRef.current = null;
      const index = rows.findIndex((row) => row.key === anchor.key);
      const item = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
      if (item) virtualizer.scrollToOffset(item.start - anchor.offset);
      return;
    }
    // Older records that arrive without a page of ours (the stream's backlog landing after the list
    // opened) would push the reader's place down: stay at the "new messages" line or at the end.
    if (prepended && (holdAtLine.current || atBottomRef.current)) {
      followNew();
      return;
    }
    if (previous[previous.length - 1]?.key !== rows[rows.length - 1]?.key && atBottomRef.current) {
      const holding = holdAtLine.current;
      followNew();
      if (holding) updateBottom();
    }
  }, [rows, virtualizer, followNew]);

  // My own new message always scrolls into view, even when I was reading older ones (not the one
  // already last when the conversation opened: the opening placement decides that).
  const scrollToEndRef = useRef(scrollToEnd);
  useEffect(() => {
    scrollToEndRef.current = scrollToEnd;
  });
  useEffect(() => {
    if (lastOwnKey !== null && lastOwnKey !== openingOwnKey.current) scrollToEndRef.current();
  }, [lastOwnKey]);

  // Fill the viewport: a conversation shorter than the screen pulls older pages until it is full or complete.
  useEffect(() => {
    const element = scrollRef.current;
    if (!ready || exhausted || loading || !element) return;
    if (element.scrollHeight <= element.clientHeight + LOAD_THRESHOLD_PX) void loadOlder();
  }, [ready, exhausted, loading, rows.length, loadOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    updateBottom();
    if (holdAtLine.current) {
      const line = virtualizer.measurementsCache[unreadIndex()];
      if (!line || line.end <= element.scrollTop) holdAtLine.current = false;
    }
    if (element.scrollTop < LOAD_THRESHOLD_PX && !exhausted) void loadOlder();
  };

  const latestFromOthers = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i] as Message;
      if (message.fromUid !== selfUid) return message;
    }
    return null;
  }, [messages, selfUid]);

  return (
    <div className="message-list">
      <div
        ref={scrollRef}
        className="message-list__scroller"
        onScroll={onScroll}
        role="log"
        aria-label={label}
        tabIndex={0}
        data-testid="message-list"
      >
        <div className="message-list__top" style={{ height: TOP_STRIP_PX }} aria-live="polite">
          {loading ? (
            <Spinner size={18} label={t('list.loading_older')} />
          ) : exhausted ? (
            <p className="message-list__start">{rows.length === 0 ? t('list.empty') : t('list.beginning')}</p>
          ) : null}
        </div>
        <div className="message-list__canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="message-list__row"
                style={{ transform: `translateY(${item.start - TOP_STRIP_PX}px)` }}
              >
                {row.kind === 'day' ? (
                  <DaySeparator time={row.time} now={now} />
                ) : row.kind === 'unread' ? (
                  <UnreadSeparator />
                ) : (
                  <MessageItem
                    message={row.message}
                    grouped={row.grouped}
                    selfUid={selfUid}
                    viewer={viewer}
                    pinned={pinnedMids.has(row.message.mid)}
                    selecting={selecting}
                    selected={selecting && selected.includes(row.message.mid)}
                    highlighted={highlight === row.message.mid}
                    tabbable={tabbableMid === row.message.mid}
                    onFocusMessage={setFocusedMid}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {!atBottom && rows.length > 0 ? (
        <Button className="message-list__jump" small onClick={scrollToEnd} data-testid="jump-to-latest">
          {t('list.jump_to_latest')}
        </Button>
      ) : null}
      <NewMessageAnnouncer latest={latestFromOthers} />
      <MessageDialogs conv={conv} />
    </div>
  );
}
