// htmx's ws extension waits up to a minute between reconnects (exponential back-off); after a
// server restart that left a game paused for minutes. Every page tries again within 0.5-2 s
// instead: spread out so that a restarted server's pages do not all arrive in the same instant.
(function () {
  htmx.config.wsReconnectDelay = function () {
    return 500 + Math.random() * 1500;
  };
})();

// Whether the page's socket is open (body[data-socket]): a player whose connection dropped is
// told so while htmx tries again, and whoever drives the page acts once it is live. A socket
// the server closed for good (the codes htmx does not try again after: a ban, flooding) says
// "ended", and the player is offered a reload.
(function () {
  const RETRIED = [1006, 1011, 1012, 1013];
  document.addEventListener("htmx:wsOpen", function () {
    document.body.dataset.socket = "open";
  });
  document.addEventListener("htmx:wsClose", function (event) {
    const code = event.detail.event && event.detail.event.code;
    document.body.dataset.socket = RETRIED.indexOf(code) >= 0 ? "closed" : "ended";
  });
})();
