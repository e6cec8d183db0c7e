// Counts every [data-remaining] clock down between server pushes. Only the server decides
// when time is up; this keeps the numbers moving so players see their time draining.
// While the server says its time stands still (#t-service[data-frozen-for]: beat is silent),
// the clocks stop where the server's stopped, which is where they go on from.
(function () {
  const started = new WeakMap();
  const frozenAt = new WeakMap();
  function stoppedAt(now) {
    const notice = document.querySelector("#t-service[data-frozen-for]");
    if (!notice) return null;
    if (!frozenAt.has(notice)) frozenAt.set(notice, now - parseFloat(notice.dataset.frozenFor) * 1000);
    return frozenAt.get(notice);
  }
  function tick() {
    const now = performance.now();
    const stopped = stoppedAt(now);
    document.querySelectorAll("[data-remaining]").forEach(function (el) {
      if (!started.has(el)) started.set(el, now);
      // A clock drawn after the stop counts back up to it: its number was drawn for "now".
      const until = stopped === null ? now : Math.min(now, stopped);
      const left = parseFloat(el.dataset.remaining) - (until - started.get(el)) / 1000;
      el.textContent = Math.max(0, Math.ceil(left)) + " s";
      el.classList.toggle("clock--low", left < 10);
    });
  }
  setInterval(tick, 250);
  document.addEventListener("DOMContentLoaded", tick);
})();
