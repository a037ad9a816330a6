/* The control room: check-in buttons toggle without leaving the page (the form is posted with
   fetch, then the live part is fetched again); without JavaScript the forms post normally. A refusal
   is said in a message (the server answers it as plain text); any other answer, such as the login
   page after the session ran out, loads the page again instead of failing in silence. */
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
        var type = response.headers.get("Content-Type") || "";
        if (response.redirected || (!response.ok && type.indexOf("text/plain") !== 0)) {
          // not the control room's answer (the login page after a lost session, a refused form):
          // the page is loaded again, which logs in or gives the form a fresh token; nothing was saved
          window.location.reload();
          return null;
        }
        if (!response.ok) { return response.text().then(function (text) { window.alert(text); }); }
        return null;
      })
      .catch(function () { form.submit(); })
      .then(function () { return window.liveRefresh ? window.liveRefresh(form, true) : null; })
      .then(function () { if (button && button.isConnected) { button.disabled = false; } });
  });
}());
