/* Find my table as you type: asks tournaments/<id>/find/?q= and lists table and wind; without
   JavaScript the form opens the find page. */
(function () {
  "use strict";
  var form = document.querySelector("form.find[data-find-api]");
  if (!form) { return; }
  var input = form.querySelector("input[name=q]");
  var list = form.querySelector("ul.found");
  var winds = (input.getAttribute("data-winds") || "E,S,W,N").split(",");
  var names = {E: winds[0], S: winds[1], W: winds[2], N: winds[3]};
  var timer = null;
  var asked = 0;

  function render(rows) {
    list.textContent = "";
    if (!rows.length) {
      var none = document.createElement("li");
      none.textContent = input.getAttribute("data-text-none");
      list.appendChild(none);
      return;
    }
    rows.forEach(function (row) {
      var item = document.createElement("li");
      var name = document.createElement("strong");
      name.textContent = row.player_name;
      item.appendChild(name);
      item.appendChild(document.createTextNode(": "));
      var link = document.createElement("a");
      link.href = row.url;
      link.textContent = input.getAttribute("data-text-session") + " " + row.session + ", " +
        input.getAttribute("data-text-table") + " " + row.table + ", " + (names[row.wind] || row.wind);
      item.appendChild(link);
      if (row.tablemates && row.tablemates.length) {
        var mates = document.createElement("span");
        mates.className = "mates";
        mates.textContent = input.getAttribute("data-text-with") + " " + row.tablemates.map(function (mate) {
          return mate.player_name + " (" + (names[mate.wind] || mate.wind) + ")";
        }).join(", ");
        item.appendChild(document.createElement("br"));
        item.appendChild(mates);
      }
      list.appendChild(item);
    });
  }

  function ask() {
    var query = input.value.trim();
    if (!query) { list.textContent = ""; return; }
    var mine = ++asked;
    fetch(form.getAttribute("data-find-api") + "?q=" + encodeURIComponent(query), {credentials: "same-origin"})
      .then(function (response) { return response.ok ? response.json() : []; })
      .then(function (rows) { if (mine === asked) { render(rows); } })
      .catch(function () {});
  }

  input.addEventListener("input", function () { window.clearTimeout(timer); timer = window.setTimeout(ask, 250); });
  form.addEventListener("submit", function (event) { event.preventDefault(); ask(); });
}());
