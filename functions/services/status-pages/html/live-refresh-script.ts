/**
 * The status page's only script, inline and well under 5 kB (docs/status-pages.md "The public
 * page"). The page is complete without it; with it:
 * - every 30 s (and when the tab comes back into view) it fetches this same page again, through
 *   the same caches as any visitor, and swaps in the new `<main>` (banner, "Updated" time, bars,
 *   incidents, maintenance), so one server renderer draws both; keyboard focus on a bar survives
 *   the swap, and a changed banner is read out through a polite live region;
 * - each component's bars become one tab stop, moved with the arrow keys, Home and End.
 *
 * Written as plain ES2017 in a string: it ships as it is, nothing compiles it.
 */
export const LIVE_REFRESH_SCRIPT = `(function () {
  var main = document.getElementById('main');
  var note = document.getElementById('live-note');
  if (!main || !window.fetch || !window.DOMParser) return;
  var bars = function (scope) { return Array.prototype.slice.call(scope.querySelectorAll('.bar')); };
  var rove = function () {
    Array.prototype.forEach.call(main.querySelectorAll('.bars'), function (list) {
      var all = bars(list);
      all.forEach(function (bar, index) { bar.tabIndex = index === all.length - 1 ? 0 : -1; });
    });
  };
  main.addEventListener('keydown', function (event) {
    var bar = event.target;
    if (!bar.classList || !bar.classList.contains('bar')) return;
    var shown = bars(bar.closest('.bars')).filter(function (each) { return each.offsetParent !== null; });
    var at = shown.indexOf(bar);
    var to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: shown.length - 1 }[event.key];
    if (to === undefined || !shown[to]) return;
    event.preventDefault();
    bar.tabIndex = -1;
    shown[to].tabIndex = 0;
    shown[to].focus();
  });
  var bannerText = function () { var banner = main.querySelector('.banner-text'); return banner ? banner.textContent : ''; };
  var refresh = function () {
    if (document.hidden) return;
    fetch(location.pathname, { cache: 'no-cache', headers: { accept: 'text/html' } })
      .then(function (response) { if (!response.ok) throw new Error(String(response.status)); return response.text(); })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, 'text/html').getElementById('main');
        if (!next) return;
        var before = bannerText();
        var focused = document.activeElement;
        var article = focused && focused.classList.contains('bar') && main.contains(focused) ? focused.closest('article') : null;
        var place = article ? [article.id, bars(article).indexOf(focused)] : null;
        main.innerHTML = next.innerHTML;
        rove();
        if (place) {
          var again = document.getElementById(place[0]);
          var bar = again && bars(again)[place[1]];
          if (bar) { bars(again).forEach(function (each) { each.tabIndex = -1; }); bar.tabIndex = 0; bar.focus(); }
        }
        if (note && bannerText() !== before) note.textContent = note.getAttribute('data-changed') + ' ' + bannerText();
      })
      .catch(function () { /* the page stays as it is; the next round tries again */ });
  };
  rove();
  setInterval(refresh, 30000);
  document.addEventListener('visibilitychange', refresh);
})();`;
