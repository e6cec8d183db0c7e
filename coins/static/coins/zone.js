// The browser's time zone, sent once (the header carries the form only while none is known):
// until then the check-in day is UTC's. The server keeps a zone the player chose.
(function () {
  var form = document.getElementById("coins-zone");
  if (!form || !window.fetch || !window.Intl) return;
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  var data = new FormData(form);
  data.set("time_zone", zone);
  fetch(form.action, { method: "POST", body: data, credentials: "same-origin" });
})();
