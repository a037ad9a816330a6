/* Tile entry on the score sheet: value a seat's hand from its tiles through
   POST /api/v1/handvalue/ (docs/rules.md §9) and fill the form from the answer.

   dmjl-classical: per seat a Kajongg hand string (typed, or built with the tile picker) gives
   the seat's hand value; a complete Mah-Jongg preselects the seat as winner if none is chosen,
   and the winner's special hand fills the limit hand (half, full, double).
   riichi-ema: per winner the tiles, winning tile, melds and dora give han and fu (or yakuman).
   dmjl-hke: the winner's Kajongg hand string gives fan or a limit hand, the winner and, from the
   m part, how the hand was won. japanese-classic: the winner's tiles (riichi shape) give points
   and doubles or a limit hand, and the winner. mcr: the winner's tiles (riichi shape), flowers and
   situation give the points and the flower points (PyMahjongGB's scoring elements), and the winner.
   Everything here is an aid: the tile inputs have no names, so they are never posted, and
   without JavaScript the panels stay hidden and the referee types the values. */
(function () {
  "use strict";
  var form = document.getElementById("hand-form");
  if (!form || !form.dataset.handvalueUrl) return;
  var ruleset = form.dataset.ruleset;
  var RULESETS = ["dmjl-classical", "dmjl-hke", "riichi-ema", "japanese-classic", "mcr"];
  if (RULESETS.indexOf(ruleset) < 0) return;
  // the sheet layout picks the panels; the hand is valued as the tournament's own ruleset
  var valuedAs = form.dataset.valuedAs || ruleset;
  var url = form.dataset.handvalueUrl;
  var seatWinds = (form.dataset.seatWinds || "ESWN").split("");
  var prevailing = form.dataset.prevailingWind || "E";
  var upperLimit = form.dataset.upperLimit;
  var textsEl = document.getElementById("tile-texts");
  var texts = textsEl ? textsEl.dataset : {};
  var optionsEl = document.getElementById("tile-options");
  var tileOptions = {};
  try { tileOptions = optionsEl ? JSON.parse(optionsEl.textContent) || {} : {}; } catch (e) { tileOptions = {}; }

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, key) {
      return values[key] === undefined ? all : String(values[key]);
    });
  }
  function panel(seat) { return document.getElementById("tiles-" + seat); }
  function el(id) { return document.getElementById(id); }
  function setField(name, value) {
    var input = form.elements[name];
    if (!input) return;
    if (input.type === "checkbox") {
      if (input.checked === !!value) return;
      input.checked = !!value;
    } else {
      if (input.value === String(value)) return;
      input.value = String(value);
    }
    input.dispatchEvent(new Event(input.type === "checkbox" ? "change" : "input", {bubbles: true}));
  }
  function setRadio(name, value) {
    var input = form.querySelector("input[name=" + name + "][value='" + value + "']");
    if (!input || input.checked) return;
    input.checked = true;
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }
  function setSelect(name, value) {
    var input = form.elements[name];
    if (!input || input.value === String(value)) return;
    input.value = String(value);
    input.dispatchEvent(new Event("change", {bubbles: true}));
  }

  /* Panels: one open at a time, toggled by the seat's "Tiles" button. */
  var toggles = form.querySelectorAll("[data-tiles-toggle]");
  function open(seat) {
    toggles.forEach(function (button) {
      var mine = button.dataset.tilesToggle === String(seat);
      var p = panel(button.dataset.tilesToggle);
      var show = mine && p.hidden;
      p.hidden = !show;
      button.setAttribute("aria-expanded", show ? "true" : "false");
      button.classList.toggle("open", show);
      if (show && picker) {
        // Below the answer: the value and its explanation read right under the tiles typed or picked,
        // never under the picker's rows, off a phone's screen (issue 42, item 7a).
        var answer = p.querySelector("ul.explain");
        p.insertBefore(picker, answer ? answer.nextSibling : null);
        picker.hidden = false;
        activeSeat = seat;
      }
    });
    var p = panel(seat);
    if (!p.hidden) {
      var first = p.querySelector("input[type=text]");
      if (first) first.focus();
    }
  }
  form.querySelectorAll(".seatgrid").forEach(function (grid) { grid.classList.add("with-tiles"); });
  toggles.forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { open(button.dataset.tilesToggle); });
  });
  /* The tile inputs are not part of the record: keep them from triggering the settlement preview. */
  form.querySelectorAll(".tiles-panel").forEach(function (p) {
    ["input", "change"].forEach(function (type) {
      p.addEventListener(type, function (event) {
        event.stopPropagation();
        schedule(p.dataset.tilesSeat);
      });
    });
  });

  /* Answers */
  var timers = {}, sequence = {};
  function schedule(seat) {
    clearTimeout(timers[seat]);
    timers[seat] = setTimeout(function () { valueSeat(seat); }, 300);
  }
  function show(seat, error, summary, lines) {
    var err = el("tiles-err-" + seat), sum = el("tiles-sum-" + seat), list = el("tiles-explain-" + seat);
    err.textContent = error || "";
    sum.textContent = summary || "";
    list.textContent = "";
    (lines || []).forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      list.appendChild(li);
    });
    panel(seat).querySelectorAll("input[type=text]").forEach(function (input) {
      if (error) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
  }
  function errorText(error, tiles) {
    error = error || {};
    if (error.code === "bad_tiles" && error.position !== undefined && typeof tiles === "string") {
      var rest = tiles.slice(error.position).split(/\s/)[0] || tiles.slice(error.position);
      return fill(texts.badTiles, {position: error.position + 1, text: rest});
    }
    if (error.code === "no_yaku") return texts.noYaku;
    if (error.code === "hand_not_winning") return texts.handNotWinning;
    return error.message || texts.failed || String(error.code || "");
  }
  function post(seat, record, done) {
    var mine = sequence[seat] = (sequence[seat] || 0) + 1;
    // Without cookies the language cookie stays home too: say the page's language, so that the
    // explain lines (element, yaku and item names) come in it, not in the browser's.
    fetch(url, {
      method: "POST", credentials: "omit",
      headers: {"Content-Type": "application/json", "Accept": "application/json",
                "Accept-Language": document.documentElement.lang || "en"},
      body: JSON.stringify(record)
    }).then(function (response) {
      return response.json();
    }).then(function (body) {
      if (mine !== sequence[seat]) return;
      done(body);
    }).catch(function () {
      if (mine === sequence[seat]) show(seat, texts.failed);
    });
  }

  /* dmjl-classical */
  function valueClassical(seat) {
    var input = el("tiles-input-" + seat);
    var tiles = input.value.trim();
    if (!tiles) { show(seat); return; }
    var record = {ruleset: valuedAs, tiles: tiles, seat_wind: seatWinds[seat], prevailing_wind: prevailing};
    if (Object.keys(tileOptions).length) record.options = tileOptions;
    else if (upperLimit !== undefined && upperLimit !== "") record.options = {upper_limit: parseInt(upperLimit, 10)};
    post(seat, record, function (body) {
      if (body.error) {
        var error = body.error;
        if (error.code === "bad_tiles" && error.position !== undefined) {
          // positions index the trimmed string; point the caret at the tile that failed
          var offset = input.value.indexOf(tiles);
          try { if (document.activeElement === input) input.setSelectionRange(offset + error.position, input.value.length); } catch (e) { /* not selectable */ }
        }
        show(seat, errorText(error, tiles));
        return;
      }
      if (/(?:^|\s)L/.test(tiles) && !body.won) {
        // a last tile says Mah-Jongg: tiles that are not one are an error, and no value is written
        show(seat, texts.notWon);
        return;
      }
      var summary = body.limits
        ? fill(texts.limit, {limits: body.limits, value: body.value})
        : fill(texts.summary, {points: body.points, doubles: body.doubles, value: body.value});
      if (body.won) summary = (texts.won || "Mah-Jongg") + " · " + summary;
      show(seat, "", summary, body.explain);
      setField("value_" + seat, body.value);
      var winner = form.elements.winner;
      var outcome = form.querySelector("input[name=outcome]:checked");
      if (body.won && winner && !winner.value && (!outcome || outcome.value === "win")) setField("winner", seat);
      // the winner's special hand fills the settlement record's limit hand (docs/rules.md §3, 9a)
      if (body.won && winner && winner.value === String(seat)) setSelect("limit_hand", body.limit_hand || "");
    });
  }

  /* dmjl-hke and japanese-classic: one winner; valuing a seat's tiles makes it the winner. */
  function fillWinner(seat, body) {
    if (!body.won) { show(seat, "", texts.notWon, []); return false; }
    setSelect("winner", seat);
    setField("limit_hand", !!body.limit_hand);
    return true;
  }
  function valueHke(seat) {
    var input = el("tiles-input-" + seat);
    var tiles = input.value.trim();
    if (!tiles) { show(seat); return; }
    var typed = /(?:^|\s)[mM]([wezdZk])/.exec(tiles);  // how the hand was won (docs/rules.md §9)
    var sent = tiles;
    if (!/(?:^|\s)[mM]/.test(tiles)) {
      // no m part typed: the form's own "Win" answer says how
      var drawn = (form.querySelector("input[name=win_type]:checked") || {}).value === "self_draw";
      sent = tiles + (drawn ? " mw" : " md");
    }
    var record = {ruleset: valuedAs, tiles: sent, seat_wind: seatWinds[seat], prevailing_wind: prevailing};
    post(seat, record, function (body) {
      if (body.error) { show(seat, errorText(body.error, tiles)); return; }
      if (!fillWinner(seat, body)) return;
      var summary = body.limit_hand ? texts.limitHand : fill(texts.fanSummary, {fan: body.fan});
      show(seat, "", (texts.won || "Mah-Jongg") + " · " + summary, body.explain);
      setField("fan", body.limit_hand ? "" : body.fan);
      if (typed) setRadio("win_type", "wez".indexOf(typed[1]) >= 0 ? "self_draw" : "discard");
    });
  }

  /* The tile picker (classical): appends Kajongg notation to the open seat's tiles input. */
  var picker = el("tile-picker");
  var activeSeat = null, concealed = true, lastNext = false, breakNext = false;
  function pickerInput() { return activeSeat === null ? null : el("tiles-input-" + activeSeat); }
  function press(button, on) { button.setAttribute("aria-pressed", on ? "true" : "false"); }
  function write(input, text) {
    input.value = text;
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }
  if (picker) {
    picker.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (button && activeSeat !== null && !pickerInput() && panel(activeSeat).querySelector("[data-suit]")) {
        suitPick(panel(activeSeat), button);
        return;
      }
      var input = pickerInput();
      if (!button || !input) return;
      var text = input.value;
      var sep = function () { return text && !/\s$/.test(text) ? " " : ""; };
      if (button.dataset.pickerMode) {
        concealed = button.dataset.pickerMode === "concealed";
        picker.querySelectorAll("[data-picker-mode]").forEach(function (b) {
          press(b, (b.dataset.pickerMode === "concealed") === concealed);
        });
        breakNext = true;  // a change of state starts a new meld
      } else if (button.hasAttribute("data-picker-last")) {
        lastNext = !lastNext;
        press(button, lastNext);
      } else if (button.dataset.tile) {
        var code = button.dataset.tile;
        if (code[0] === "f" || code[0] === "y") {
          write(input, text + sep() + code);
          breakNext = true;
        } else {
          var tile = (concealed ? code[0].toUpperCase() : code[0]) + code[1];
          if (lastNext) {
            // The last tile is a tile of the hand too: it joins the meld being built, then Kajongg's
            // "L<tile><meld>" marks it as the one that completed that meld ("B9", last, b9 gives
            // "B9B9 LB9B9"), so the hand has all its tiles.
            var added = text + (breakNext ? sep() : "") + tile;
            var meld = added.split(/\s+/).pop();
            write(input, added + " L" + tile + meld);
            lastNext = false;
            press(picker.querySelector("[data-picker-last]"), false);
            breakNext = true;
          } else {
            write(input, text + (breakNext ? sep() : "") + tile);
            breakNext = false;
          }
        }
      } else if (button.dataset.pickerAction === "meld") {
        if (text && !/\s$/.test(text)) write(input, text + " ");
        breakNext = false;
      } else if (button.dataset.pickerAction === "undo") {
        var trimmed = text.replace(/\s+$/, "");
        var marked = /\sL\S*$/.exec(trimmed);
        if (trimmed === text && marked) {
          // the last tile's mark goes with the tile it marked, as they were added: by one tap
          trimmed = trimmed.slice(0, marked.index).slice(0, -2).replace(/\s+$/, "");
        } else if (trimmed === text) trimmed = text.slice(0, -2).replace(/(^|\s)[LR]$/, "$1");
        write(input, trimmed);
        breakNext = false;
      } else if (button.dataset.pickerAction === "clear") {
        write(input, "");
        breakNext = false;
      }
    });
  }

  /* The tile picker on a panel of suit fields (mcr): a tile's digit goes to its suit's field (honours
     1–7: East South West North White Green Red), an exposed tile to the open meld being built as
     well ("123m"), the last tile also to the winning tile, a flower or season counts one flower.
     Undo restores the panel as it was before the last tap. */
  var SUIT_FIELD = {s: ["pin", "p"], b: ["sou", "s"], c: ["man", "m"]};
  var HONOUR_DIGIT = {we: "1", ws: "2", ww: "3", wn: "4", db: "5", dg: "6", dr: "7"};
  var suitHistory = {};
  function suitInputs(p) { return p.querySelectorAll("input[type=text]"); }
  function suitPick(p, button) {
    var seat = p.dataset.tilesSeat;
    var history = suitHistory[seat] = suitHistory[seat] || [];
    var field = function (selector) { return p.querySelector(selector); };
    var put = function (input, text) {
      input.value = text;
      input.dispatchEvent(new Event("input", {bubbles: true}));
    };
    if (button.dataset.pickerMode) {
      concealed = button.dataset.pickerMode === "concealed";
      picker.querySelectorAll("[data-picker-mode]").forEach(function (b) {
        press(b, (b.dataset.pickerMode === "concealed") === concealed);
      });
      breakNext = true;
      return;
    }
    if (button.hasAttribute("data-picker-last")) {
      lastNext = !lastNext;
      press(button, lastNext);
      return;
    }
    if (button.dataset.pickerAction === "undo") {
      var before = history.pop();
      if (before) suitInputs(p).forEach(function (input, i) { input.value = before[i]; });
      if (before) put(suitInputs(p)[0], before[0]);
      breakNext = false;
      return;
    }
    if (button.dataset.pickerAction === "meld") { breakNext = true; return; }
    history.push(Array.prototype.map.call(suitInputs(p), function (input) { return input.value; }));
    if (button.dataset.pickerAction === "clear") {
      suitInputs(p).forEach(function (input) { input.value = ""; });
      put(suitInputs(p)[0], "");
      return;
    }
    var code = button.dataset.tile;
    if (!code) { history.pop(); return; }
    if (code[0] === "f" || code[0] === "y") {
      var flowers = field("[data-flowers]");
      put(flowers, String(parseInt(digits(flowers.value) || "0", 10) + 1));
      return;
    }
    var digit, suit, letter;
    if (HONOUR_DIGIT[code]) { digit = HONOUR_DIGIT[code]; suit = "honors"; letter = "z"; }
    else { digit = code[1]; suit = SUIT_FIELD[code[0]][0]; letter = SUIT_FIELD[code[0]][1]; }
    var suitInput = field("[data-suit=" + suit + "]");
    suitInput.value = digits(suitInput.value) + digit;
    if (!concealed) {
      var melds = field("[data-melds]");
      var tokens = melds.value.split(/\s+/).filter(Boolean);
      var lastToken = tokens.length ? tokens[tokens.length - 1] : "";
      var match = /^(\d+)([mpsz])$/.exec(lastToken);
      var full = match && (match[1].length >= 4 || (match[1].length === 3 &&
        !(match[1][0] === match[1][1] && match[1][1] === match[1][2] && match[1][0] === digit)));
      if (breakNext || !match || match[2] !== letter || full) tokens.push(digit + letter);
      else tokens[tokens.length - 1] = match[1] + digit + letter;
      melds.value = tokens.join(" ");
    }
    breakNext = false;
    if (lastNext) {
      field("[data-win-tile]").value = digit + letter;
      lastNext = false;
      press(picker.querySelector("[data-picker-last]"), false);
    }
    put(suitInput, suitInput.value);
  }

  /* riichi-ema */
  var WINDS = "ESWN";
  function digits(value) { return String(value || "").replace(/[^0-9]/g, ""); }
  function tileList(value) {
    return String(value || "").split(/[\s,]+/).filter(Boolean).map(function (t) { return t.toLowerCase(); });
  }
  var SUIT_OF = {m: "man", p: "pin", s: "sou", z: "honors", h: "honors"};
  function meldList(value) {
    // "123m 777p 5555s [1111z]": chi, pon, open kan; a concealed kan in brackets
    return String(value || "").split(/\s+/).filter(Boolean).map(function (token) {
      var closed = /^\[.*\]$/.test(token);
      var body = token.replace(/^\[|\]$/g, "").toLowerCase();
      var match = /^(\d+)([mpszh])$/.exec(body);
      var tiles = {man: "", pin: "", sou: "", honors: ""};
      if (!match) return {type: "?", tiles: tiles, text: token};
      tiles[SUIT_OF[match[2]]] = match[1];
      var d = match[1], type;
      if (d.length === 4) type = "kan";
      else if (d.length === 3 && d[0] === d[1] && d[1] === d[2]) type = "pon";
      else type = "chi";
      return {type: type, opened: !closed, tiles: tiles};
    });
  }
  function checkedSeats(name) {
    return Array.prototype.map.call(form.querySelectorAll("input[name=" + name + "]:checked"), function (i) {
      return parseInt(i.value, 10);
    });
  }
  // The riichi-style tile panel of a seat (riichi-ema and japanese-classic): its tiles, winning tile,
  // flags and melds, or null (and the panel's message shown) when they are not complete or not valid.
  function riichiStyleInput(seat) {
    var p = panel(seat);
    var tiles = {};
    p.querySelectorAll("[data-suit]").forEach(function (input) { tiles[input.dataset.suit] = digits(input.value); });
    var winTile = p.querySelector("[data-win-tile]").value.trim().toLowerCase();
    if (!tiles.man && !tiles.pin && !tiles.sou && !tiles.honors) { show(seat); return null; }
    if (!/^[0-9][mpszh]$/.test(winTile)) { show(seat); return null; }
    var flags = {};
    p.querySelectorAll("[data-flag]").forEach(function (input) { flags[input.dataset.flag] = input.checked; });
    var melds = meldList(p.querySelector("[data-melds]").value);
    var bad = melds.filter(function (m) { return m.type === "?"; });
    if (bad.length) { show(seat, fill(texts.badMeld, {text: bad[0].text})); return null; }
    return {
      p: p, tiles: tiles, winTile: winTile, flags: flags, melds: melds,
      tsumo: (form.querySelector("input[name=win_type]:checked") || {}).value === "self_draw",
      riichi: checkedSeats("riichi").indexOf(parseInt(seat, 10)) >= 0
    };
  }
  function valueRiichi(seat) {
    var input = riichiStyleInput(seat);
    if (!input) { return; }
    var p = input.p, tiles = input.tiles, winTile = input.winTile, flags = input.flags, melds = input.melds;
    var tsumo = input.tsumo, riichi = input.riichi;
    var situation = {
      tsumo: tsumo,
      riichi: riichi && !flags.double_riichi,
      double_riichi: !!flags.double_riichi,
      ippatsu: !!flags.ippatsu && (riichi || !!flags.double_riichi),
      rinshan: !!flags.rinshan && tsumo,
      chankan: !!flags.chankan && !tsumo,
      haitei: !!flags.last_tile && tsumo,
      houtei: !!flags.last_tile && !tsumo,
      seat_wind: seatWinds[seat],
      round_wind: prevailing
    };
    var record = {
      ruleset: valuedAs, tiles: tiles, win_tile: winTile, melds: melds,
      dora_indicators: tileList(p.querySelector("[data-dora]").value),
      ura_dora_indicators: tileList(p.querySelector("[data-ura]").value),
      situation: situation
    };
    post(seat, record, function (body) {
      if (body.error) { show(seat, errorText(body.error)); return; }
      var yakuman = body.han >= 13 && body.base === 8000;  // riichi.py: base 8000 only for a yakuman
      var summary = yakuman ? texts.riichiYakuman : fill(texts.riichiSummary, {han: body.han, fu: body.fu});
      show(seat, "", summary, body.yaku);
      setField("win_" + seat, true);
      setField("yakuman_" + seat, yakuman);
      if (yakuman) {
        setField("han_" + seat, "");
        setField("fu_" + seat, "");
      } else {
        setField("han_" + seat, body.han);
        setField("fu_" + seat, body.fu);
      }
    });
  }
  function valueJapanese(seat) {
    var input = riichiStyleInput(seat);
    if (!input) { return; }
    var p = input.p, tiles = input.tiles, winTile = input.winTile, flags = input.flags, melds = input.melds;
    var tsumo = input.tsumo, riichi = input.riichi;
    var east = seatWinds[seat] === "E";
    var situation = {
      tsumo: tsumo,
      riichi: riichi && !flags.double_riichi,
      double_riichi: !!flags.double_riichi,
      haitei: !!flags.last_tile && tsumo,
      houtei: !!flags.last_tile && !tsumo,
      tenhou: !!flags.first_turn && east,
      chiihou: !!flags.first_turn && !east,
      seat_wind: seatWinds[seat],
      round_wind: prevailing
    };
    var record = {
      ruleset: valuedAs, tiles: tiles, win_tile: winTile, melds: melds,
      dora_indicators: tileList(p.querySelector("[data-dora]").value), situation: situation,
      flowers: parseInt(digits(p.querySelector("[data-flowers]").value) || "0", 10)
    };
    post(seat, record, function (body) {
      if (body.error) { show(seat, errorText(body.error)); return; }
      if (!fillWinner(seat, body)) return;
      var summary = body.limit_hand
        ? texts.limitHand : fill(texts.pointsSummary, {points: body.points, doubles: body.doubles});
      show(seat, "", (texts.won || "Mah-Jongg") + " · " + summary, body.explain);
      setField("points", body.limit_hand ? "" : body.points);
      setField("doubles", body.limit_hand ? "" : body.doubles);
    });
  }

  function valueMcr(seat) {
    var input = riichiStyleInput(seat);
    if (!input) { return; }
    var flags = input.flags;
    var record = {
      ruleset: valuedAs, tiles: input.tiles, win_tile: input.winTile, melds: input.melds,
      flowers: parseInt(digits(input.p.querySelector("[data-flowers]").value) || "0", 10),
      situation: {
        self_drawn: input.tsumo, last_of_kind: !!flags.last_of_kind, kong: !!flags.kong,
        last_of_wall: !!flags.last_of_wall, seat_wind: seatWinds[seat], round_wind: prevailing
      }
    };
    if (Object.keys(tileOptions).length) record.options = tileOptions;
    post(seat, record, function (body) {
      setField("tile_elements", "");  // kept only from a valuation that won (the server drops stale ones)
      if (body.error) { show(seat, errorText(body.error)); return; }
      if (!fillWinner(seat, body)) return;
      var summary = fill(texts.mcrSummary, {points: body.points, flowers: body.flowers});
      if (!body.enough) summary += " · " + fill(texts.mcrShort, {minimum: tileOptions.min_points || 8});
      show(seat, "", (texts.won || "Mah-Jongg") + " · " + summary, body.explain);
      setField("points", body.points);
      setField("flowers", body.flowers);
      setField("tile_elements", JSON.stringify(body.elements || []));
    });
  }

  if (ruleset !== "dmjl-classical") {
    // the form's own inputs that change a winner's situation: value the open panels again
    form.addEventListener("change", function (event) {
      var name = event.target.name;
      if (name !== "win_type" && name !== "riichi") return;
      form.querySelectorAll(".tiles-panel").forEach(function (p) {
        if (!p.hidden) schedule(p.dataset.tilesSeat);
      });
    });
  }

  function valueSeat(seat) {
    if (ruleset === "dmjl-classical") valueClassical(seat);
    else if (ruleset === "dmjl-hke") valueHke(seat);
    else if (ruleset === "japanese-classic") valueJapanese(seat);
    else if (ruleset === "mcr") valueMcr(seat);
    else valueRiichi(seat);
  }
})();
