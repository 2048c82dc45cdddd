// A sandbox messenger of ours (issue 32, ADR 042), loaded by the official Intercom Messenger SDK through its
// `widgetUrl` when no INTERCOM_APP_ID is configured: it speaks the calls the SDK makes (boot, update, shutdown and
// the queued ones), shows a small "Support chat (sandbox)" button, and records every call on
// `window.__intercomSandbox` so tests and the demo can see the whole path. Never Intercom: it says so.

/** The script's source, served same-origin by the development server. */
export const intercomSandboxScript = `(function () {
  var record = (window.__intercomSandbox = window.__intercomSandbox || { calls: [], booted: false });
  function render(settings) {
    var old = document.getElementById('intercom-sandbox');
    if (old) old.remove();
    var button = document.createElement('button');
    button.id = 'intercom-sandbox';
    button.type = 'button';
    button.textContent = 'Support chat (sandbox)';
    button.setAttribute('data-identified', settings && settings.user_jwt ? 'true' : 'false');
    button.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:40;padding:10px 14px;border-radius:9999px;' +
      'background:#065f46;color:#fff;font:600 14px system-ui;border:0';
    button.onclick = function () { alert('This is the sandbox messenger: no message leaves this page.'); };
    document.body.appendChild(button);
  }
  function handle(method, arg) {
    record.calls.push({ method: method, identified: !!(arg && arg.user_jwt) });
    if (method === 'boot') { record.booted = true; render(arg); }
    else if (method === 'shutdown') {
      record.booted = false;
      var el = document.getElementById('intercom-sandbox');
      if (el) el.remove();
    }
  }
  var queued = (window.Intercom && window.Intercom.q) || [];
  window.Intercom = function (method, arg) { handle(method, arg); };
  handle('boot', window.intercomSettings || {});
  for (var i = 0; i < queued.length; i++) handle(queued[i][0], queued[i][1]);
})();
`;
