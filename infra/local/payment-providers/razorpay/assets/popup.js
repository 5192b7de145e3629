/* The local Razorpay checkout popup (inside the iframe checkout.js opens, or alone at a short_url). */
(function () {
  'use strict';
  var root = document.getElementById('checkout');
  var data = root.dataset;
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-outcome]'));
  var framed = window.parent !== window;

  function tell(type, response) {
    if (framed && data.parentOrigin) window.parent.postMessage({ source: 'razorpay-local-checkout', type: type, response: response }, data.parentOrigin);
  }

  function setBusy(busy) {
    buttons.forEach(function (button) {
      button.disabled = busy;
    });
  }

  function pay(outcome) {
    setBusy(true);
    status.className = 'status';
    status.textContent = 'Processing...';
    fetch('/v1/checkout/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_id: data.keyId, subscription_id: data.subscriptionId, outcome: outcome, email: data.email, contact: data.contact }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        if (result.ok) {
          status.className = 'status ok';
          status.textContent = 'Payment successful.';
          tell('payment.success', result.body);
          return;
        }
        status.className = 'status error';
        status.textContent = (result.body.error && result.body.error.description) || 'Payment failed';
        setBusy(false);
        tell('payment.failed', result.body);
      })
      .catch(function () {
        status.className = 'status error';
        status.textContent = 'Could not reach the local Razorpay.';
        setBusy(false);
      });
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      pay(button.getAttribute('data-outcome'));
    });
  });
  var close = document.getElementById('close');
  if (!framed) close.hidden = true;
  close.addEventListener('click', function () {
    tell('dismiss');
  });
})();
