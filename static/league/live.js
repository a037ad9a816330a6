/* In-place updates of a page's changing parts: every element with data-live-src is replaced by the
   HTML fetched from that address every LIVE seconds (the page keeps its scroll position and focus).
   Each fetch is conditional (If-None-Match with the part's last ETag): an unchanged part costs a 304.
   A button with data-live-toggle pauses and resumes; the choice is kept for the browser tab. Parts
   holding the focus (a form being filled in) wait for the next round. */
(function () {
  "use strict";
  var parts = document.querySelectorAll("[data-live-src]");
  if (!parts.length) { return; }
  var toggle = document.querySelector("[data-live-toggle]");
  var status = document.querySelector("[data-live-status]");
  var every = parseInt(document.body.getAttribute("data-live-every") || "30", 10) * 1000;
  var KEY = "live-paused";
  var paused = window.sessionStorage && sessionStorage.getItem(KEY) === "1";

  function show(state) {
    if (status) { status.textContent = status.getAttribute("data-text-" + state) || ""; }
    if (toggle) {
      toggle.textContent = toggle.getAttribute(paused ? "data-text-resume" : "data-text-pause");
      toggle.setAttribute("aria-pressed", paused ? "true" : "false");
    }
  }

  function typing(part) {
    var active = document.activeElement;
    return part.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  function refresh(part, force) {
    if (!force && typing(part)) { return Promise.resolve(true); }
    var focused = document.activeElement && part.contains(document.activeElement) && document.activeElement.id;
    // A conditional request: the server answers 304 (no body, nothing to redo) while the part is
    // unchanged, and the part stays as it is.
    var headers = {"X-Requested-With": "fetch"};
    var etag = part.getAttribute("data-live-etag");
    if (etag) { headers["If-None-Match"] = etag; }
    return fetch(part.getAttribute("data-live-src"), {credentials: "same-origin", cache: "no-store",
                                                      headers: headers})
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(response.status); }
        if (response.headers.get("ETag")) { part.setAttribute("data-live-etag", response.headers.get("ETag")); }
        return response.text();
      })
      .then(function (html) {
        if (html !== null && part.getAttribute("data-live-html") !== html) {
          part.innerHTML = html;
          part.setAttribute("data-live-html", html);
          if (focused && document.getElementById(focused)) { document.getElementById(focused).focus(); }
          part.dispatchEvent(new CustomEvent("live:updated", {bubbles: true}));
        }
        return true;
      });
  }

  function round() {
    if (paused || document.hidden) { return; }
    Promise.all(Array.prototype.map.call(parts, refresh))
      .then(function () { show("live"); }, function () { show("offline"); });
  }

  window.liveRefresh = function (element, force) {
    var part = element && element.closest ? element.closest("[data-live-src]") : null;
    return part ? refresh(part, force) : Promise.resolve(false);
  };

  if (toggle) {
    toggle.addEventListener("click", function () {
      paused = !paused;
      if (window.sessionStorage) { sessionStorage.setItem(KEY, paused ? "1" : "0"); }
      show(paused ? "paused" : "live");
      if (!paused) { round(); }
    });
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { round(); } });
  show(paused ? "paused" : "live");
  window.setInterval(round, every);
}());
