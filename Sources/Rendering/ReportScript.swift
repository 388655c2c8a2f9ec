/// The report page's only script, inlined and allowed by its SHA-256 hash in the page's Content-Security-Policy
/// (`ReportPolicy`). Without it the page is still complete: graphs at 1:1 in scrolling boxes, plain links.
///
/// Per graph panel (`section.graph` holding `.viewport > svg`): fit to the width on open (capped at 1:1), zoom
/// (buttons, wheel, visible level), pan (drag), search (highlights matching nodes and their edges, dims the
/// rest), violations only. Red edges and nodes scroll to their finding row; a row's graph link highlights and
/// centres its edges or nodes. Node and edge ids are `GraphElementID`s: `graph__n__node`, `graph__e__from__to`.
enum ReportScript {
    static let source = #"""
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var PX_PER_PT = 4 / 3;
  var panels = {};

  function naturalSize(svg) {
    function length(name, fallback) {
      var text = svg.getAttribute(name) || "";
      var value = parseFloat(text);
      if (!(value > 0)) return fallback;
      return /pt$/.test(text) ? value * PX_PER_PT : value;
    }
    var box = svg.viewBox && svg.viewBox.baseVal;
    var width = length("width", box && box.width ? box.width * PX_PER_PT : 800);
    var height = length("height", box && box.height ? box.height * PX_PER_PT : 600);
    return { width: width, height: height };
  }

  function idParts(element) { return (element.id || "").split("__"); }

