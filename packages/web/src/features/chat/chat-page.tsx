import { lazy, Suspense } from 'react';
import { useMatch, useParams } from 'react-router';
import { groupConv, userConv, type ConvKey } from '../../lib/store';
import './chat.css';
import { ConversationView } from './conversation-view';
import { Sidebar } from './sidebar';
import { WelcomePage } from './welcome-page';
import { loadArchives } from '../messages';
import { LicenseBanner } from '../license';

/** `/favs` is served by this route's chunk, so the first screen carries no loader of its own. */
const SavedItems = lazy(() => loadArchives().then((m) => ({ default: m.Component })));

function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** Chat home: the conversation list beside the open conversation (separate views on phones). */
export function ChatPage() {
  const params = useParams();
  const favs = useMatch('/favs');
  const gid = parseId(params.gid);
  const uid = parseId(params.uid);
  const conv: ConvKey | null = gid !== null ? groupConv(gid) : uid !== null ? userConv(uid) : null;
  if (favs)
    return (
      <Suspense fallback={null}>
        <SavedItems />
      </Suspense>
    );
  return (
    <>
      <LicenseBanner />
      <div className="chat" data-view={conv ? 'conversation' : 'list'}>
        <Sidebar activeConv={conv} />
        <main className="chat__main">
          {conv ? <ConversationView key={conv} conv={conv} /> : <WelcomePage />}
        </main>
      </div>
    </>
  );
}
