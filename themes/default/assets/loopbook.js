/*
 * loopbook.js: progressive enhancement for the default theme; every page
 * reads fully without it. A classic script, so it runs from file://.
 */
(function () {
  "use strict";

  var doc = document;
  var root = doc.documentElement;
  var KEY = "loopbook-theme";
  var systemDark = window.matchMedia("(prefers-color-scheme: dark)");

  function each(sel, fn) {
    Array.prototype.forEach.call(doc.querySelectorAll(sel), fn);
  }

  // Theme: data-theme on <html> overrides the system setting; the inline
  // script in <head> applied the remembered choice before first paint.
  function theme() {
    var t = root.getAttribute("data-theme");
    return t === "light" || t === "dark" ? t : systemDark.matches ? "dark" : "light";
  }

  function syncTheme() {
    var dark = String(theme() === "dark");
    each("[data-theme-toggle]", function (b) { b.setAttribute("aria-pressed", dark); });
  }

  function initTheme() {
    each("[data-theme-toggle]", function (b) {
      b.addEventListener("click", function () {
        var next = theme() === "dark" ? "light" : "dark";
        root.setAttribute("data-theme", next);
        try { localStorage.setItem(KEY, next); } catch (e) { /* storage off */ }
        syncTheme();
      });
    });
    systemDark.addEventListener("change", syncTheme);
    syncTheme();
  }

  // Drawer: on narrow screens the sidebar slides over the page, which is
  // inert meanwhile. Escape or a click outside closes it.
  function initDrawer() {
    var toggle = doc.querySelector("[data-nav-toggle]");
    var nav = toggle && doc.getElementById(toggle.getAttribute("aria-controls"));
    if (!nav) return;
    var wide = window.matchMedia("(min-width: 60rem)");
    var isOpen = function () { return toggle.getAttribute("aria-expanded") === "true"; };
    var set = function (open, refocus) {
      toggle.setAttribute("aria-expanded", String(open));
      root.classList.toggle("nav-open", open);
      each("main, footer", function (el) { el.inert = open; });
      if (open) {
        var a = nav.querySelector('[aria-current="page"]') || nav.querySelector("a");
        if (a) a.focus();
      } else if (refocus) {
        toggle.focus();
      }
    };
    toggle.addEventListener("click", function () { set(!isOpen(), false); });
    doc.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && isOpen()) set(false, true);
    });
    doc.addEventListener("click", function (e) {
      if (isOpen() && !nav.contains(e.target) && !toggle.contains(e.target)) set(false, true);
    });
    wide.addEventListener("change", function () {
      if (wide.matches && isOpen()) set(false, false);
    });
  }

  // Sidebar sections fold; the page arrives with its open state rendered.
  function initSections() {
    each("[data-nav-expander]", function (b) {
      b.addEventListener("click", function () {
        var open = b.getAttribute("aria-expanded") !== "true";
        b.setAttribute("aria-expanded", String(open));
        b.closest(".nav-item").classList.toggle("is-open", open);
      });
    });
    var bar = doc.getElementById("sidebar");
    var cur = bar && bar.querySelector('[aria-current="page"]');
    if (cur && cur.offsetTop > bar.clientHeight * 0.6) bar.scrollTop = cur.offsetTop - bar.clientHeight / 3;
  }

  // Content that scrolls sideways must be reachable by keyboard.
  function initScrollables() {
    each(".prose pre, .prose table, .prose .table-wrap", function (el) {
      if (el.scrollWidth > el.clientWidth && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
    });
  }

  // The contents column marks the heading being read.
  function initTocSpy() {
    var links = [], heads = [], pending = false;
    each("[data-toc] a[href^='#']", function (a) {
      var h = doc.getElementById(decodeURIComponent(a.getAttribute("href").slice(1)));
      if (h) { links.push(a); heads.push(h); }
    });
    if (!heads.length) return;
    function update() {
      pending = false;
      var line = window.innerHeight / 4, active = -1;
      for (var i = 0; i < heads.length && heads[i].getBoundingClientRect().top < line; i++) active = i;
      links.forEach(function (a, j) {
        if (j === active) a.setAttribute("aria-current", "location");
        else a.removeAttribute("aria-current");
      });
    }
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; requestAnimationFrame(update); }
    }, { passive: true });
    update();
  }

  // Search: "/" or the header button opens the dialog; the index script
  // (it sets window.loopbookSearch) loads the first time. An entry is
  // [kind, title, section, url, text]; every word typed must occur in its
  // title or text, the last one as a prefix.
  function initSearch() {
    var dlg = doc.getElementById("lb-search");
    var input = doc.getElementById("lb-search-input");
    var list = doc.getElementById("lb-search-results");
    var status = doc.getElementById("lb-search-status");
    if (!dlg || !input || typeof dlg.showModal !== "function") return;
    var base = doc.body.getAttribute("data-root") || "";
    var inPrint = doc.body.classList.contains("kind-print");
    var entries = null, shown = [], active = -1, loading = false;

    function prepare() {
      var raw = window.loopbookSearch;
      if (!raw) return false;
      entries = raw.map(function (e, i) {
        return { k: e[0], t: e[1], s: e[2], u: e[3], x: e[4], lt: e[1].toLowerCase(), lx: e[4].toLowerCase(), i: i };
      });
      return true;
    }
    function load() {
      if (entries || prepare()) return run();
      var src = dlg.getAttribute("data-search-index");
      if (!src || loading) return;
      loading = true;
      status.textContent = "Loading the index…";
      var s = doc.createElement("script");
      s.src = src;
      s.onload = function () { loading = false; if (prepare()) run(); };
      s.onerror = function () { loading = false; status.textContent = "The search index could not be loaded."; };
      doc.head.appendChild(s);
    }
    // In the print page and the offline edition every page is an article
    // of this page, under the anchor the site builder gave it.
    function href(u) {
      if (!inPrint) return base + u;
      var parts = u.split("#");
      var a = "page-" + parts[0].replace(/\.html$/, "").replace(/\//g, "-");
      return "#" + a + (parts[1] ? "--" + parts[1] : "");
    }
    function words(q) {
      return q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    }
    function escapeRe(w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
    function score(e, ws) {
      var total = 0;
      for (var j = 0; j < ws.length; j++) {
        var w = ws[j], t = e.lt.indexOf(w), x = e.lx.indexOf(w);
        if (t < 0 && x < 0) return 0;
        total += t === 0 ? 14 : t > 0 ? 10 : 1;
      }
      return total + (e.k === "" ? 2 : e.k === "Heading" ? 1 : 0);
    }
    function marked(el, str, re) {
      str.split(re).forEach(function (part, i) {
        if (!part) return;
        if (i % 2) {
          var m = doc.createElement("mark");
          m.textContent = part;
          el.appendChild(m);
        } else {
          el.appendChild(doc.createTextNode(part));
        }
      });
    }
    function snippet(e, ws) {
      var at = -1;
      ws.forEach(function (w) { var i = e.lx.indexOf(w); if (i >= 0 && (at < 0 || i < at)) at = i; });
      if (at < 0) return e.x.slice(0, 140) + (e.x.length > 140 ? "…" : "");
      var from = Math.max(0, e.x.lastIndexOf(" ", Math.max(0, at - 50)) + 1);
      if (at - from > 60) from = at - 40;
      var to = Math.min(e.x.length, from + 160);
      return (from > 0 ? "…" : "") + e.x.slice(from, to) + (to < e.x.length ? "…" : "");
    }
    function span(cls, parent) {
      var el = doc.createElement("span");
      el.className = cls;
      parent.appendChild(el);
      return el;
    }
    function run() {
      if (!entries) return;
      var q = input.value, ws = words(q);
      list.textContent = "";
      shown = [];
      setActive(-1);
      if (!ws.length) {
        status.textContent = "";
        input.setAttribute("aria-expanded", "false");
        return;
      }
      var re = new RegExp("(" + ws.map(escapeRe).join("|") + ")", "gi");
      var hits = [];
      entries.forEach(function (e) { var n = score(e, ws); if (n) hits.push([n, e]); });
      hits.sort(function (a, b) { return b[0] - a[0] || a[1].i - b[1].i; });
      hits.slice(0, 20).forEach(function (h, i) {
        var e = h[1], a = doc.createElement("a");
        a.id = "lb-search-r" + i;
        a.className = "search-result";
        a.setAttribute("role", "option");
        a.setAttribute("aria-selected", "false");
        a.tabIndex = -1;
        a.href = href(e.u);
        marked(span("search-result-title", a), e.t, re);
        var where = [e.k, e.s].filter(Boolean).join(" · ");
        if (where) span("search-result-section", a).textContent = where;
        if (e.x) marked(span("search-result-text", a), snippet(e, ws), re);
        list.appendChild(a);
        shown.push(a);
      });
      input.setAttribute("aria-expanded", String(shown.length > 0));
      status.textContent = hits.length ? hits.length + (hits.length === 1 ? " result" : " results") + (hits.length > 20 ? ", the first 20 shown" : "") : "No results for “" + q.trim() + "”";
      if (shown.length) setActive(0);
    }
    function setActive(i) {
      if (active >= 0 && shown[active]) shown[active].setAttribute("aria-selected", "false");
      active = i;
      if (i >= 0 && shown[i]) {
        shown[i].setAttribute("aria-selected", "true");
        input.setAttribute("aria-activedescendant", shown[i].id);
        shown[i].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }
    function open() {
      if (dlg.open) return;
      dlg.showModal();
      input.focus();
      input.select();
      load();
    }
    function close() { if (dlg.open) dlg.close(); }
    function follow(a) {
      close();
      location.href = a.href;
    }

    each("[data-search-open]", function (b) { b.addEventListener("click", open); });
    each("[data-search-close]", function (b) { b.addEventListener("click", close); });
    input.addEventListener("input", run);
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        if (!shown.length) return;
        var d = e.key === "ArrowDown" ? 1 : -1;
        setActive((active + d + shown.length) % shown.length);
      } else if (e.key === "Enter") {
        e.preventDefault();
        if (shown[active]) follow(shown[active]);
      } else if (e.key === "Escape") {
        e.preventDefault();
        close();
      }
    });
    list.addEventListener("click", function (e) {
      var a = e.target.closest(".search-result");
      if (a && inPrint) close();
    });
    dlg.addEventListener("click", function (e) { if (e.target === dlg) close(); });
    doc.addEventListener("keydown", function (e) {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || dlg.open) return;
      var t = e.target;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      e.preventDefault();
      open();
    });
  }

  // Progress: the pages read and the quiz scores, kept in localStorage
  // under the site's title. The quiz renderer reports a score with the
  // event "loopbook:quiz" on document, detail {id, score, total}.
  function initProgress() {
    var brand = doc.querySelector(".brand-title");
    var key = "loopbook-progress:" + (brand ? brand.textContent : "");
    var page = doc.body.getAttribute("data-page") || "";
    function read() {
      var p = null;
      try { p = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { /* storage off or spoilt */ }
      if (!p || typeof p !== "object") p = {};
      p.visited = p.visited || {};
      p.quiz = p.quiz || {};
      return p;
    }
    function write(p) {
      try { localStorage.setItem(key, JSON.stringify(p)); } catch (e) { /* storage off */ }
    }
    function show() {
      var p = read();
      each("#sidebar [data-path]", function (li) {
        var a = li.querySelector(".nav-link"), seen = !!p.visited[li.getAttribute("data-path")];
        if (!a) return;
        a.classList.toggle("is-visited", seen);
        var note = a.querySelector(".visited-note");
        if (seen && !note) {
          note = doc.createElement("span");
          note.className = "visually-hidden visited-note";
          note.textContent = " (read)";
          a.appendChild(note);
        } else if (!seen && note) {
          note.remove();
        }
      });
      var pagesRead = 0, scored = 0, total = 0;
      pagesRead = Object.keys(p.visited).length;
      Object.keys(p.quiz).forEach(function (id) { scored += p.quiz[id].s; total += p.quiz[id].t; });
      each("[data-progress-pages]", function (el) {
        var pages = el.getAttribute("data-progress-pages").split(" "), n = 0, s = 0, t = 0;
        pages.forEach(function (u) { if (p.visited[u]) n++; });
        Object.keys(p.quiz).forEach(function (id) {
          var q = p.quiz[id];
          if (pages.indexOf(q.p) >= 0) { s += q.s; t += q.t; }
        });
        el.textContent = n + " of " + pages.length + " read" + (t ? " · quizzes " + s + "/" + t : "");
        el.setAttribute("data-state", n === 0 ? "new" : n === pages.length ? "done" : "started");
        el.style.setProperty("--progress", (pages.length ? n / pages.length : 0).toFixed(3));
      });
      each("[data-progress-summary]", function (el) {
        el.textContent = pagesRead || total
          ? "You have read " + pagesRead + (pagesRead === 1 ? " page" : " pages") + (total ? " and scored " + scored + " of " + total + " in quizzes" : "") + ". Progress is kept in this browser only."
          : "Nothing read yet. Progress is kept in this browser only.";
      });
    }
    var kind = doc.body.className;
    if (page && /\bkind-(lesson|page|section)\b/.test(kind)) {
      var p = read();
      p.visited[page] = 1;
      write(p);
    }
    doc.addEventListener("loopbook:quiz", function (e) {
      var d = e.detail || {};
      if (!d.id) return;
      var p = read();
      p.quiz[d.id] = { p: page, s: Number(d.score) || 0, t: Number(d.total) || 0 };
      write(p);
      show();
    });
    each("[data-progress-reset]", function (b) {
      b.addEventListener("click", function () {
        try { localStorage.removeItem(key); } catch (e) { /* storage off */ }
        show();
      });
    });
    window.addEventListener("storage", function (e) { if (e.key === key) show(); });
    show();
  }

  // Printing: light colours, folded answers printed open.
  function initPrint() {
    var saved = null, opened = [];
    window.addEventListener("beforeprint", function () {
      saved = root.getAttribute("data-theme");
      root.setAttribute("data-theme", "light");
      each("details:not([open])", function (d) { d.open = true; opened.push(d); });
    });
    window.addEventListener("afterprint", function () {
      if (saved) root.setAttribute("data-theme", saved);
      else root.removeAttribute("data-theme");
      opened.forEach(function (d) { d.open = false; });
      opened = [];
    });
  }

  function init() {
    initTheme();
    initDrawer();
    initSections();
    initScrollables();
    initTocSpy();
    initPrint();
    initSearch();
    initProgress();
  }

  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", init);
  else init();
})();
