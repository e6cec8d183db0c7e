// The table page between server pushes: every fragment is drawn by the server and swapped in
// whole, so what the page itself must remember lives here — which folded panels the player
// opened, which play was last shown (to slide in only a new one), "your turn" in the tab's
// title and as a sound, the cue a game sets on a play (data-cue) with their mute switch (kept
// on the account), and keyboard play.
(function () {
  const opened = new Map();  // details id -> open, as the player last chose it
  let shownPlay = null;
  let myTurn = false;
  let ready = false;
  let focusedPiece = null;  // the piece the keyboard is on, found again in a redrawn rack

  function page() { return document.querySelector(".table-page"); }

  // --- folded panels stay as the player left them across swaps
  document.addEventListener("toggle", function (event) {
    const details = event.target;
    if (details.matches && details.matches("details[data-keep-open][id]") && details.dataset.restoring !== "1") {
      opened.set(details.id, details.open);
    }
  }, true);

  function restorePanels() {
    document.querySelectorAll("details[data-keep-open][id]").forEach(function (details) {
      if (!opened.has(details.id) || details.open === opened.get(details.id)) return;
      details.dataset.restoring = "1";
      details.open = opened.get(details.id);
      // toggle fires later, as a task: mark it ours until then
      setTimeout(function () { delete details.dataset.restoring; }, 0);
    });
  }

  // --- a region that arrives unchanged stays as it is: every move redraws each region of
  // the page, and replacing one under the player's finger drops a press begun on a button
  // that is gone by its release (another seat's move, a bot's, a clock)
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const shown = event.detail.target;
    const fragment = event.detail.fragment;
    if (!event.detail.shouldSwap || !shown || !shown.id || !fragment) return;
    const coming = fragment.id === shown.id ? fragment : fragment.querySelector && fragment.querySelector("#" + shown.id);
    if (!coming) return;
    const copy = coming.cloneNode(true);
    copy.removeAttribute("hx-swap-oob");
    if (copy.outerHTML === shown.outerHTML) event.detail.shouldSwap = false;
  });

  // --- sound
  const sounds = {};
  // A player's choice is kept on their account (the page says it in data-sound-off); a
  // visitor who is not signed in keeps theirs in this browser.
  function soundOff() {
    const p = page();
    if (p && p.dataset.soundOff !== undefined) return p.dataset.soundOff === "1";
    try { return localStorage.getItem("stich-sound-off") === "1"; } catch (e) { return false; }
  }
  function play(name) {
    if (soundOff()) return;
    const src = page() && page().dataset[name + "Sound"];
    if (!src) return;
    if (!sounds[name]) { sounds[name] = new Audio(src); sounds[name].volume = 0.5; }
    sounds[name].currentTime = 0;
    // Browsers refuse sound before the first click on the page: nothing to do about that.
    const playing = sounds[name].play();
    if (playing) playing.catch(function () {});
  }
  function drawToggle() {
    const button = document.getElementById("sound-toggle");
    if (!button) return;
    const off = soundOff();
    // The label says the state ("Sound off"): a button whose label changes is not also pressed.
    button.toggleAttribute("data-muted", off);
    button.textContent = off ? button.dataset.off : button.dataset.on;
  }
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest("#sound-toggle");
    if (!button || button.form) return;
    try { localStorage.setItem("stich-sound-off", soundOff() ? "0" : "1"); } catch (e) { /* private mode */ }
    drawToggle();
  });
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.id !== "sound-form") return;
    event.preventDefault();
    // Shown at once; the account's answer then confirms it (or puts it back).
    const was = soundOff() ? "1" : "0";
    const wanted = was === "1" ? "0" : "1";
    form.elements.off.value = wanted;
    page().dataset.soundOff = wanted;
    drawToggle();
    function settle(off) {
      if (!page()) return;
      page().dataset.soundOff = off;
      form.elements.off.value = off === "1" ? "0" : "1";
      drawToggle();
    }
    fetch(form.action, {method: "POST", body: new FormData(form), credentials: "same-origin",
                        headers: {"Accept": "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { settle(answer ? (answer.off ? "1" : "0") : was); })
      .catch(function () { settle(was); });  // not saved: the switch says so
  });

  // --- after each push: panels, the arriving play, the sounds
  document.addEventListener("focusin", function (event) {
    focusedPiece = event.target.matches("#t-rack input[data-piece]") ? event.target.value : null;
  });

  const plainTitle = document.title;
  function refresh() {
    restorePanels();
    if (focusedPiece && (document.activeElement === document.body || !document.activeElement)) {
      const piece = document.querySelector("#t-rack input[data-piece][value='" + CSS.escape(focusedPiece) + "']");
      if (piece) piece.focus();
    }
    const top = document.querySelector("#t-board [data-play]");
    const key = top ? top.dataset.play : null;
    if (top && key !== shownPlay && ready) {
      top.classList.remove("arrived");
      void top.offsetWidth;  // restart the animation on a reused element
      top.classList.add("arrived");
      if (top.dataset.cue) play(top.dataset.cue);
    }
    shownPlay = key;
    const status = document.getElementById("t-status");
    const turn = !!(status && status.hasAttribute("data-my-turn"));
    if (turn && !myTurn && ready) play("turn");
    myTurn = turn;
    // The tab says so too: a player waiting in another tab sees it is their move.
    const p = page();
    if (p && p.dataset.turnTitle) document.title = turn ? p.dataset.turnTitle + " · " + plainTitle : plainTitle;
    ready = true;
  }
  document.addEventListener("htmx:wsAfterMessage", refresh);

  // --- keyboard: arrows move along the rack, Space chooses a piece, Enter plays the choice,
  // Shift+Enter passes
  // The first such button the player's choice leaves usable (static/js/pick.js).
  function click(selector) {
    const button = Array.from(document.querySelectorAll(selector)).find(function (candidate) {
      return !candidate.disabled && !candidate.closest("[hidden]");
    });
    if (button) { button.click(); return true; }
    return false;
  }
  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (target.matches && target.matches("input[type=text], input:not([type]), textarea, select")) return;
    const pieces = Array.from(document.querySelectorAll("#t-rack input[data-piece]"));
    const at = pieces.indexOf(target);
    if (at >= 0 && (event.key === "ArrowRight" || event.key === "ArrowLeft")) {
      const next = pieces[at + (event.key === "ArrowRight" ? 1 : -1)];
      if (next) { next.focus(); event.preventDefault(); }
    } else if (event.key === "Enter" && (at >= 0 || target === document.body)) {
      // The game marks the buttons these keys press (aria-keyshortcuts, also read out to
      // screen readers); a button that asks a further choice carries none.
      const done = click(event.shiftKey ? "#t-rack button[aria-keyshortcuts='Shift+Enter']"
                                        : "#t-rack button[aria-keyshortcuts='Enter']");
      if (done) event.preventDefault();
    }
  });

  document.addEventListener("DOMContentLoaded", function () { drawToggle(); refresh(); });
})();
