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
  }

  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", init);
  else init();
})();
