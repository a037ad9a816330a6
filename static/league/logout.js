/* Logging out on a shared phone: the copies of score sheets that the referees' service worker
   keeps for offline use (static/league/sw.js) are deleted before the session ends, so that the
   next person on this device cannot open them offline. Hands still waiting in a sheet's queue
   are never deleted: the referee is asked first, and they stay to be sent when that table's sheet
   is opened again. */
"use strict";
(function () {
  var form = document.querySelector("form[data-logout]");
  if (!form) return;
  var PREFIX = "mjl-referee-";

  function unsentHands() {
    var count = 0;
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var name = localStorage.key(i);
        if (name && name.indexOf("mjl:queue:") === 0) count += (JSON.parse(localStorage.getItem(name) || "[]") || []).length;
      }
    } catch (e) { /* no storage: nothing queued here */ }
    return count;
  }

  function deleteSheetCopies() {
    if (!("caches" in window)) return Promise.resolve();
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf(PREFIX) === 0; })
        .map(function (n) { return caches.delete(n); }));
    });
  }

  var leaving = false;
  // A page brought back from the browser's back-forward cache must be able to log out again.
  window.addEventListener("pageshow", function () { leaving = false; });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (leaving) return;
    var count = unsentHands();
    if (count > 0) {
      var text = (count === 1 ? form.dataset.textUnsentOne : form.dataset.textUnsentMany).replace("%(count)s", count);
      if (!window.confirm(text)) return;
    }
    leaving = true;
    var done = function () { form.submit(); };
    var timer = setTimeout(done, 2000);  // never keep anyone from logging out
    deleteSheetCopies().then(function () { clearTimeout(timer); done(); }, function () { clearTimeout(timer); done(); });
  });
})();
