// Counts every [data-remaining] clock down between server pushes. Only the server decides
// when time is up; this keeps the numbers moving so players see their time draining.
(function () {
  const started = new WeakMap();
  function tick() {
    const now = performance.now();
    document.querySelectorAll("[data-remaining]").forEach(function (el) {
      if (!started.has(el)) started.set(el, now);
      const left = parseFloat(el.dataset.remaining) - (now - started.get(el)) / 1000;
      el.textContent = Math.max(0, Math.ceil(left)) + " s";
      el.classList.toggle("clock--low", left < 10);
    });
  }
  setInterval(tick, 250);
  document.addEventListener("DOMContentLoaded", tick);
})();
