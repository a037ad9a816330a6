/* Score sheet: builds the hand record from the form (the same mapping as
   league/views/forms.py record_from_values), previews its settlement through
   POST /api/v1/tables/<id>/preview/ and shows errors next to the fields they name. */
(function () {
  "use strict";
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
  var form = document.getElementById("hand-form");
  if (!form) return;
  var ruleset = form.dataset.ruleset;
  var errorMap = JSON.parse(document.getElementById("error-map").textContent);

  function all(name) { return new FormData(form).getAll(name); }
  function str(name) { var v = all(name)[0]; return v === undefined ? "" : v; }
  function num(name) { var v = str(name).trim(); return /^\d+$/.test(v) ? parseInt(v, 10) : (v === "" ? null : v); }
  function seat(name) { return num(name); }
  function seats(name) { return all(name).map(function (v) { return parseInt(v, 10); }); }
  function bool(name) { var el = form.elements[name]; return !!(el && el.checked); }

  function penalties(values, kinds) {
    var out = [];
    kinds.forEach(function (kind) {
      var v = values[kind];
      var list = Array.isArray(v) ? v : (v === null || v === undefined ? [] : [v]);
      list.forEach(function (s) { out.push({type: kind, seat: s}); });
    });
    return out;
  }
  function winFields(record) {
    record.winner = seat("winner");
    record.win_type = str("win_type") || "discard";
    if (record.win_type === "discard") record.discarder = seat("discarder");
  }

  function buildRecord() {
    var outcome = str("outcome") || "win";
    var record = {outcome: outcome};
    var pens = [];
    if (ruleset === "dmjl-classical") {
      var values = [0, 1, 2, 3].map(function (s) { return num("value_" + s); });
      if (values.some(function (v) { return v !== null; })) {
        record.hand_values = values.map(function (v) { return v || 0; });
      }
      if (outcome === "win") {
        record.winner = seat("winner");
        if (str("limit_hand")) record.limit_hand = str("limit_hand");
      }
      pens = penalties({dead_hand: seats("dead_hand"), false_mahjong: seats("false_mahjong")},
                       ["dead_hand", "false_mahjong"]);
      if (seat("naming_seat") !== null) {
        pens.push({type: "false_naming", seat: seat("naming_seat"), claimant: seat("naming_claimant"),
                   claim: str("naming_claim") || null});
      }
      pens = pens.concat(penalties({dangerous_game: seat("dangerous_game")}, ["dangerous_game"]));
    } else if (ruleset === "dmjl-hke") {
      if (outcome === "win") {
        winFields(record);
        if (bool("limit_hand")) record.limit_hand = true;
        else if (num("fan") !== null) record.fan = num("fan");
      }
      pens = penalties({false_mahjong: seats("false_mahjong"), obstruction: seats("obstruction"),
                        dead_hand: seats("dead_hand"), dangerous_game: seat("dangerous_game")},
                       ["false_mahjong", "obstruction", "dead_hand", "dangerous_game"]);
    } else if (ruleset === "riichi-ema") {
      if (outcome === "win") {
        var wins = [];
        [0, 1, 2, 3].forEach(function (s) {
          if (!bool("win_" + s)) return;
          if (bool("yakuman_" + s)) { wins.push({seat: s, yakuman: 1}); return; }
          var win = {seat: s, han: num("han_" + s)};
          if (num("fu_" + s) !== null) win.fu = num("fu_" + s);
          wins.push(win);
        });
        record.wins = wins;
        record.win_type = str("win_type") || "discard";
        if (record.win_type === "discard") record.discarder = seat("discarder");
      }
      if (seats("riichi").length) record.riichi = seats("riichi");
      if (outcome === "draw" && seats("tenpai").length) record.tenpai = seats("tenpai");
      pens = penalties({chombo: seat("chombo"), pao: seat("pao")}, ["chombo", "pao"]);
    } else if (ruleset === "japanese-classic") {
      if (outcome === "win") {
        winFields(record);
        if (bool("limit_hand")) record.limit_hand = true;
        ["points", "doubles"].forEach(function (n) { if (num(n) !== null) record[n] = num(n); });
      }
      if (seats("riichi").length) record.riichi = seats("riichi");
      pens = penalties({false_mahjong: seats("false_mahjong")}, ["false_mahjong"]);
    }
    if (pens.length) record.penalties = pens;
    return record;
  }

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
  var token = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var timer = null, sequence = 0;

  function preview() {
    var mine = ++sequence;
    fetch(previewUrl, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": token, "Accept": "application/json"},
      body: JSON.stringify(buildRecord())
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
        messages.forEach(function (m) { showError(errorMap[key] || key, m); });
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
