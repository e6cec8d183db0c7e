// The header's links fold into a menu on narrow screens (static/css/site.css): the button opens
// and closes it; Escape or a tap elsewhere closes it, as people expect of a menu.
(function () {
  var toggle = document.querySelector(".menu-toggle");
  if (!toggle) return;
  var header = toggle.closest(".site-header");
  function show(open) {
    header.classList.toggle("menu-open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  }
  toggle.addEventListener("click", function () {
    show(toggle.getAttribute("aria-expanded") !== "true");
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && header.classList.contains("menu-open")) {
      show(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", function (event) {
    if (!header.contains(event.target)) show(false);
  });
})();
