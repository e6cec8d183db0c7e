// The replay viewer's keys, slider and autoplay. Every step is a plain link (htmx swaps the
// board in); this file only follows those links, so without it the page still works.
(function () {
  "use strict";
  if (window.htmx) htmx.config.scrollIntoViewOnBoost = false;

  function follow(name) {
    var link = document.querySelector('#replay [data-nav="' + name + '"]');
    // A link swapped in a moment ago is boosted only when htmx settles the swap; followed
    // before that (a held arrow key), it would load the whole page.
    if (link && window.htmx) htmx.process(link);
    if (link) link.click();
    return Boolean(link);
  }

  var KEYS = {
    ArrowRight: "next-step", ArrowLeft: "previous-step",
    "Shift+ArrowRight": "next-clear", "Shift+ArrowLeft": "previous-clear",
    ArrowDown: "next-hand", ArrowUp: "previous-hand", PageDown: "next-hand", PageUp: "previous-hand",
    Home: "first", End: "last",
  };

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (target.closest && target.closest("input, select, textarea")) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    var name = KEYS[(event.shiftKey ? "Shift+" : "") + event.key];
    if (name && follow(name)) event.preventDefault();
  });

  // The slider goes to the step it is let go at.
  document.addEventListener("change", function (event) {
    if (event.target.matches("[data-slider]")) event.target.form.requestSubmit();
  });

  var timer = null;
  function button() { return document.querySelector("[data-autoplay]"); }
  function stop() {
    clearTimeout(timer);
    timer = null;
    var b = button();
    b.textContent = b.dataset.playLabel;
    b.setAttribute("aria-pressed", "false");
  }
  function tick() {
    // The next step is asked for only once the last one is on the page (htmx:afterSettle).
    if (!follow("next-step")) stop();
  }
  function schedule() {
    timer = setTimeout(tick, Number(document.querySelector("[data-speed]").value));
  }
  document.addEventListener("htmx:afterSettle", function () { if (timer !== null) schedule(); });

  document.addEventListener("DOMContentLoaded", function () {
    var b = button();
    if (!b) return;
    b.closest(".replay-autoplay").hidden = false;
    b.addEventListener("click", function () {
      if (timer !== null) return stop();
      b.textContent = b.dataset.pauseLabel;
      b.setAttribute("aria-pressed", "true");
      schedule();
    });
  });
})();