  function setUp(section) {
    var viewport = section.querySelector(".viewport");
    var svg = viewport && viewport.querySelector("svg");
    if (!svg) return;
    var toolbar = section.querySelector(".toolbar");
    var level = section.querySelector(".zoom-level");
    var search = section.querySelector(".graph-search");
    var status = section.querySelector(".search-status");
    var violationsOnly = section.querySelector(".violations-only");
    var hint = section.querySelector(".fit-hint");
    var natural = naturalSize(svg);
    var scale = 1;
    var fitted = true;
    if (toolbar) toolbar.hidden = false;

    var nodes = Array.prototype.slice.call(svg.querySelectorAll("g.node"));
    var edges = Array.prototype.slice.call(svg.querySelectorAll("g.edge"));
    var nodeKey = new Map();
    var nodeText = new Map();
    nodes.forEach(function (node) {
      var parts = idParts(node);
      if (parts[1] !== "n") return;
      nodeKey.set(node, parts[2]);
      var title = node.querySelector("title");
      var texts = Array.prototype.map.call(node.querySelectorAll("text"), function (t) { return t.textContent; });
      nodeText.set(node, ((title ? title.textContent : "") + " " + texts.join(" ")).toLowerCase());
    });
    var edgeEnds = new Map();
    edges.forEach(function (edge) {
      var parts = idParts(edge);
      if (parts[1] === "e") edgeEnds.set(edge, [parts[2], parts[3]]);
    });
    // Nodes at either end of an edge with a finding stay visible under "violations only".
    var violationEnds = new Set();
    edges.forEach(function (edge) {
      if (edge.classList.contains("violation") && edgeEnds.has(edge)) edgeEnds.get(edge).forEach(function (k) { violationEnds.add(k); });
    });
    nodes.forEach(function (node) { if (violationEnds.has(nodeKey.get(node))) node.classList.add("violation-end"); });

    function fitScale() {
      var width = viewport.clientWidth;
      return Math.max(0.0005, Math.min(1, width / natural.width));
    }

    function zoomTo(next, clientX, clientY) {
      next = Math.max(Math.min(fitScale(), 0.05), Math.min(4, next));
      var rect = viewport.getBoundingClientRect();
      var ax = clientX === undefined ? viewport.clientWidth / 2 : clientX - rect.left;
      var ay = clientY === undefined ? viewport.clientHeight / 2 : clientY - rect.top;
      var contentX = (viewport.scrollLeft + ax) / scale;
      var contentY = (viewport.scrollTop + ay) / scale;
      scale = next;
      svg.style.width = (natural.width * scale) + "px";
      svg.style.height = (natural.height * scale) + "px";
      viewport.scrollLeft = contentX * scale - ax;
      viewport.scrollTop = contentY * scale - ay;
      if (level) level.textContent = (scale < 0.1 ? (scale * 100).toFixed(1) : Math.round(scale * 100)) + "%";
      section.setAttribute("data-scale", scale.toFixed(4));
    }

    function fit() {
      fitted = true;
      zoomTo(fitScale());
      // A vertical scrollbar that came or went changes the width: fit once more.
      if (Math.abs(fitScale() - scale) > 0.0005) zoomTo(fitScale());
      if (hint) hint.textContent = scale < 0.4 ? "Too wide to read at this width: search a name, or zoom in and drag." : "";
      viewport.scrollLeft = 0;
      viewport.scrollTop = 0;
    }

    section.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("button[data-zoom]");
      if (!button) return;
      var action = button.getAttribute("data-zoom");
      if (action === "fit") { fit(); return; }
      fitted = false;
      if (action === "in") zoomTo(scale * 1.25);
      else if (action === "out") zoomTo(scale / 1.25);
      else if (action === "actual") zoomTo(1);
    });

    viewport.addEventListener("keydown", function (event) {
      if (event.target !== viewport || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "+" || event.key === "=") { fitted = false; zoomTo(scale * 1.25); }
      else if (event.key === "-") { fitted = false; zoomTo(scale / 1.25); }
      else if (event.key === "0") fit();
      else return;
      event.preventDefault();
    });

    viewport.addEventListener("wheel", function (event) {
      event.preventDefault();
      fitted = false;
      zoomTo(scale * Math.pow(1.0015, -event.deltaY), event.clientX, event.clientY);
    }, { passive: false });

    // Drag to pan; a drag never counts as a click on an edge.
    var drag = null;
    var dragged = false;
    viewport.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft, top: viewport.scrollTop, id: event.pointerId };
      dragged = false;
    });
    viewport.addEventListener("pointermove", function (event) {
      if (!drag) return;
      var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!dragged && Math.abs(dx) + Math.abs(dy) < 4) return;
      if (!dragged) { dragged = true; viewport.classList.add("panning"); try { viewport.setPointerCapture(drag.id); } catch (e) {} }
      viewport.scrollLeft = drag.left - dx;
      viewport.scrollTop = drag.top - dy;
    });
    // The click that ends a drag comes before any timer: it is the only one ignored.
    function endDrag() {
      drag = null;
      viewport.classList.remove("panning");
      if (dragged) setTimeout(function () { dragged = false; }, 0);
    }
    viewport.addEventListener("pointerup", endDrag);
    viewport.addEventListener("pointercancel", endDrag);

    function clearMarks() {
      section.classList.remove("searching");
      nodes.concat(edges).forEach(function (element) { element.classList.remove("hl", "target"); });
    }

    function highlightKeys(keys) {
      clearMarks();
      if (keys.size === 0) return;
      section.classList.add("searching");
      nodes.forEach(function (node) { if (keys.has(nodeKey.get(node))) node.classList.add("hl"); });
      edges.forEach(function (edge) {
        var ends = edgeEnds.get(edge);
        if (ends && (keys.has(ends[0]) || keys.has(ends[1]))) edge.classList.add("hl");
      });
    }

    function centre(element) {
      var target = element.getBoundingClientRect();
      var box = viewport.getBoundingClientRect();
      viewport.scrollLeft += (target.left + target.width / 2) - (box.left + viewport.clientWidth / 2);
      viewport.scrollTop += (target.top + target.height / 2) - (box.top + viewport.clientHeight / 2);
    }

    function runSearch() {
      var query = search.value.trim().toLowerCase();
      if (!query) { clearMarks(); if (status) status.textContent = ""; return; }
      var keys = new Set();
      var first = null;
      nodes.forEach(function (node) {
        var text = nodeText.get(node);
        if (text !== undefined && text.indexOf(query) !== -1) { keys.add(nodeKey.get(node)); first = first || node; }
      });
      highlightKeys(keys);
      if (keys.size === 0) section.classList.add("searching");
      if (status) status.textContent = keys.size === 0 ? "no match" : keys.size + (keys.size === 1 ? " match" : " matches");
      return first;
    }
    if (search) {
      search.addEventListener("input", runSearch);
      search.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") return;
        event.preventDefault();
        var first = runSearch();
        if (first) { if (scale < 0.5) zoomTo(Math.min(1, 0.75)); centre(first); }
      });
    }
    if (violationsOnly) {
      violationsOnly.addEventListener("change", function () {
        section.classList.toggle("violations-only", violationsOnly.checked);
      });
    }

    // An edge or node with a finding → its finding row.
    svg.addEventListener("click", function (event) {
      if (dragged) { dragged = false; return; }
      var element = event.target.closest && event.target.closest("g.edge.violation, g.node.violation");
      if (!element || !element.id) return;
      var row = document.querySelector('tr[data-targets~="' + element.id + '"]');
      if (!row) return;
      event.preventDefault();
      row.scrollIntoView({ block: "center" });
      row.classList.remove("flash");
      void row.offsetWidth;
      row.classList.add("flash");
    });

    // Keep a fitted graph fitted when its box changes width (window resized, page scrollbar came or went).
    var lastWidth = viewport.clientWidth;
    var refit = function () {
      if (viewport.clientWidth === lastWidth) return;
      lastWidth = viewport.clientWidth;
      if (fitted) fit();
    };
    if (window.ResizeObserver) new ResizeObserver(refit).observe(viewport);
    else window.addEventListener("resize", refit);

    panels[section.id] = {
      show: function (ids) {
        clearMarks();
        // Looked up inside this panel: two pictures of the same graph may share element ids.
        var found = ids.map(function (id) { return svg.querySelector('[id="' + id + '"]'); })
          .filter(function (element) { return element; });
        if (found.length === 0) return false;
        var keys = new Set();
        found.forEach(function (element) {
          var parts = idParts(element);
          if (parts[1] === "n") keys.add(parts[2]);
        });
        highlightKeys(keys);
        section.classList.add("searching");
        found.forEach(function (element) { element.classList.add("hl", "target"); });
        if (scale < 0.5) { fitted = false; zoomTo(Math.min(1, 0.75)); }
        section.scrollIntoView({ block: "start" });
        centre(found[0]);
        return true;
      }
    };
    fit();
  }

  Array.prototype.forEach.call(document.querySelectorAll("section.graph"), setUp);
  // A link to a closed panel (an overview node → its feature's focus picture) opens it first.
  function openLinkedPanel() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    var details = target && target.closest("details");
    if (details && !details.open) { details.open = true; target.scrollIntoView(); }
  }
  window.addEventListener("hashchange", openLinkedPanel);
  openLinkedPanel();

  // A finding's graph link → highlight and centre its edges or nodes.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.to-graph");
    if (!link) return;
    var panel = panels[link.getAttribute("data-graph")];
    var ids = (link.getAttribute("data-targets") || "").split(" ").filter(Boolean);
    if (panel && panel.show(ids)) event.preventDefault();
  });
})();
"""#
}
