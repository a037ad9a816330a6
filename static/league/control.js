/* The control room: check-in buttons toggle without leaving the page (the form is posted with
   fetch, then the live part is fetched again); without JavaScript the forms post normally. */
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-async]")) { return; }
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) { button.disabled = true; button.classList.add("busy"); }
    fetch(form.action, {method: "POST", body: new FormData(form), credentials: "same-origin",
                        headers: {"X-Requested-With": "fetch"}})
      .then(function (response) {
        if (!response.ok) { return response.text().then(function (text) { window.alert(text); }); }
        return null;
      })
      .catch(function () { form.submit(); })
      .then(function () { return window.liveRefresh ? window.liveRefresh(form, true) : null; })
      .then(function () { if (button && button.isConnected) { button.disabled = false; } });
  });
}());
