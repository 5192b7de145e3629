/**
 * The "Get updates" form's part of the page's one inline script (docs/status-pages.md
 * "Subscribers"). The form works without it (a plain post answered by a page of its own); with it,
 * the form posts `{email, component_ids?}` to the JSON route (`data-api`) and says the answer under
 * the button, so the visitor stays on the page. The server's answer (`message`) and refusal
 * (`detail`: a bad address, a limit) are shown in its own words; the texts the script needs of its
 * own are the form's `data-*` attributes, so every word stays in the server's texts.
 *
 * Written as plain ES2017 in a string, like LIVE_REFRESH_SCRIPT: it ships as it is.
 */
export const SUBSCRIBE_SCRIPT = `(function () {
  var form = document.querySelector('.sub-form');
  if (!form || !window.fetch) return;
  var answer = form.querySelector('.sub-answer');
  var button = form.querySelector('button');
  var say = function (key, text) { answer.textContent = text || form.getAttribute('data-' + key); };
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = new FormData(form);
    var chosen = data.get('scope') === 'components';
    var ids = chosen ? data.getAll('component_ids') : [];
    if (chosen && !ids.length) return say('choose');
    var body = { email: data.get('email') };
    if (ids.length) body.component_ids = ids;
    button.disabled = true;
    fetch(form.getAttribute('data-api'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (json) {
          if (response.ok) { form.reset(); say('accepted', json.message); } else say('failed', json.detail);
        });
      })
      .catch(function () { say('failed'); })
      .then(function () { button.disabled = false; });
  });
})();`;
