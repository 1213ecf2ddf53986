requestAnimationFrame(() => {
  const c = new MessageChannel();
  c.port1.onmessage = () => {
    for (const m of document.getElementsByName('repolog-code')) import(m.content);
  };
  c.port2.postMessage(0);
});
// A visitor's click on Workspace before the page's code has taken the link over: the same alert,
// then /login (the header's own handler prevents the default once the code runs).
addEventListener('click', (e) => {
  const a = e.target instanceof Element && e.target.closest('a[data-login-alert]');
  if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey) return;
  if (/(^|;\s*)isLoggedIn=true/.test(document.cookie)) return;
  e.preventDefault();
  alert(a.dataset.loginAlert);
  location.assign('/login');
});
