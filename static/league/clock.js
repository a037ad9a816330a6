/* Clocks counting down: every element with data-clock shows its data-remaining seconds as
   h:mm:ss (or mm:ss) and, while data-state is "running", counts down each second. An element with
   data-clock-src fetches its table (tables/<id>/ in the API) every 30 seconds for remaining_s. */
(function () {
  "use strict";
  var started = Date.now();
  var base = new WeakMap();

  function format(seconds) {
    seconds = Math.max(0, Math.round(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (h && m < 10 ? "0" : "") + m;
    var ss = (s < 10 ? "0" : "") + s;
    return (h ? h + ":" : "") + mm + ":" + ss;
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var known = base.get(el);
      var remaining = parseFloat(el.getAttribute("data-remaining"));
      if (isNaN(remaining)) { return; }
      if (!known || known.value !== remaining) {
        known = {value: remaining, at: now};
        base.set(el, known);
      }
      var left = remaining;
      if (el.getAttribute("data-state") === "running") { left = remaining - (now - known.at) / 1000; }
      var text = format(left);
      if (el.textContent !== text) { el.textContent = text; }
      el.classList.toggle("up", left <= 0);
      var box = el.closest("[data-clock-box]");
      var note = box ? box.querySelector("[data-clock-up]") : null;
      if (note) { note.hidden = !(left <= 0 && el.getAttribute("data-state") !== "idle"); }
      el.classList.toggle("soon", left > 0 && left <= 300);
    });
  }

  function poll(el) {
    fetch(el.getAttribute("data-clock-src"), {credentials: "same-origin", cache: "no-store",
                                              headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (table) {
        if (!table) { return; }
        var holder = el.closest("[data-clock-box]");
        if (table.remaining_s === null || table.remaining_s === undefined) {
          if (holder) { holder.hidden = true; }
          return;
        }
        if (holder) { holder.hidden = false; }
        el.setAttribute("data-remaining", String(table.remaining_s));
        el.setAttribute("data-state", table.clock_state === "running" ? "running" : table.clock_state);
        tick();
      })
      .catch(function () {});
  }

  document.querySelectorAll("[data-clock-src]").forEach(function (el) {
    poll(el);
    window.setInterval(function () { if (!document.hidden) { poll(el); } }, 30000);
  });
  window.clockTick = tick;
  document.addEventListener("live:updated", tick);
  tick();
  window.setInterval(tick, 1000 - ((Date.now() - started) % 1000) || 1000);
}());
