/*
 * blocks.js: progressive enhancement of the executable lesson blocks that
 * engine/render writes (see its package documentation for the contract).
 * Every block reads fully without it. A classic script with no
 * dependencies: it finds each block by its data-lb attribute and wires it
 * from data attributes alone.
 */
(function () {
  "use strict";

  var doc = document;
  var SVG = "http://www.w3.org/2000/svg";
  var reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  function all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }
  function one(root, sel) { return root.querySelector(sel); }
  function attr(el, name) { return (el && el.getAttribute(name)) || ""; }
  function words(s) { return s ? s.split(" ") : []; }
  function el(tag, cls, text) {
    var e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function set(list) {
    var s = {};
    list.forEach(function (x) { s[x] = true; });
    return s;
  }
  function activate(g, fn) {
    g.addEventListener("click", fn);
    g.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); fn(); }
    });
  }

  // Output that scrolls is reachable by keyboard: checked when a step, a
  // picker or a <details> shows it and when the window changes size.
  function scrollables(root) {
    all(root, "pre, .lb-table-wrap, .lb-op-body, .lb-fields-table").forEach(function (e) {
      if (e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight) e.tabIndex = 0;
    });
  }

  // The map ------------------------------------------------------------

  function actorsOf(svg) {
    if (!svg.lbActors) {
      svg.lbActors = {};
      all(svg, ".lb-actor").forEach(function (g) { svg.lbActors[attr(g, "data-actor")] = g; });
    }
    return svg.lbActors;
  }

  function setBroken(g, on) {
    g.classList.toggle("is-broken", on);
    var t = one(g, "title");
    if (t) t.textContent = attr(g, "data-label") + (on ? " (down)" : "");
  }

  // draw shows one state of the map: acting actors highlighted and the
  // others muted, broken actors marked, calls drawn as labelled arrows:
  // "x1,y1,…,xn,yn,lx,ly,VERB;…", a route of two or more points, where
  // its label goes, and the verb.
  function draw(svg, acting, broken, calls) {
    var byId = actorsOf(svg), act = set(acting), br = set(broken);
    Object.keys(byId).forEach(function (id) {
      var g = byId[id];
      g.classList.toggle("is-active", !!act[id]);
      g.classList.toggle("is-muted", acting.length > 0 && !act[id]);
      setBroken(g, !!br[id]);
    });
    var layer = one(svg, ".lb-calls");
    if (!layer) return;
    layer.textContent = "";
    (calls ? calls.split(";") : []).forEach(function (c) {
      var v = c.split(","), n = v.length;
      if (n < 7 || n % 2 === 0) return;
      var d = "";
      for (var i = 0; i + 4 < n; i += 2) d += (i ? "L" : "M") + v[i] + " " + v[i + 1];
      var path = doc.createElementNS(SVG, "path");
      path.setAttribute("class", "lb-call");
      path.setAttribute("d", d);
      path.setAttribute("marker-end", "url(#" + attr(svg, "data-arrow") + ")");
      var text = doc.createElementNS(SVG, "text");
      text.setAttribute("class", "lb-call-label");
      text.setAttribute("x", v[n - 3]);
      text.setAttribute("y", v[n - 2]);
      text.textContent = v[n - 1];
      layer.appendChild(path);
      layer.appendChild(text);
    });
  }

  // describe fills a panel with an actor's inventory entry from the block,
  // or its label and <desc>.
  function describe(panel, block, g) {
    panel.textContent = "";
    if (!g) return;
    var id = attr(g, "data-actor");
    var entry = all(block, ".lb-inv-entry").filter(function (e) { return attr(e, "data-actor") === id; })[0];
    if (entry) {
      var dl = el("dl", "lb-inventory");
      dl.appendChild(entry.cloneNode(true));
      panel.appendChild(dl);
      return;
    }
    var p = el("p");
    p.appendChild(el("strong", "", one(g, "title").textContent));
    panel.appendChild(p);
    panel.appendChild(el("p", "", one(g, "desc").textContent));
  }

  // initMap: hover or focus previews an actor in the map's panel; click,
  // Enter or Space pins it (again to unpin); Escape unpins.
  function initMap(fig) {
    var panel = one(fig, ".lb-map-panel"), svg = one(fig, ".lb-map-svg");
    if (!panel || !svg) return;
    var block = fig.closest("[data-lb]:not([data-lb=map])") || fig, pinned = null;
    var byId = actorsOf(svg);
    fig.addEventListener("keydown", function (e) {
      if (e.key !== "Escape" || !pinned) return;
      pinned.setAttribute("aria-pressed", "false");
      pinned = null;
      var f = doc.activeElement;
      describe(panel, block, f && f.classList && f.classList.contains("lb-actor") && svg.contains(f) ? f : null);
    });
    Object.keys(byId).forEach(function (id) {
      var g = byId[id];
      g.setAttribute("aria-pressed", "false");
      g.addEventListener("mouseenter", function () { describe(panel, block, g); });
      g.addEventListener("focus", function () { describe(panel, block, g); });
      g.addEventListener("mouseleave", function () { describe(panel, block, pinned); });
      g.addEventListener("blur", function () { describe(panel, block, pinned); });
      activate(g, function () {
        if (pinned) pinned.setAttribute("aria-pressed", "false");
        pinned = pinned === g ? null : g;
        if (pinned) pinned.setAttribute("aria-pressed", "true");
        describe(panel, block, pinned || g);
      });
    });
  }

  // Scenario playback ---------------------------------------------------

  function initScenario(sec) {
    var steps = all(sec, ".lb-step");
    var svg = one(sec, ".lb-map-svg"), scrub = one(sec, ".lb-scrub"), pos = one(sec, ".lb-pos");
    var now = one(sec, ".lb-now"), body = one(sec, ".lb-op-body"), play = one(sec, ".lb-play"), speed = one(sec, ".lb-speed");
    if (!steps.length || !scrub) return;
    var i = 0, timer = null;

    function text(st, sel) { var e = one(st, sel); return e ? e.textContent : ""; }

    function go(n) {
      i = Math.max(0, Math.min(steps.length - 1, n));
      var st = steps[i], title = text(st, ".lb-step-title"), who = text(st, ".lb-actorline").replace(/^Actor /, "");
      steps.forEach(function (s, k) {
        if (k === i) s.setAttribute("aria-current", "step"); else s.removeAttribute("aria-current");
      });
      if (svg) draw(svg, words(attr(st, "data-actors")), words(attr(st, "data-broken")), attr(st, "data-calls"));
      scrub.value = i + 1;
      scrub.setAttribute("aria-valuetext", "Step " + (i + 1) + " of " + steps.length + ": " + title);
      pos.textContent = i + 1 + " / " + steps.length;
      if (now) now.textContent = "Step " + (i + 1) + ": " + title + (who ? " — " + who : "");
      if (!body) return;
      body.textContent = "";
      var head = el("p", "lb-op-head");
      head.appendChild(el("strong", "", title));
      var op = text(st, ".lb-op");
      if (op) { head.appendChild(doc.createTextNode(" · ")); head.appendChild(el("code", "", op)); }
      body.appendChild(head);
      if (who) body.appendChild(el("p", "lb-actorline", who));
      var say = text(st, ".lb-say");
      if (say) body.appendChild(el("p", "lb-say", say));
      var fields = one(st, ".lb-fields-table");
      if (fields) body.appendChild(fields.cloneNode(true));
      scrollables(sec);
    }

    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (play) { play.setAttribute("aria-pressed", "false"); play.textContent = "Play"; }
    }

    function start() {
      if (reduce.matches) return;
      if (i >= steps.length - 1) go(0);
      play.setAttribute("aria-pressed", "true");
      play.textContent = "Pause";
      timer = setInterval(function () {
        if (i >= steps.length - 1) stop(); else go(i + 1);
      }, 2000 / (+speed.value || 1));
    }

    one(sec, ".lb-prev").addEventListener("click", function () { stop(); go(i - 1); });
    one(sec, ".lb-next").addEventListener("click", function () { stop(); go(i + 1); });
    scrub.addEventListener("input", function () { stop(); go(+scrub.value - 1); });
    if (play) play.addEventListener("click", function () { if (timer) stop(); else start(); });
    if (speed) speed.addEventListener("change", function () { if (timer) { stop(); start(); } });
    all(sec, ".lb-step-go").forEach(function (b) {
      b.addEventListener("click", function () {
        stop();
        go(+attr(b, "data-step") - 1);
        var map = one(sec, ".lb-stage");
        if (map) map.scrollIntoView({ block: "nearest", behavior: reduce.matches ? "auto" : "smooth" });
      });
    });
    go(0);
  }

  // Pickers: failures and gates -------------------------------------------

  // initPicker shows the .lb-case whose data-case is the checked radio's
  // value and hides the others, then calls then(case).
  function initPicker(sec, then) {
    var cases = all(sec, ".lb-case"), radios = all(sec, ".lb-picker input[type=radio]");
    if (!radios.length) return;
    function pick(n) {
      cases.forEach(function (c) {
        c.hidden = attr(c, "data-case") !== n;
        if (!c.hidden && then) then(c);
        if (!c.hidden) scrollables(c);
      });
    }
    radios.forEach(function (r) { r.addEventListener("change", function () { pick(r.value); }); });
    var on = radios.filter(function (r) { return r.checked; })[0];
    pick(on ? on.value : "1");
  }

  function initFailures(sec) {
    var svg = one(sec, ".lb-map-svg"), now = one(sec, ".lb-now");
    initPicker(sec, function (c) {
      if (svg) draw(svg, [], words(attr(c, "data-broken")), "");
      if (now) now.textContent = attr(c, "data-title");
    });
  }

  // What-if ------------------------------------------------------------------

  function initWhatif(sec) {
    var island = one(sec, "script.lb-data"), out = one(sec, ".lb-whatif-out");
    if (!island || !out) return;
    var data = JSON.parse(island.textContent), sets = all(sec, ".lb-whatif-controls fieldset");
    function update() {
      var choice = sets.map(function (f) {
        var r = one(f, "input:checked");
        return r ? +r.value : 0;
      }).join(",");
      var hit = data.outcomes.filter(function (o) { return o[0].join(",") === choice; })[0];
      out.textContent = "";
      var dl = el("dl", "lb-facts");
      data.show.forEach(function (col, k) {
        dl.appendChild(el("dt", "", col));
        var dd = el("dd"), v = hit ? String(hit[1][k] || "") : "no outcome for this combination";
        if (data.pre[k] && hit) {
          var pre = el("pre", "lb-out");
          pre.appendChild(el("code", "", v));
          dd.appendChild(pre);
        } else dd.textContent = v;
        dl.appendChild(dd);
      });
      out.appendChild(dl);
      scrollables(out);
    }
    sets.forEach(function (f) { f.addEventListener("change", update); });
    update();
  }

  // Quiz -----------------------------------------------------------------

  function initQuiz(sec) {
    var id = attr(sec, "data-quiz") || sec.id, key = "loopbook-quiz:" + id;
    var qs = all(sec, ".lb-question"), score = one(sec, ".lb-score"), form = one(sec, "form");
    if (form) form.addEventListener("submit", function (e) { e.preventDefault(); });
    var picked = {};
    qs.forEach(function (q) {
      var fig = one(q, ".lb-pick"), line = one(q, ".lb-picked");
      if (!fig) return;
      var byId = actorsOf(one(fig, ".lb-map-svg"));
      Object.keys(byId).forEach(function (aid) {
        var g = byId[aid];
        g.setAttribute("aria-pressed", "false");
        activate(g, function () {
          Object.keys(byId).forEach(function (o) { byId[o].setAttribute("aria-pressed", String(o === aid)); });
          picked[q.id] = aid;
          if (line) line.textContent = "Your answer: " + attr(g, "data-label");
        });
      });
    });
    try {
      var last = JSON.parse(localStorage.getItem(key) || "null");
      if (last && score) score.textContent = "Last score: " + last.score + " of " + last.total;
    } catch (e) { /* storage off */ }
    var check = one(sec, ".lb-check");
    if (!check) return;
    check.addEventListener("click", function () {
      var got = 0;
      qs.forEach(function (q) {
        var kind = attr(q, "data-kind"), want = attr(q, "data-correct"), answer;
        if (kind === "which actor") answer = picked[q.id] || "";
        else answer = all(q, "input:checked").map(function (r) { return r.value; }).sort().join(",");
        if (kind !== "which actor") want = want.split(",").sort().join(",");
        var ok = answer !== "" && answer === want, fb = one(q, ".lb-feedback");
        if (ok) got++;
        q.classList.toggle("is-ok", ok);
        q.classList.toggle("is-failed", !ok);
        if (!fb) return;
        fb.textContent = "";
        var p = el("p");
        p.appendChild(el("strong", "", ok ? "✓ Correct." : answer ? "✗ Not quite." : "✗ No answer yet."));
        var line = one(q, ".lb-answer-line");
        if (!ok && line) p.appendChild(doc.createTextNode(" The answer: " + line.textContent));
        fb.appendChild(p);
        var ex = one(q, ".lb-explain");
        if (ex) fb.appendChild(el("p", "lb-explain", ex.textContent));
      });
      if (score) score.textContent = "Score: " + got + " of " + qs.length;
      try { localStorage.setItem(key, JSON.stringify({ score: got, total: qs.length })); } catch (e) { /* storage off */ }
      doc.dispatchEvent(new CustomEvent("loopbook:quiz", { detail: { id: id, score: got, total: qs.length } }));
    });
  }

  // Start ------------------------------------------------------------------

  var init = {
    map: function (f) { if (!f.classList.contains("lb-pick")) initMap(f); },
    mapblock: function (s) { all(s, ".lb-inv-details").forEach(function (d) { d.open = false; }); },
    scenario: initScenario,
    failures: initFailures,
    gates: function (s) { initPicker(s); },
    whatif: initWhatif,
    quiz: initQuiz
  };

  function start() {
    // The offline edition reads as the page does without JavaScript.
    if (doc.body.classList.contains("kind-print")) return;
    var blocks = all(doc, "[data-lb]");
    blocks.forEach(function (b) {
      var fn = init[attr(b, "data-lb")];
      if (fn) fn(b);
    });
    blocks.forEach(function (b) {
      scrollables(b);
      b.addEventListener("toggle", function (e) { scrollables(e.target); }, true);
    });
    // Paper shows every answer and every object's fields.
    window.addEventListener("beforeprint", function () {
      blocks.forEach(function (b) { all(b, "details").forEach(function (d) { d.open = true; }); });
    });
    // Again once styles and fonts have laid the page out, and on resize.
    var recheck = function () { blocks.forEach(scrollables); };
    window.addEventListener("load", recheck);
    window.addEventListener("resize", recheck);
  }

  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
  else start();
})();
