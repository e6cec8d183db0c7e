// When the socket says the player's game has started, their page goes to its table.
(function () {
  function follow() {
    const go = document.querySelector("[data-go-to-table]");
    if (go && go.dataset.goToTable && go.dataset.goToTable !== window.stichFollowed) {
      window.stichFollowed = go.dataset.goToTable;
      window.location.assign(go.dataset.goToTable);
    }
  }
  document.addEventListener("htmx:oobAfterSwap", follow);
  document.addEventListener("htmx:wsAfterMessage", follow);
})();
