// The table's ways on and out: the "go on" key of a waivable window (G), the warning before
// closing a page mid-game (#t-leave[data-leave-warning]), the way to the lobby once the
// player left (#t-leave[data-go]), and after the game a way back taken by itself once its
// countdown runs out ([data-return-to], [data-return-in] seconds) unless the player stays.
(function () {
  document.addEventListener("keydown", function (event) {
    if (event.key !== "g" && event.key !== "G") return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const button = document.querySelector("#t-go-on button[data-key='g']");
    if (button) {
      event.preventDefault();
      button.click();
    }
  });
  window.addEventListener("beforeunload", function (event) {
    const panel = document.querySelector("#t-leave[data-leave-warning]");
    if (!panel) return;
    event.preventDefault();
    event.returnValue = panel.dataset.leaveWarning;
  });
  // Once: every message that arrives while the next page loads would start the navigation
  // again, and each new start aborts the one before (a slow server made that visible).
  let leaving = false;
  function go(url) {
    if (leaving) return;
    leaving = true;
    window.location.assign(url);
  }
  function goIfLeft() {
    const gone = document.querySelector("#t-leave[data-go]");
    if (gone) go(gone.dataset.go);
  }
  document.addEventListener("htmx:oobAfterSwap", goIfLeft);
  document.addEventListener("htmx:wsAfterMessage", goIfLeft);

  // One countdown per way back, kept across redraws of the panel that shows it.
  let going = null;
  function tick() {
    const panel = document.querySelector("[data-return-to]");
    if (!going || !panel || panel.dataset.returnTo !== going.url) return;
    if (going.stayed) {
      panel.querySelectorAll("[data-return-countdown]").forEach(function (part) { part.hidden = true; });
      return;
    }
    const left = Math.max(0, Math.ceil((going.at - Date.now()) / 1000));
    panel.querySelectorAll("[data-return-count]").forEach(function (count) { count.textContent = left; });
    if (left === 0) {
      window.clearInterval(going.timer);
      go(going.url);
    }
  }
  function watchReturn() {
    const panel = document.querySelector("[data-return-to]");
    if (panel && (!going || going.url !== panel.dataset.returnTo)) {
      if (going) window.clearInterval(going.timer);
      going = {url: panel.dataset.returnTo, at: Date.now() + 1000 * Number(panel.dataset.returnIn),
               stayed: false, timer: window.setInterval(tick, 250)};
    }
    tick();
  }
  document.addEventListener("click", function (event) {
    if (!going || !event.target.closest || !event.target.closest("[data-return-stay]")) return;
    going.stayed = true;
    window.clearInterval(going.timer);
    tick();
  });
  document.addEventListener("DOMContentLoaded", watchReturn);
  document.addEventListener("htmx:oobAfterSwap", watchReturn);
  document.addEventListener("htmx:wsAfterMessage", watchReturn);
})();
