/* Parts of a page that follow the server while something is under way (an export being built):
   an element with data-refresh="<seconds>" is fetched again from the same URL and replaced in
   place, with no reload of the page (no <meta http-equiv="refresh">); it stops when the fresh copy
   no longer asks to be refreshed, or after a failed request, until the next try. */
(function () {
  "use strict";
  function follow(element) {
    var seconds = parseInt(element.dataset.refresh, 10);
    if (!seconds || seconds < 1) return;
    window.setTimeout(function () {
      fetch(window.location.href, {credentials: "same-origin", headers: {"Accept": "text/html"}})
        .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(element.id);
          if (!fresh) return;
          element.innerHTML = fresh.innerHTML;
          element.dataset.refresh = fresh.dataset.refresh || "";
          follow(element);
        })
        .catch(function () { follow(element); });
    }, seconds * 1000);
  }
  document.querySelectorAll("[data-refresh][id]").forEach(follow);
})();
