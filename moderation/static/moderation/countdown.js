// Counts down every [data-countdown] element (seconds left when the server rendered it)
// between server pushes, and hides the element named by data-countdown-hide at zero. The
// page's own clock measures the time, so a wrong system clock on the device does not matter.
(function () {
  if (window.stichCountdown) return;
  window.stichCountdown = true;
  const started = new WeakMap();
  const pad = (n) => String(n).padStart(2, "0");
  function format(el, seconds) {
    const days = Math.floor(seconds / 86400);
    const hours = Math.floor((seconds % 86400) / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const secs = seconds % 60;
    const clock = hours || days ? hours + ":" + pad(minutes) + ":" + pad(secs) : minutes + ":" + pad(secs);
    if (!days) return clock;
    const unit = days === 1 ? el.dataset.dayOne : el.dataset.dayOther;
    return unit.replace("%(n)s", days) + " " + clock;
  }
  function tick() {
    const now = performance.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      if (!started.has(el)) started.set(el, now);
      const left = Math.max(0, Math.ceil(parseFloat(el.dataset.countdown) - (now - started.get(el)) / 1000));
      el.textContent = format(el, left);
      const box = left === 0 && el.dataset.countdownHide && document.getElementById(el.dataset.countdownHide);
      if (box) box.hidden = true;
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
})();
