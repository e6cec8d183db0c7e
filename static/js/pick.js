// Choosing before acting happens in the page alone: tapping pieces, placing one in a slot,
// turning the rack round and arming a flag send nothing; only the chosen action is sent, and
// the server judges it. A game's rack holds a form #t-pick whose checkboxes marked
// data-piece are the seat's own pieces, and which carries the seat's legal moves, drawn from
// its own view: data-moves = {"sets": {values: [names]}, "counts": {n: [names]}}, where values
// are the chosen pieces' values sorted and joined by spaces, and n a number of chosen pieces.
// The names hold while that choice is made; so do a pressed flag (a button data-flag="name")
// and "slots-full" once every slot (input[data-slot]) holds a piece; a slot's
// [data-slot-shows] shows a copy of the piece's image, with the classes its data-piece-class
// names. The controls say what
// they need: data-enable="a b" (a button usable while one of the names holds), data-show="a b"
// (shown while one holds), data-hide="a b" (hidden while one holds). A piece placed in a slot
// has data-placed on its list item. A redraw of the rack keeps the choice while its pieces are
// still there and data-round is unchanged.
(function () {
  let chosen = [];           // the values of the chosen pieces
  let round = null;          // the rack's data-round they were chosen in
  const placed = new Map();  // slot input name -> the piece placed there
  const flags = new Set();
  let turned = false;        // the rack shown in the reverse of the server's order

  function rack() { return document.getElementById("t-rack"); }
  function pick() { return document.getElementById("t-pick"); }
  function boxes() {
    const form = pick();
    return form ? Array.from(form.querySelectorAll("input[data-piece]")) : [];
  }
  function slots() {
    const section = rack();
    return section ? Array.from(section.querySelectorAll("input[data-slot]")) : [];
  }

  function moves() {
    const form = pick();
    if (!form) return {};
    if (form.pickMoves === undefined) {
      try { form.pickMoves = JSON.parse(form.dataset.moves || "{}"); } catch (e) { form.pickMoves = {}; }
    }
    return form.pickMoves;
  }

  // Every name that holds now.
  function holding() {
    const names = new Set(flags);
    const known = moves();
    const key = chosen.slice().sort().join(" ");
    ((known.sets || {})[key] || []).forEach(function (name) { names.add(name); });
    if (chosen.length) {
      ((known.counts || {})[String(chosen.length)] || []).forEach(function (name) { names.add(name); });
    }
    const all = slots();
    if (all.length && all.every(function (input) { return placed.has(input.name); })) names.add("slots-full");
    return names;
  }

  function names(element, attribute) {
    return (element.getAttribute(attribute) || "").split(/\s+/).filter(Boolean);
  }
  function anyHolds(element, attribute, held) {
    return names(element, attribute).some(function (name) { return held.has(name); });
  }

  function drawOrder(section) {
    const list = section.querySelector("#t-pick ul");
    const button = section.querySelector("[data-turn-rack]");
    if (button) button.textContent = turned ? button.dataset.turned : button.dataset.unturned;
    if (!list || (list.dataset.turned === "1") === turned) return;
    Array.from(list.children).reverse().forEach(function (item) { list.appendChild(item); });
    list.dataset.turned = turned ? "1" : "0";
  }

  function drawSlots(section) {
    const pieces = new Map(boxes().map(function (box) { return [box.value, box]; }));
    slots().forEach(function (input) {
      const piece = placed.get(input.name) || "";
      input.value = piece;
      const shows = input.parentElement.querySelector("[data-slot-shows]");
      if (!shows) return;
      if (shows.dataset.empty === undefined) shows.dataset.empty = shows.innerHTML;
      if (shows.dataset.piece === piece) return;
      shows.dataset.piece = piece;
      const face = piece && pieces.get(piece) && pieces.get(piece).parentElement.querySelector("img");
      if (face) {
        const copy = face.cloneNode(false);
        if (shows.dataset.pieceClass) copy.className = shows.dataset.pieceClass;
        shows.replaceChildren(copy);
      } else {
        shows.innerHTML = shows.dataset.empty;
      }
    });
  }

  function draw() {
    const section = rack();
    if (!section) return;
    const away = new Set(placed.values());
    boxes().forEach(function (box) {
      box.checked = chosen.indexOf(box.value) >= 0;
      box.disabled = away.has(box.value);
      box.closest("li").toggleAttribute("data-placed", away.has(box.value));
    });
    drawSlots(section);
    drawOrder(section);
    const held = holding();
    section.querySelectorAll("[data-show], [data-hide]").forEach(function (element) {
      element.hidden = (element.hasAttribute("data-show") && !anyHolds(element, "data-show", held))
        || (element.hasAttribute("data-hide") && anyHolds(element, "data-hide", held));
    });
    section.querySelectorAll("[data-enable]").forEach(function (element) {
      element.disabled = !anyHolds(element, "data-enable", held);
    });
    section.querySelectorAll("[data-flag]").forEach(function (button) {
      button.setAttribute("aria-pressed", flags.has(button.dataset.flag) ? "true" : "false");
    });
  }

  // After a redraw: keep what was chosen while it still can be.
  function restore() {
    const form = pick();
    const now = form ? form.dataset.round || "" : null;
    if (now !== round) { chosen = []; placed.clear(); round = now; }
    const held = new Set(boxes().map(function (box) { return box.value; }));
    const named = new Set(slots().map(function (input) { return input.name; }));
    placed.forEach(function (piece, slot) { if (!named.has(slot) || !held.has(piece)) placed.delete(slot); });
    const away = new Set(placed.values());
    chosen = chosen.filter(function (piece) { return held.has(piece) && !away.has(piece); });
    const section = rack();
    flags.forEach(function (flag) {
      if (!section || !section.querySelector("[data-flag='" + CSS.escape(flag) + "']")) flags.delete(flag);
    });
    draw();
  }

  document.addEventListener("change", function (event) {
    if (!event.target.matches("#t-pick input[data-piece]")) return;
    chosen = boxes().filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
    draw();
  });

  document.addEventListener("click", function (event) {
    const target = event.target.closest && event.target.closest("#t-rack button");
    if (!target) return;
    if (target.hasAttribute("data-slot-button")) {
      const input = target.parentElement.querySelector("input[data-slot]");
      if (placed.has(input.name)) {
        placed.delete(input.name);  // a second tap on a filled slot takes the piece back
      } else if (chosen.length === 1) {
        placed.set(input.name, chosen[0]);
        chosen = [];
      }
    } else if (target.dataset.flag) {
      if (flags.has(target.dataset.flag)) flags.delete(target.dataset.flag);
      else flags.add(target.dataset.flag);
    } else if (target.hasAttribute("data-turn-rack")) {
      turned = !turned;
    } else {
      return;
    }
    event.preventDefault();
    draw();
  });

  // A form whose button the choice leaves disabled or hidden sends nothing, however it was
  // submitted.
  document.addEventListener("htmx:wsConfigSend", function (event) {
    const form = event.target;
    if (!form.closest || !form.closest("#t-rack")) return;
    const button = form.querySelector("button[type=submit], button:not([type])");
    if (form.closest("[hidden]") || (button && (button.disabled || button.closest("[hidden]")))) {
      event.preventDefault();
    }
  });
  document.addEventListener("submit", function (event) {
    if (event.target.id === "t-pick") event.preventDefault();
  });

  // A redraw that brings the same pieces leaves the pieces' elements where they are and
  // replaces only what is around them: a tap is a press and a release, and a tap whose press
  // met a piece that the release found replaced (or even moved) is lost — on a phone, any tap
  // during a move at the table.
  function values(list) {
    const pieces = Array.from(list.querySelectorAll("input[data-piece]")).map(function (box) { return box.value; });
    return list.dataset.turned === "1" ? pieces.reverse() : pieces;
  }
  function redrawAround(section, coming) {
    const form = section.querySelector("#t-pick");
    const comingForm = coming.querySelector("#t-pick");
    if (form.parentElement !== section || comingForm.parentElement !== coming) return false;
    Array.from(form.attributes).forEach(function (a) { if (!comingForm.hasAttribute(a.name)) form.removeAttribute(a.name); });
    Array.from(comingForm.attributes).forEach(function (a) { form.setAttribute(a.name, a.value); });
    delete form.pickMoves;
    Array.from(section.childNodes).forEach(function (node) { if (node !== form) node.remove(); });
    let before = true;
    Array.from(coming.childNodes).forEach(function (node) {
      if (node === comingForm) { before = false; return; }
      if (before) section.insertBefore(node, form); else section.appendChild(node);
    });
    Array.from(coming.attributes).forEach(function (a) {
      if (a.name !== "hx-swap-oob") section.setAttribute(a.name, a.value);
    });
    htmx.process(section);
    return true;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const section = event.detail.target;
    if (section.id !== "t-rack") return;
    const fragment = event.detail.fragment;
    const coming = fragment.id === "t-rack" ? fragment : fragment.querySelector && fragment.querySelector("#t-rack");
    const shown = section.querySelector("#t-pick ul");
    const comingList = coming && coming.querySelector("#t-pick ul");
    if (!shown || !comingList || shown.className !== comingList.className
        || values(shown).join(" ") !== values(comingList).join(" ")) return;
    if (redrawAround(section, coming)) event.detail.shouldSwap = false;
  });

  document.addEventListener("htmx:wsAfterMessage", restore);
  document.addEventListener("DOMContentLoaded", restore);
})();
