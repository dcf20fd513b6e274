// The page on any screen: on a phone (a narrow window) the set-up form folds away once a game
// starts (its summary opens it again) and the board is drawn as the compact layer (POST
// /v1/render with compact: true); on every screen the map zooms (the buttons, or two fingers).
"use strict";

const Screen = (() => {
  const narrow = window.matchMedia("(max-width: 700px)");
  const ZOOMS = [1, 1.5, 2, 3, 4];
  let zoom = 0;  // an index into ZOOMS

  function setZoom(i) {
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, i));
    const board = document.getElementById("board");
    board.style.setProperty("--zoom", String(ZOOMS[zoom]));
    board.classList.toggle("zoomed", zoom > 0);
    document.getElementById("zoom-out").disabled = zoom === 0;
    document.getElementById("zoom-fit").disabled = zoom === 0;
    document.getElementById("zoom-in").disabled = zoom === ZOOMS.length - 1;
  }

  // Two fingers apart or together on the map: one zoom step per half again (or half less).
  function pinch(board) {
    let start = 0;
    const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    board.addEventListener("touchstart", (ev) => {
      if (ev.touches.length === 2) start = spread(ev.touches);
    }, {passive: true});
    board.addEventListener("touchmove", (ev) => {
      if (ev.touches.length !== 2 || !start) return;
      const ratio = spread(ev.touches) / start;
      if (ratio > 1.4 || ratio < 0.7) {
        setZoom(zoom + (ratio > 1 ? 1 : -1));
        start = spread(ev.touches);
      }
      ev.preventDefault();
    }, {passive: false});
    board.addEventListener("touchend", () => { start = 0; });
  }

  function fold() {
    if (narrow.matches) document.getElementById("setup-box").open = false;
  }

  document.addEventListener("DOMContentLoaded", () => {
    fold();
    document.getElementById("new-game").addEventListener("submit", fold);
    document.getElementById("zoom-in").addEventListener("click", () => setZoom(zoom + 1));
    document.getElementById("zoom-out").addEventListener("click", () => setZoom(zoom - 1));
    document.getElementById("zoom-fit").addEventListener("click", () => setZoom(0));
    pinch(document.getElementById("board"));
    setZoom(0);
  });

  return {compact: () => narrow.matches, setZoom};
})();
