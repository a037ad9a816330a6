/* The projector: shows one panel at a time (each for its data-seconds), fetches the panels again
   every data-every seconds (keeping its place), and plays the reveal: places from the bottom up,
   one by one, to the winner (once per reveal in this browser tab). */
(function () {
  "use strict";
  var box = document.getElementById("screen");
  if (!box) { return; }
  var every = parseInt(box.getAttribute("data-every") || "15", 10) * 1000;
  var index = 0;
  var timer = null;
  var revealing = false;
  var etag = null;

  function panels() { return box.querySelectorAll(".panel"); }

  function show() {
    var all = panels();
    if (!all.length) { return; }
    index = index % all.length;
    all.forEach(function (panel, i) { panel.hidden = i !== index; });
    var seconds = parseInt(all[index].getAttribute("data-seconds") || "10", 10);
    window.clearTimeout(timer);
    if (seconds > 0 && all.length > 1) {
      timer = window.setTimeout(function () { index += 1; show(); }, seconds * 1000);
    }
  }

  function reveal() {
    // The server sends every place veiled (nothing to flash on a fresh load); this unveils them,
    // from the last place to the winner, once per reveal in this tab, and at once afterwards.
    var frame = box.querySelector("[data-revealed]");
    if (!frame) { return; }
    var key = "revealed:" + frame.getAttribute("data-revealed");
    var places = frame.querySelectorAll("li.place");
    if (window.sessionStorage && sessionStorage.getItem(key)) {
      frame.classList.add("seen");
      places.forEach(function (li) { li.classList.remove("veiled"); li.classList.add("shown"); });
      return;
    }
    revealing = true;
    var order = Array.prototype.slice.call(places);  // listed from the last place to the winner
    var step = 0;
    function next() {
      if (step >= order.length) {
        revealing = false;
        if (window.sessionStorage) { sessionStorage.setItem(key, "1"); }
        return;
      }
      order[step].classList.remove("veiled");
      order[step].classList.add("shown");
      step += 1;
      window.setTimeout(next, step === order.length - 1 ? 6000 : 3000);
    }
    window.setTimeout(next, 2000);
  }

  function refresh() {
    if (revealing) { return; }
    // conditional: while nothing changed the server answers 304 and the panels stay as they are
    var headers = etag ? {"If-None-Match": etag} : {};
    fetch(box.getAttribute("data-src"), {cache: "no-store", headers: headers})
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(response.status); }
        etag = response.headers.get("ETag");
        return response.text();
      })
      .then(function (html) {
        box.classList.remove("offline");
        if (html === null) { return; }
        var mode = box.querySelector("[data-mode]");
        var before = mode ? mode.getAttribute("data-mode") : "";
        box.innerHTML = html;
        var now = box.querySelector("[data-mode]");
        if (!now || now.getAttribute("data-mode") !== before) { index = 0; }
        show();
        reveal();
        if (window.clockTick) { window.clockTick(); }
        box.classList.remove("offline");
      })
      .catch(function () { box.classList.add("offline"); });
  }

  show();
  reveal();
  window.setInterval(refresh, every);
}());
