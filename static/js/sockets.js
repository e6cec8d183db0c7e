// htmx's ws extension waits up to a minute between reconnects (exponential back-off); after a
// server restart that left a game paused for minutes. Every page tries again within 0.5-2 s
// instead: spread out so that a restarted server's pages do not all arrive in the same instant.
(function () {
  htmx.config.wsReconnectDelay = function () {
    return 500 + Math.random() * 1500;
  };
})();
