// The table's ways on and out: the "go on" key of a waivable window (G), the warning before
// closing a page mid-game (#t-leave[data-leave-warning]), and the way to the lobby once the
// player left (#t-leave[data-go]).
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
  function goIfLeft() {
    const gone = document.querySelector("#t-leave[data-go]");
    if (gone) window.location.assign(gone.dataset.go);
  }
  document.addEventListener("htmx:oobAfterSwap", goIfLeft);
  document.addEventListener("htmx:wsAfterMessage", goIfLeft);
})();
