/*
 * The local Razorpay's checkout.js (docs/billing.md "The local providers"): defines
 * `window.Razorpay` like https://checkout.razorpay.com/v1/checkout.js for what Upwatch uses -
 * `new Razorpay({key, subscription_id, name, description, prefill, handler, modal: {ondismiss}})`,
 * `.open()`, `.close()`, `.on('payment.failed', cb)`. The popup is an iframe served from this
 * script's own origin (as the real one frames api.razorpay.com), so the page that loads it runs
 * no inline script: its CSP needs this origin in script-src and frame-src only.
 */
(function () {
  'use strict';
  // currentScript is set for this script whether the page or the app's code inserted it.
  var script = document.currentScript || document.querySelector('script[src$="/v1/checkout.js"]');
  var providerOrigin = new URL(script && script.src ? script.src : window.location.href).origin;
  var MESSAGE_SOURCE = 'razorpay-local-checkout';

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this._listeners = {};
    this._overlay = null;
    this._frame = null;
    this._onMessage = this._onMessage.bind(this);
  }

  Razorpay.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this._overlay) return this;
    var o = this.options;
    var prefill = o.prefill || {};
    var params = new URLSearchParams({
      key_id: o.key,
      subscription_id: o.subscription_id || '',
      name: o.name || '',
      description: o.description || '',
      email: prefill.email || '',
      contact: prefill.contact || '',
      parent_origin: window.location.origin,
    });
    var overlay = document.createElement('div');
    overlay.setAttribute('data-razorpay-local', 'overlay');
    Object.assign(overlay.style, {
      position: 'fixed', top: '0', left: '0', right: '0', bottom: '0', zIndex: '2147483647',
      background: 'rgba(15, 23, 42, 0.6)', display: 'flex', alignItems: 'center', justifyContent: 'center',
    });
    var frame = document.createElement('iframe');
    frame.title = 'Razorpay Checkout';
    frame.name = 'razorpay-checkout-frame';
    frame.src = providerOrigin + '/v1/checkout/popup?' + params.toString();
    Object.assign(frame.style, { width: '400px', maxWidth: '95vw', height: '560px', maxHeight: '95vh', border: '0', borderRadius: '8px', background: '#fff' });
    overlay.appendChild(frame);
    document.body.appendChild(overlay);
    this._overlay = overlay;
    this._frame = frame;
    window.addEventListener('message', this._onMessage);
    return this;
  };

  Razorpay.prototype.close = function () {
    window.removeEventListener('message', this._onMessage);
    if (this._overlay && this._overlay.parentNode) this._overlay.parentNode.removeChild(this._overlay);
    this._overlay = null;
    this._frame = null;
  };

  Razorpay.prototype._onMessage = function (event) {
    if (event.origin !== providerOrigin || !this._frame || event.source !== this._frame.contentWindow) return;
    var data = event.data;
    if (!data || data.source !== MESSAGE_SOURCE) return;
    var o = this.options;
    if (data.type === 'payment.success') {
      this.close();
      if (typeof o.handler === 'function') o.handler(data.response);
    } else if (data.type === 'payment.failed') {
      // As on Razorpay, the popup stays open (the customer may retry); call close() to end it.
      this._emit('payment.failed', data.response);
    } else if (data.type === 'dismiss') {
      this.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
  };

  window.Razorpay = Razorpay;
})();
