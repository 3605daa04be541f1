/*
 * Test code only. A small stand-in for https://apis.google.com/js/api.js, served by the browser tests
 * through Playwright's route(), because this machine cannot reach Google. The Firebase Auth SDK (in the
 * page) and the Auth emulator's helper iframe both use gapi.iframes to talk to each other during a popup
 * sign-in; this implements the few calls they make (open, getParentIframe, register, send, ping,
 * restyle) over window.postMessage.
 */
(function () {
  const TAG = '__gapiStandIn';
  const handlers = {};
  const waiting = {}; // calls that arrived before their handler was registered, like gapi queues them
  const pending = {};
  let counter = 0;
  const FILTER = function () {
    return true;
  };

  window.addEventListener('message', function (event) {
    const data = event.data;
    if (!data || data[TAG] !== true) return;
    if (data.kind === 'call') {
      const answer = function (handler) {
        const result = data.name === '__ping' ? 'pong' : handler(data.payload);
        Promise.resolve(result).then(function (value) {
          event.source.postMessage({ __gapiStandIn: true, kind: 'reply', id: data.id, result: [value] }, '*');
        });
      };
      if (data.name === '__ping' || handlers[data.name]) answer(handlers[data.name]);
      else (waiting[data.name] = waiting[data.name] || []).push(answer);
    } else if (data.kind === 'reply' && pending[data.id]) {
      const callback = pending[data.id];
      delete pending[data.id];
      // Like gapi, keep a throwing callback from escaping: the Auth SDK's webStorageSupport callback
      // always throws after it has answered (it relies on gapi swallowing it).
      try {
        callback(data.result);
      } catch (error) {
        void error;
      }
    }
  });

  function channel(target) {
    function call(name, payload, callback) {
      const id = 'm' + ++counter + Math.random();
      pending[id] = callback || function () {};
      target().postMessage({ __gapiStandIn: true, kind: 'call', id: id, name: name, payload: payload }, '*');
      return id;
    }
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (waiting[name] || []).forEach(function (answer) {
          answer(handler);
        });
        delete waiting[name];
      },
      send: function (name, payload, callback) {
        call(name, payload, callback);
      },
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        // The other side may not have loaded yet: ask until it answers.
        return new Promise(function (resolve) {
          let done = false;
          function attempt() {
            if (done) return;
            const id = call('__ping', null, function () {
              done = true;
              if (callback) callback();
              resolve();
            });
            setTimeout(function () {
              if (!done) {
                delete pending[id];
                attempt();
              }
            }, 100);
          }
          attempt();
        });
      },
    };
  }

  const context = {
    open: function (options, callback) {
      const frame = document.createElement('iframe');
      const attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return callback(
        channel(function () {
          return frame.contentWindow;
        }),
      );
    },
    getParentIframe: function () {
      return channel(function () {
        return window.parent;
      });
    },
  };

  window.gapi = {
    load: function (_name, options) {
      setTimeout(function () {
        (typeof options === 'function' ? options : options.callback)();
      });
    },
    iframes: {
      getContext: function () {
        return context;
      },
      CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
      Iframe: function () {},
    },
  };

  const script = document.currentScript;
  const onload = script && /[?&]onload=([^&]+)/.exec(script.src);
  if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();
