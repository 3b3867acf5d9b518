// Marque, the room's pages: follow the session live (server-sent events), reconnecting by
// itself. No inline handler, nothing from another host.
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-events");
  if (!url || !window.EventSource) { return; }
  var main = document.getElementById("main");
  var status = document.getElementById("status");
  var live = document.createElement("div");
  live.setAttribute("aria-live", "polite");
  live.className = "sr";
  live.id = "news";
  body.appendChild(live);
  var hands = -1;
  // A phone's page: whether the session as the page was made has come (the first event).
  var seen = false;
  // The browser reconnects by itself after a lost connection, but gives up after an answer
  // other than 200 (a 503 when every place is taken): the page then opens its stream again,
  // waiting longer each time (1 s, 2 s, 4 s… at most 30 s), and says so while it waits.
  var wait = 1000;
  var over = false;
  function open() {
    var source = new EventSource(url);
    source.addEventListener("open", function () {
      status.textContent = "";
      wait = 1000;
    });
    source.addEventListener("error", function () {
      status.textContent = body.getAttribute("data-reconnecting") || "";
      if (source.readyState === 2 && !over) {
        setTimeout(open, wait);
        wait = Math.min(wait * 2, 30000);
      }
    });
    source.addEventListener("change", function (e) {
      var d = JSON.parse(e.data);
      // A phone waiting for its side's next word: read again whole once the session changes
      // (the first event is the sheet as it was when the page was made).
      if (body.getAttribute("data-follow") === "reload") {
        var why = document.getElementById("why");
        var typing = why && (why.value !== "" || document.activeElement === why);
        // Read again by address (a GET, never the form posted again).
        if (seen && !typing) { window.location.replace(window.location.href); }
        seen = true;
        return;
      }
      // The server escaped every text of the sheet it sends: the sheet whole (on opening and
      // reopening), or what changed (rows by their place, parts by their id).
      if (typeof d.html === "string") {
        main.innerHTML = d.html;
      } else {
        apply(d);
      }
      if (hands >= 0 && d.hands !== hands && d.news) { live.textContent = d.news; }
      hands = d.hands;
      body.setAttribute("data-totals", JSON.stringify(d.totals));
    });
    source.addEventListener("gone", function (e) {
      var d = JSON.parse(e.data);
      main.textContent = d.text;
      over = true;
      source.close();
    });
  }
  // A row made from the server's text.
  function row(html) {
    var t = document.createElement("tbody");
    t.innerHTML = html;
    return t.firstElementChild;
  }
  // What changed: each row new or changed put in its place (rows of an earlier part not shown
  // here stay out), rows past the sheet's end taken away, the other parts replaced.
  function apply(d) {
    var tbody = document.getElementById("rows");
    if (tbody) {
      var from = parseInt(tbody.getAttribute("data-from") || "0", 10);
      (d.rows || []).forEach(function (pair) {
        var i = pair[0];
        if (i < from) { return; }
        var old = tbody.querySelector('tr[data-i="' + i + '"]');
        var made = row(pair[1]);
        if (!made) { return; }
        if (old) {
          tbody.replaceChild(made, old);
        } else {
          tbody.appendChild(made);
        }
      });
      Array.prototype.slice.call(tbody.querySelectorAll("tr[data-i]")).forEach(function (tr) {
        if (parseInt(tr.getAttribute("data-i"), 10) >= d.count) { tbody.removeChild(tr); }
      });
    }
    ["head", "cols", "foot", "wheel", "log"].forEach(function (id) {
      var part = document.getElementById(id);
      if (part && typeof d[id] === "string") {
        // The log keeps its open or closed state.
        var open = part.querySelector("details[open]") !== null;
        part.innerHTML = d[id];
        var details = part.querySelector("details");
        if (open && details) { details.setAttribute("open", ""); }
      }
    });
  }
  open();
})();

// Marque, a phone keying a hand: what is at stake, asked from the server as the bid is keyed
// (the form as it is, read only), put in its box of fixed height; a result tapped asks for
// its lines alone. Without scripts the box stays empty and the form works the same.
(function () {
  "use strict";
  var box = document.getElementById("stakes");
  if (!box || !window.fetch || !window.URLSearchParams || !window.FormData) { return; }
  var form = box.closest("form");
  var url = box.getAttribute("data-stakes");
  if (!form || !url) { return; }
  var asked = 0;
  function query(more) {
    var q = new URLSearchParams();
    new FormData(form).forEach(function (v, k) {
      if (k !== "do" && typeof v === "string") { q.append(k, v); }
    });
    return url + "&" + q.toString() + (more || "");
  }
  // What the server said, or nothing where it could not say it (the box then shows nothing
  // rather than the stakes of a bid the form no longer holds).
  function get(address, done) {
    fetch(address, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(done, function () { done(""); });
  }
  // Each row's likely results brought into view, the row alone scrolled.
  function bring() {
    Array.prototype.slice.call(box.querySelectorAll(".scells")).forEach(function (row) {
      var likely = row.querySelector(".likely");
      if (likely) { row.scrollLeft = Math.max(0, likely.offsetLeft - row.offsetLeft - 8); }
    });
  }
  // The request the rows on screen answer: a tap counts only on the rows of the form as it is.
  var shown = 0;
  function ask() {
    var n = ++asked;
    box.setAttribute("aria-busy", "true");
    get(query(), function (html) {
      if (n !== asked) { return; }
      box.innerHTML = html;
      box.removeAttribute("aria-busy");
      shown = n;
      bring();
    });
  }
  form.addEventListener("change", ask);
  box.addEventListener("click", function (e) {
    var cell = e.target.closest ? e.target.closest("button.scell") : null;
    if (!cell) { return; }
    e.preventDefault();
    if (shown !== asked) { return; }
    Array.prototype.slice.call(box.querySelectorAll("button.scell")).forEach(function (b) {
      b.setAttribute("aria-pressed", b === cell ? "true" : "false");
    });
    var n = asked;
    get(query("&k=" + encodeURIComponent(cell.getAttribute("data-k"))), function (html) {
      var lines = document.getElementById("slines");
      if (n !== asked || !lines) { return; }
      lines.innerHTML = html;
      // The box alone scrolled to the lines (the page stays where it is).
      box.scrollTop += lines.getBoundingClientRect().top - box.getBoundingClientRect().top;
    });
  });
  ask();
})();
