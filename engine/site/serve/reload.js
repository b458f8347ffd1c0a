// Live reload for loopbook serve: reloads the page after every successful
// rebuild and shows the error of a failed one in a dismissible overlay.
(function () {
  "use strict";
  var id = "loopbook-build-error";

  function clear() {
    var old = document.getElementById(id);
    if (old) old.remove();
  }

  function show(text) {
    clear();
    var box = document.createElement("div");
    box.id = id;
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;" +
      "max-height:70vh;overflow:auto;box-sizing:border-box;margin:0;padding:1rem 3rem 1rem 1rem;" +
      "background:#3a1414;color:#ffe3e3;border-bottom:3px solid #e5484d;" +
      "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;" +
      "box-shadow:0 4px 16px rgba(0,0,0,.4)";
    var head = document.createElement("strong");
    head.textContent = "Build failed; still showing the last good build.";
    var pre = document.createElement("pre");
    pre.style.cssText = "margin:.5rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;font:inherit";
    pre.textContent = text;
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.title = "Dismiss";
    close.setAttribute("aria-label", "Dismiss the build error");
    close.style.cssText = "position:absolute;top:.5rem;right:.75rem;border:0;background:none;" +
      "color:inherit;font-size:1.5rem;line-height:1;cursor:pointer";
    close.addEventListener("click", clear);
    box.appendChild(head);
    box.appendChild(pre);
    box.appendChild(close);
    document.body.appendChild(box);
  }

  var source = new EventSource("/__loopbook/events");
  source.addEventListener("reload", function () {
    clear();
    location.reload();
  });
  // A lost connection also fires "error", as a plain Event without data;
  // the browser reconnects by itself, so only the server's event counts.
  source.addEventListener("error", function (e) {
    if (typeof e.data !== "string") return;
    var text = e.data;
    try { text = JSON.parse(e.data); } catch (_) {}
    show(String(text));
  });
})();
