/**
 * The lazy chunk of forwarded messages and the /favs screen (the router imports the same module),
 * loaded when the first `vocechat/archive` message shows.
 */
export const loadArchives = () => import('./archive-view');
