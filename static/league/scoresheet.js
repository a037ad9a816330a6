/* Score sheet: the live preview, the draft kept on this device, the queue of hands waiting to be
   sent, and the service worker that keeps the sheet available offline.

   Preview: the form's own fields go to its preview URL (the referee-table-preview view, which
   builds the record with the server's form, league/views/forms.py); errors land in the slot of
   the form field they name ("__all__": above the form).

   Saving (score sheet only, the form has data-queue): every hand carries its Idempotency key
   (hidden field "key") and its number. It is sent at once when online and nothing waits; else it
   joins a queue in localStorage that is sent in order when the connection returns. A reply lost
   after the server saved is harmless: the repeat with the same key answers the stored hand. A
   hand the server refuses (400/409/403) stops the queue and stays in it, shown with the server's
   message, until the referee fixes it in the form or discards it deliberately. */
(function () {
  "use strict";
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) { event.preventDefault(); return; }
      lockButtons(form);
    });
  });
  function lockButtons(form) {
    // After the browser has taken the submission: a second tap finds the button disabled.
    setTimeout(function () {
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
    }, 0);
  }

  var summary = document.getElementById("error-summary");
  if (summary && !summary.hidden) summary.focus();

  var form = document.getElementById("hand-form");
  if (!form) return;
  var textsEl = document.getElementById("sheet-texts");
  var texts = textsEl ? textsEl.dataset : {};
  var queueId = form.dataset.queue;
  var submitButton = form.querySelector("button[type=submit]");
  var state = document.getElementById("preview-state");

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, key) {
      return values[key] === undefined ? all : String(values[key]);
    });
  }
  function str(name) { var v = new FormData(form).get(name); return v === null ? "" : v; }
  function freshToken() {
    // A login in another tab rotates the CSRF token: take the cookie's, not the one the page was built with.
    var found = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    if (found && form.elements.csrfmiddlewaretoken) form.elements.csrfmiddlewaretoken.value = decodeURIComponent(found[1]);
  }
  var loggedOutBox = document.getElementById("logged-out");
  function loggedOut(yes) {
    if (loggedOutBox) loggedOutBox.hidden = !yes;
  }
  function isLoggedOut(response) {
    // login_required sends the browser to the login page; a stale session or token answers 403
    return response.status === 403 || response.type === "opaqueredirect"
      || (response.redirected && /\/login\//.test(response.url));
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function showOutcomeGroups() {
    var outcome = str("outcome") || "win";
    form.querySelectorAll("[data-when-outcome]").forEach(function (el) {
      el.hidden = el.dataset.whenOutcome !== outcome;
    });
  }

  /* ---- errors: inline slots, the summary at the top, the confirmation box ---- */
  function clearErrors() {
    form.querySelectorAll(".err").forEach(function (el) { el.textContent = ""; });
  }
  function showError(slot, message) {
    var el = document.getElementById("err-" + slot) || document.getElementById("err-__all__");
    var p = document.createElement("p");
    p.textContent = message;
    el.appendChild(p);
  }
  function showErrors(error) {
    clearErrors();
    var fields = error.fields || {};
    var named = Object.keys(fields);
    if (!named.length && (error.message || error.code)) showError("__all__", error.message || String(error.code));
    named.forEach(function (key) {
      (Array.isArray(fields[key]) ? fields[key] : [fields[key]]).forEach(function (m) { showError(key, m); });
    });
    var confirmBox = document.getElementById("confirm-box");
    if (confirmBox && error.confirm) confirmBox.hidden = false;
  }
  function fillSummary(error) {
    if (!summary) return;
    var list = summary.querySelector("ul");
    list.textContent = "";
    var fields = error.fields || {};
    var named = Object.keys(fields);
    if (!named.length || named.indexOf("__all__") >= 0) {
      var li = document.createElement("li");
      li.textContent = error.message || String(error.code || "");
      list.appendChild(li);
    }
    named.forEach(function (key) {
      if (key === "__all__") return;
      (Array.isArray(fields[key]) ? fields[key] : [fields[key]]).forEach(function (m) {
        var li = document.createElement("li"), a = document.createElement("a");
        var input = form.elements[key];
        var target = input && (input.id || (input[0] && input[0].id));
        a.href = "#" + (target || "err-" + key);
        a.textContent = m;
        li.appendChild(a);
        list.appendChild(li);
      });
    });
    summary.hidden = false;
    summary.focus();
  }
  function hideSummary() { if (summary) summary.hidden = true; }

  /* ---- preview ---- */
  // Points with the page language's thousands separator, as the server prints them (27.000, 27,000).
  var grouped = new Intl.NumberFormat(document.documentElement.lang || undefined, {maximumFractionDigits: 0});
  function setPreview(balances) {
    document.querySelectorAll("[data-preview-seat]").forEach(function (cell) {
      var s = parseInt(cell.dataset.previewSeat, 10);
      var v = balances ? balances[s] : null;
      cell.textContent = v === null || v === undefined ? "–" : (v > 0 ? "+" : "") + grouped.format(v);
      cell.classList.toggle("neg", !!v && v < 0);
      cell.classList.toggle("pos", !!v && v > 0);
    });
  }
  var previewUrl = form.dataset.previewUrl;
  var timer = null, sequence = 0;

  function preview() {
    var mine = ++sequence;
    if (queueId && queue().length) {
      setPreview(null);
      state.textContent = texts.previewWaiting || "";
      return;
    }
    if (!navigator.onLine) {
      setPreview(null);
      state.textContent = texts.previewOffline || "";
      return;
    }
    freshToken();
    fetch(previewUrl, {
      method: "POST", credentials: "same-origin", headers: {"Accept": "application/json"},
      body: new URLSearchParams(new FormData(form))
    }).then(function (response) {
      if (isLoggedOut(response)) return {loggedOut: true};
      return response.json().then(function (body) { return {ok: response.ok, body: body}; });
    }).then(function (answer) {
      if (mine !== sequence) return;
      loggedOut(!!answer.loggedOut);
      if (answer.loggedOut) { setPreview(null); state.textContent = ""; return; }
      clearErrors();
      var changes = document.getElementById("correction-preview");
      if (changes) changes.innerHTML = answer.ok ? answer.body.html : "";
      if (answer.ok && changes) {
        form.classList.remove("invalid");
        return;
      }
      if (answer.ok) {
        setPreview(answer.body.amounts);
        state.textContent = "";
        form.classList.remove("invalid");
        return;
      }
      setPreview(null);
      form.classList.add("invalid");
      showErrors(ofTouched(answer.body.error || {}));
      state.textContent = "";
    }).catch(function () {
      if (mine !== sequence) return;
      setPreview(null);
      state.textContent = texts.previewOffline || "";
    });
  }

  /* ---- the fields the referee has been to: the live preview names only their errors ---- */
  var touched = {};
  function touch(event) { if (event && event.target && event.target.name) touched[event.target.name] = true; }
  form.addEventListener("focusout", touch);
  function ofTouched(error) {
    // While a hand is being typed, a field not reached yet is not an error; saving names them all.
    var fields = error.fields || {}, kept = {};
    Object.keys(fields).forEach(function (key) { if (key === "__all__" || touched[key]) kept[key] = fields[key]; });
    var shown = Object.assign({}, error, {fields: kept});
    if (!Object.keys(kept).length && Object.keys(fields).length) { shown.message = ""; shown.code = ""; }
    return shown;
  }

  /* ---- Enter in a number field goes to the next field; it never saves a half-typed hand ---- */
  form.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "Enter" || el.tagName !== "INPUT" || el.inputMode !== "numeric") return;
    event.preventDefault();
    var order = Array.prototype.filter.call(form.elements, function (f) {
      return (f.tagName === "INPUT" || f.tagName === "SELECT") && f.type !== "hidden" && !f.disabled
        && f.getClientRects().length > 0;
    });
    var next = order[order.indexOf(el) + 1];
    if (next) next.focus();
  });

  function changed(event) {
    touch(event);
    showOutcomeGroups();
    if (queueId) saveDraft();  // the score sheet keeps a draft; the correction page has none (its setup ends below)
    if (!previewUrl) return;
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  showOutcomeGroups();

  if (!queueId) {
    // The correction page: a plain form post; its key makes a repeat harmless, the lock a double tap.
    form.addEventListener("submit", function () { lockButtons(form); });
    return;
  }

  /* ---- the draft of the hand being typed, kept until the server has it ---- */
  var KEEP_OUT = {csrfmiddlewaretoken: 1, key: 1, number: 1, version: 1, confirm: 1};
  var draftName = "mjl:draft:" + queueId, queueName = "mjl:queue:" + queueId;
  var againName = "mjl:typing:" + queueId;
  function backToTyping() {
    // After a save the sheet reloads: the referee stays where the next hand is typed, in its first field.
    var again = null;
    try { again = sessionStorage.getItem(againName); sessionStorage.removeItem(againName); } catch (e) { /* none */ }
    if (!again) return;
    var first = Array.prototype.filter.call(form.elements, function (f) {
      return (f.tagName === "INPUT" || f.tagName === "SELECT") && f.type !== "hidden" && f.name !== "outcome"
        && !f.disabled && f.getClientRects().length > 0;
    })[0];
    var top = document.getElementById("hand-heading") || form;
    top.scrollIntoView({block: "start"});
    if (first) first.focus({preventScroll: true});
  }

  function fields() {
    var pairs = [];
    new FormData(form).forEach(function (value, name) { if (!KEEP_OUT[name]) pairs.push([name, value]); });
    return pairs;
  }
  function saveDraft() {
    // With the number of the hand it was typed for: a draft whose hand another phone stored
    // meanwhile is never offered as the next hand.
    var draft = {number: parseInt(form.elements.number.value, 10) || 0, fields: fields()};
    try { localStorage.setItem(draftName, JSON.stringify(draft)); } catch (e) { /* storage full: the form keeps it */ }
  }
  function readDraft() {
    var raw = localStorage.getItem(draftName);
    if (!raw) return null;
    try {
      var draft = JSON.parse(raw);
      return Array.isArray(draft) ? {number: 0, fields: draft} : draft;  // a draft kept before numbers were
    } catch (e) { clearDraft(); return null; }
  }
  function typedSomething(pairs) {
    return pairs.some(function (p) { return p[1] && p[0] !== "outcome" && p[0] !== "win_type"; });
  }
  function clearDraft() { localStorage.removeItem(draftName); }
  function restore(pairs) {
    var byName = {};
    pairs.forEach(function (p) { (byName[p[0]] = byName[p[0]] || []).push(p[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || KEEP_OUT[el.name]) return;
      var values = byName[el.name] || [];
      if (el.type === "checkbox" || el.type === "radio") el.checked = values.indexOf(el.value) >= 0;
      else if (el.tagName === "SELECT" || el.type === "text" || el.type === "number") el.value = values[0] || "";
    });
    showOutcomeGroups();
  }

  /* ---- the queue ---- */
  function queue() {
    try { return JSON.parse(localStorage.getItem(queueName) || "[]"); } catch (e) { return []; }
  }
  function store(items) { localStorage.setItem(queueName, JSON.stringify(items)); }
  var queueBox = document.getElementById("queue");
  var netState = document.getElementById("net-state");
  var heading = document.getElementById("hand-heading");
  var firstNumber = parseInt(form.elements.number.value, 10) || 1;
  var sending = false, retry = null, sentThisRound = 0, wasSaved = false;

  function nextNumber() {
    var items = queue();
    return items.length ? items[items.length - 1].number + 1 : firstNumber;
  }
  var nextHand = document.getElementById("next-hand");
  function setNumber(n) {
    form.elements.number.value = String(n);
    if (heading) heading.textContent = fill(heading.dataset.template, {n: n});
    if (nextHand) nextHand.textContent = fill(nextHand.dataset.template, {n: n});
  }
  function nameSeatsWithoutWinds() {
    // The winds of a hand after hands still waiting depend on those hands, which the server settles:
    // until then the form names the players without the winds the page was built with.
    var labels = [0, 1, 2, 3].map(function (s) { return texts["seat" + s]; });
    function renamed(text) {
      labels.forEach(function (label, s) {
        if (label && text.indexOf(label) >= 0) text = text.split(label).join(texts["name" + s]);
      });
      return text;
    }
    var walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) node.nodeValue = renamed(node.nodeValue);
    form.querySelectorAll("[aria-label]").forEach(function (el) {
      el.setAttribute("aria-label", renamed(el.getAttribute("aria-label")));
    });
    var note = document.getElementById("winds-waiting");
    if (note) { note.textContent = texts.windsWaiting || ""; note.hidden = false; }
  }
  function render() {
    var items = queue();
    netState.hidden = navigator.onLine;
    queueBox.hidden = !items.length;
    if (!items.length) return;
    nameSeatsWithoutWinds();
    var title = queueBox.querySelector(".queue-title");
    title.textContent = fill(items.length === 1 ? texts.waitingOne : texts.waitingMany, {n: items.length});
    var list = queueBox.querySelector("ol");
    list.textContent = "";
    items.forEach(function (item, index) {
      var li = document.createElement("li");
      li.textContent = fill(texts.queuedHand, {n: item.number}) + (item.summary ? " · " + item.summary : "");
      if (index === 0 && item.refused) {
        li.className = "refused";
        var why = document.createElement("p");
        why.className = "err";
        why.textContent = item.refused;
        li.appendChild(why);
      }
      list.appendChild(li);
    });
    var head = items[0];
    queueBox.querySelector(".queue-actions").hidden = !head.refused;
    queueBox.classList.toggle("stopped", !!head.refused);
  }

  function describe(pairs) {
    // A short line for the queue: the outcome and the winners' labels, as the form names them.
    var outcome = "", seats = [];
    pairs.forEach(function (p) {
      if (p[0] === "outcome") outcome = p[1];
      if (p[0] === "winner" && p[1] !== "") seats.push(p[1]);
      if (/^win_\d$/.test(p[0])) seats.push(p[0].slice(4));
    });
    var radio = form.querySelector("input[name=outcome][value='" + outcome + "']");
    var words = radio && radio.labels && radio.labels[0] ? [radio.labels[0].textContent.trim()] : [];
    if (outcome !== "win") return words.join("");
    seats.forEach(function (s) {
      // the player, not a wind: a queued hand's winds are known only once the hands before it are settled
      if (texts["name" + s]) words.push(texts["name" + s]);
    });
    return words.join(": ");
  }

  function enqueue() {
    var pairs = fields();
    var items = queue();
    items.push({key: form.elements.key.value, number: parseInt(form.elements.number.value, 10),
                fields: pairs, confirm: form.elements.confirm && form.elements.confirm.checked,
                summary: describe(pairs)});
    store(items);
    clearDraft();
    form.reset();
    form.elements.key.value = newKey();
    setNumber(nextNumber());
    var confirmBox = document.getElementById("confirm-box");
    if (confirmBox) confirmBox.hidden = true;
    clearErrors();
    hideSummary();
    setPreview(null);
    showOutcomeGroups();
    render();
  }

  function bodyOf(item) {
    var body = new URLSearchParams();
    freshToken();
    body.append("csrfmiddlewaretoken", form.elements.csrfmiddlewaretoken.value);
    body.append("key", item.key);
    body.append("number", String(item.number));
    if (item.confirm) body.append("confirm", "on");
    item.fields.forEach(function (p) { body.append(p[0], p[1]); });
    return body;
  }

  function send(item) {
    return fetch(form.action || location.pathname, {
      method: "POST", credentials: "same-origin", redirect: "manual",
      headers: {"Accept": "application/json"}, body: bodyOf(item)
    }).then(function (response) {
      loggedOut(isLoggedOut(response));
      // logged out: the hand waits (as when offline) and goes once the referee has logged in again
      if (isLoggedOut(response)) return {retry: true};
      if (response.status === 201) return {saved: true};
      if (response.status >= 500 || response.status === 429
          || response.status === 0 && response.type !== "opaqueredirect") {
        return {retry: true};
      }
      return response.json().then(function (body) { return {refused: body.error || {}}; },
        function () { return {refused: {message: fill(texts.refusedStatus, {status: response.status || 302})}}; });
    }, function () { return {retry: true}; });
  }

  function refusalText(error) {
    var parts = [error.message || ""];
    var fieldsOf = error.fields || {};
    Object.keys(fieldsOf).forEach(function (k) {
      (Array.isArray(fieldsOf[k]) ? fieldsOf[k] : [fieldsOf[k]]).forEach(function (m) {
        if (parts.indexOf(m) < 0) parts.push(m);
      });
    });
    return parts.filter(Boolean).join(" ");
  }

  function flush() {
    if (sending) return;
    var items = queue();
    if (!items.length) { finish(); return; }
    if (items[0].refused) { render(); return; }
    sending = true;
    submitButton.disabled = true;
    send(items[0]).then(function (answer) {
      sending = false;
      submitButton.disabled = false;
      var now = queue();
      if (answer.saved) {
        if (now.length && now[0].key === items[0].key) now.shift();
        store(now);
        sentThisRound += 1;
        render();
        flush();
      } else if (answer.refused) {
        if (now.length && now[0].key === items[0].key) {
          now[0].refused = refusalText(answer.refused);
          now[0].error = answer.refused;
          store(now);
        }
        render();
      } else {
        render();
        clearTimeout(retry);
        retry = setTimeout(flush, 4000);
      }
    });
  }

  function finish() {
    // Everything sent: show the server's sheet (new totals, list, dealer). The draft of the next
    // hand, if any, is restored on the new page.
    if (sentThisRound || wasSaved) {
      try { sessionStorage.setItem(againName, "1"); } catch (e) { /* the sheet opens at the top */ }
      location.replace(location.pathname);
    }
  }

  function submitDirect() {
    // Online with nothing waiting: send now and show the errors in the form when refused.
    var item = {key: form.elements.key.value, number: parseInt(form.elements.number.value, 10),
                fields: fields(), confirm: form.elements.confirm && form.elements.confirm.checked};
    sending = true;
    submitButton.disabled = true;
    send(item).then(function (answer) {
      sending = false;
      submitButton.disabled = false;
      if (answer.saved) { clearDraft(); wasSaved = true; finish(); return; }
      if (answer.refused) {
        var error = answer.refused;
        // Another phone at the table stored this hand first: say so, never renumber it as the next.
        if (error.code === "hand_number_exists") { savedMeanwhile(item.number); return; }
        showErrors(error);
        fillSummary(error);
        if (error.next_number) { form.elements.key.value = newKey(); setNumber(error.next_number); }
        // A key the server has bound to another hand: this hand is a new request with a new key.
        if (error.code === "idempotency_key_reused") form.elements.key.value = newKey();
        return;
      }
      // No answer (offline, or the reply was lost): the hand waits with its key and is sent again.
      enqueue();
      clearTimeout(retry);
      retry = setTimeout(flush, navigator.onLine ? 1500 : 4000);
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (sending) return;
    hideSummary();
    if (editing && queue().length) saveFixed();
    else if (navigator.onLine && !queue().length) submitDirect();
    else { enqueue(); flush(); }
  });

  var editing = false;
  queueBox.querySelector("[data-queue-fix]").addEventListener("click", function () {
    var items = queue();
    if (!items.length || !items[0].refused) return;
    if (fields().some(function (p) { return p[1] && p[0] !== "outcome" && p[0] !== "win_type"; })
        && !window.confirm(texts.replaceForm)) return;
    var head = items[0];
    var number = (head.error && head.error.next_number) || head.number;
    // A fresh key: the refused request stored nothing, and the fixed hand is a new request.
    head.key = newKey();
    head.number = number;
    items.slice(1).forEach(function (later, index) { later.number = number + 1 + index; });
    store(items);
    restore(head.fields);
    form.elements.key.value = head.key;
    setNumber(number);
    if (form.elements.confirm) form.elements.confirm.checked = !!head.confirm;
    showErrors(head.error || {});
    fillSummary(head.error || {});
    editing = true;
    render();
  });

  function saveFixed() {
    // The fixed hand takes its place at the head of the queue, before the hands behind it.
    var items = queue();
    var head = items[0];
    head.fields = fields();
    head.confirm = form.elements.confirm && form.elements.confirm.checked;
    head.summary = describe(head.fields);
    delete head.refused;
    delete head.error;
    store(items);
    editing = false;
    clearDraft();
    form.reset();
    form.elements.key.value = newKey();
    setNumber(nextNumber());
    clearErrors();
    hideSummary();
    render();
    flush();
  }

  queueBox.querySelector("[data-queue-discard]").addEventListener("click", function () {
    var items = queue();
    if (!items.length || !window.confirm(fill(texts.discardHand, {n: items[0].number}))) return;
    var gone = items.shift();
    items.forEach(function (later, index) { later.number = gone.number + index; });
    store(items);
    // nothing waits any more: the sheet as the server has it, winds included (the draft comes back)
    if (!items.length) { location.replace(location.pathname); return; }
    setNumber(nextNumber());
    render();
    flush();
  });

  /* ---- the other phones at the table: the sheet follows what they store ---- */
  var conflictBox = document.getElementById("draft-conflict");
  var stateEvery = (parseInt(texts.stateEvery, 10) || 0) * 1000;
  function fetchState() {
    return fetch(texts.stateSrc, {credentials: "same-origin", cache: "no-store", headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; }, function () { return null; });
  }
  function savedMeanwhile(number) {
    // What was typed for hand `number` stays in the form and on this device, but cannot be saved
    // as it is: the player discards it, or corrects the stored hand.
    if (!conflictBox) return;
    submitButton.disabled = true;
    restore((readDraft() || {fields: fields()}).fields);
    setNumber(number);
    fetchState().then(function (now) {
      var hand = now && now.hands && now.hands[String(number)];
      conflictBox.querySelector("[data-conflict-text]").textContent =
        fill(texts.savedMeanwhile, {n: number, by: (hand && hand.by) || "?"});
      var correct = conflictBox.querySelector("[data-conflict-correct]");
      correct.hidden = !hand;
      if (hand) correct.href = hand.edit;
      conflictBox.hidden = false;
      conflictBox.scrollIntoView({block: "center"});
    });
  }
  if (conflictBox) {
    conflictBox.querySelector("[data-conflict-discard]").addEventListener("click", function () {
      clearDraft();
      location.replace(location.pathname);
    });
  }
  function follow() {
    if (sending || editing || queue().length || (conflictBox && !conflictBox.hidden) || document.hidden) return;
    fetchState().then(function (now) {
      if (!now || sending || editing || queue().length) return;
      if (now.next_number === firstNumber && !now.closed) return;
      var draft = readDraft();
      if (now.next_number > firstNumber && draft && draft.number === firstNumber && typedSomething(draft.fields)) {
        savedMeanwhile(firstNumber);
        return;
      }
      location.replace(location.pathname);  // nothing typed: the sheet as the server has it now
    });
  }
  if (texts.stateSrc && stateEvery) setInterval(follow, stateEvery);

  /* ---- start: a fresh key, the number after the waiting hands, the draft back in place ---- */
  var restored = false;
  if (!form.classList.contains("bound")) {
    form.elements.key.value = newKey();
    var draft = readDraft();
    if (draft && draft.number && draft.number < firstNumber && !queue().length) {
      savedMeanwhile(draft.number);  // stored meanwhile by another phone: not the next hand
    } else if (draft) {
      restore(draft.fields);
      restored = true;
    }
  }
  // Back to a sheet kept in the browser's memory: its key may be a hand already saved; the next hand is a new request.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && !sending && !editing) form.elements.key.value = newKey();
  });
  if (queue().length) setNumber(Math.max(nextNumber(), firstNumber));
  render();
  backToTyping();
  window.addEventListener("online", function () { render(); flush(); });
  window.addEventListener("offline", render);
  flush();
  if (previewUrl && restored) preview();

  if ("serviceWorker" in navigator && form.dataset.serviceWorker) {
    navigator.serviceWorker.register(form.dataset.serviceWorker, {scope: form.dataset.swScope}).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var urls = [location.pathname];
      document.querySelectorAll("link[rel=stylesheet], script[src]").forEach(function (el) {
        urls.push(el.href || el.src);
      });
      if (registration.active) registration.active.postMessage({cache: urls});
    }).catch(function () { /* no offline copy; the queue still works while the page stays open */ });
  }
})();
