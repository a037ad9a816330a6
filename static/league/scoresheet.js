/* Score sheet: posts the form's own fields to its preview URL (the referee-table-preview view,
   which builds the record with the server's form, league/views/forms.py) and shows the settlement,
   or each error in the slot of the form field it names ("__all__": above the form). */
(function () {
  "use strict";
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
  var form = document.getElementById("hand-form");
  if (!form) return;

  function str(name) { var v = new FormData(form).get(name); return v === null ? "" : v; }

  function showOutcomeGroups() {
    var outcome = str("outcome") || "win";
    form.querySelectorAll("[data-when-outcome]").forEach(function (el) {
      el.hidden = el.dataset.whenOutcome !== outcome;
    });
  }

  function clearErrors() {
    form.querySelectorAll(".err").forEach(function (el) { el.textContent = ""; });
  }
  function showError(slot, message) {
    var el = document.getElementById("err-" + slot) || document.getElementById("err-__all__");
    var p = document.createElement("p");
    p.textContent = message;
    el.appendChild(p);
  }
  function setPreview(balances) {
    document.querySelectorAll("[data-preview-seat]").forEach(function (cell) {
      var s = parseInt(cell.dataset.previewSeat, 10);
      var v = balances ? balances[s] : null;
      cell.textContent = v === null || v === undefined ? "–" : (v > 0 ? "+" + v : String(v));
      cell.classList.toggle("neg", !!v && v < 0);
      cell.classList.toggle("pos", !!v && v > 0);
    });
  }

  var previewUrl = form.dataset.previewUrl;
  var state = document.getElementById("preview-state");
  var timer = null, sequence = 0;

  function preview() {
    var mine = ++sequence;
    fetch(previewUrl, {
      method: "POST", credentials: "same-origin", headers: {"Accept": "application/json"},
      body: new URLSearchParams(new FormData(form))
    }).then(function (response) {
      return response.json().then(function (body) { return {ok: response.ok, body: body}; });
    }).then(function (answer) {
      if (mine !== sequence) return;
      clearErrors();
      if (answer.ok) {
        setPreview(answer.body.result.balances);
        state.textContent = state.dataset.ok || "";
        form.classList.remove("invalid");
        return;
      }
      setPreview(null);
      form.classList.add("invalid");
      var error = answer.body.error || {};
      var fields = error.fields || {};
      var named = Object.keys(fields);
      if (!named.length) showError("__all__", error.message || String(error.code || ""));
      named.forEach(function (key) {
        var messages = Array.isArray(fields[key]) ? fields[key] : [fields[key]];
        messages.forEach(function (m) { showError(key, m); });
      });
      state.textContent = "";
    }).catch(function () { if (mine === sequence) setPreview(null); });
  }

  function changed() {
    showOutcomeGroups();
    if (!previewUrl) return;
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  showOutcomeGroups();
})();
