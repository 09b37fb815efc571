/* global document, location, window */
/*
 * Parley chat widget loader (docs/widget.md). A website adds
 *   <script src="https://chat.example.com/widget.js" data-host-id="1" async></script>
 * and gets a chat bubble in a corner. The chat itself runs in a frame served by the Parley
 * server (widget.html), so the site's styles cannot reach it and it reaches nothing of the site.
 * Parameters (SPEC §3), as data attributes: id, host-id, channel-id (Parley: a public channel),
 * title, logo, auto-reg, theme-color, close-width, close-height, open-width, open-height,
 * welcome, position (left or right), lang, login-token (a third-party key, docs/third-party.md).
 */
(function () {
  var script = document.currentScript;
  if (!script || !script.src) return;
  var data = script.dataset;
  var origin = new URL(script.src, location.href).origin;
  var passed = [
    'id',
    'hostId',
    'channelId',
    'title',
    'logo',
    'autoReg',
    'themeColor',
    'welcome',
    'position',
    'lang',
    'loginToken',
  ];
  var query = new URLSearchParams();
  passed.forEach(function (name) {
    if (data[name])
      query.set(
        name.replace(/[A-Z]/g, function (c) {
          return '-' + c.toLowerCase();
        }),
        data[name],
      );
  });
  var size = function (value, fallback) {
    var n = parseInt(value, 10);
    return n > 0 && n < 4000 ? n : fallback;
  };
  var closed = { w: size(data.closeWidth, 68), h: size(data.closeHeight, 68) };
  var opened = { w: size(data.openWidth, 380), h: size(data.openHeight, 560) };
  var frame = document.createElement('iframe');
  frame.src = origin + '/widget.html?' + query.toString();
  frame.title = data.title || 'Chat';
  frame.setAttribute('data-parley-widget', data.id || 'default');
  var side = data.position === 'left' ? 'left' : 'right';
  var resize = function (open) {
    var s = open ? opened : closed;
    frame.style.width = 'min(' + s.w + 'px, 100vw)';
    frame.style.height = 'min(' + s.h + 'px, 100vh)';
  };
  frame.style.cssText =
    'position:fixed;bottom:0;' +
    side +
    ':0;border:0;margin:0;padding:0;background:transparent;' +
    'color-scheme:normal;z-index:2147483647;max-width:100vw;max-height:100vh;';
  resize(false);
  // A visitor's session is kept here, in the site's storage, because browsers may refuse storage
  // to the frame; the frame asks for it when it starts and sends it again whenever it changes.
  var key = 'parley-widget.' + (data.id || 'default');
  var kept = function () {
    try {
      return JSON.parse(localStorage.getItem(key) || 'null');
    } catch {
      return null;
    }
  };
  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    var message = event.data;
    if (!message || message.type !== 'parley-widget') return;
    if ('open' in message) resize(Boolean(message.open));
    if (message.ready)
      frame.contentWindow.postMessage({ type: 'parley-widget-session', session: kept() }, origin);
    if ('session' in message) {
      try {
        if (message.session) localStorage.setItem(key, JSON.stringify(message.session));
        else localStorage.removeItem(key);
      } catch {
        // No storage on this page either: the visitor is remembered until the page is left.
      }
    }
  });
  var mount = function () {
    document.body.appendChild(frame);
  };
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
