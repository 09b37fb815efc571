/**
 * The lazy chunk of forwarded messages and the /favs screen (the chat route shows /favs from it),
 * loaded when the first `vocechat/archive` message shows.
 */
export const loadArchives = () => import('./archive-view');
