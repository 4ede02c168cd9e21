// The board: pinch or wheel to zoom, drag to pan, tap a piece to read it;
// the replay slider redraws the board at the chosen move.
(function () {
  "use strict";
  var viewport = document.getElementById("viewport");
  var stage = document.getElementById("stage");
  if (viewport && stage) {
    var scale = 1, tx = 0, ty = 0, pointers = new Map(), dragged = false, pinch = 0;
    var apply = function () {
      var w = viewport.clientWidth, h = viewport.clientHeight;
      tx = Math.min(0, Math.max(w - w * scale, tx));
      ty = Math.min(0, Math.max(h - h * scale, ty));
      stage.style.transform = "translate(" + tx + "px," + ty + "px) scale(" + scale + ")";
    };
    var zoomAt = function (x, y, factor) {
      var next = Math.min(8, Math.max(1, scale * factor));
      tx = x - (x - tx) * next / scale;
      ty = y - (y - ty) * next / scale;
      scale = next;
      apply();
    };
    var distance = function () {
      var p = Array.from(pointers.values());
      return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
    };
    viewport.addEventListener("wheel", function (e) {
      e.preventDefault();
      var r = viewport.getBoundingClientRect();
      zoomAt(e.clientX - r.left, e.clientY - r.top, e.deltaY < 0 ? 1.2 : 1 / 1.2);
    }, { passive: false });
    viewport.addEventListener("pointerdown", function (e) {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      dragged = false;
      if (pointers.size === 2) { pinch = distance(); }
    });
    viewport.addEventListener("pointermove", function (e) {
      var last = pointers.get(e.pointerId);
      if (!last) { return; }
      var dx = e.clientX - last.x, dy = e.clientY - last.y;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (Math.abs(dx) + Math.abs(dy) > 2) { dragged = true; }
      if (pointers.size === 2) {
        var d = distance(), r = viewport.getBoundingClientRect();
        if (pinch > 0) { zoomAt(e.clientX - r.left, e.clientY - r.top, d / pinch); }
        pinch = d;
      } else if (scale > 1) {
        tx += dx; ty += dy; apply();
      }
    });
    var up = function (e) { pointers.delete(e.pointerId); pinch = 0; };
    viewport.addEventListener("pointerup", up);
    viewport.addEventListener("pointercancel", up);
    viewport.addEventListener("dblclick", function () { scale = 1; tx = 0; ty = 0; apply(); });
    viewport.addEventListener("click", function (e) {
      var a = e.target.closest && e.target.closest("a[data-piece]");
      if (!a) { return; }
      e.preventDefault();
      if (dragged) { return; }
      var piece = document.getElementById("piece-" + a.getAttribute("data-piece"));
      var tip = document.getElementById("tip");
      if (piece && tip) {
        tip.replaceChildren(piece.cloneNode(true));
        tip.firstChild.removeAttribute("id");
        tip.hidden = false;
      }
    });
  }

  var tipBox = document.getElementById("tip");
  if (tipBox) {
    tipBox.addEventListener("click", function () { tipBox.hidden = true; });
  }

  var form = document.getElementById("replay");
  var slider = document.getElementById("move");
  var board = document.getElementById("board");
  if (form && slider && board) {
    var out = document.getElementById("move-out");
    var regions = document.getElementById("regions");
    var timer = 0;
    slider.addEventListener("input", function () {
      if (out) { out.textContent = slider.value; }
      clearTimeout(timer);
      timer = setTimeout(function () {
        var lang = document.documentElement.lang;
        board.src = form.getAttribute("data-board") + "?move=" + encodeURIComponent(slider.value) + "&lang=" + encodeURIComponent(lang);
        if (regions) { regions.style.display = "none"; }
      }, 150);
    });
  }
})();
