/**
 * The page's icon: a white car on the brand's blue (#003478) rounded square, 32×32, as a PNG
 * carried inline, so the browser asks no other host (and no extra request) for it. It is used by
 * the shell's frame (the page's <link rel="icon">) and the gateway's push worker (notifications).
 *
 * A PNG, not an SVG: the browser fetches the page's icon again after every history entry the
 * page adds (each search does), and an SVG icon is then loaded as a document of its own on the
 * page's main thread, about 10 ms in the middle of every search. A PNG is only decoded.
 *
 * A subpath of its own (@cfs/contracts/page-icon): the browser's share of the contracts does not
 * carry it, only the server code that writes it into a page.
 */
export const PAGE_ICON_SIZE = 32;

export const PAGE_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAABSklEQVR4AcXBsWpTYRgA0JMvPyVLpogEhe7CLWS4hZa4hcxdQiEEXCwY6ZC1PoGDq0O2TnmKPICDIhkCPoHgIjg4dAi0AV1vImnMf05NeeOvBsYYoYNkv1ZYYIYp7qwlf7QxR+H/SShR4jX6+BFoYI7C4RSYoxEYo3B4BcaBkXxGgY58OoEknxQyC5mFzEJmIbNki7Pi2Kfbt3Zx+uqjL9++2yRsMRl27Woy7NombNBuNQ16hV0NeifaraZNwgbXl+dSPeyqcZRcXZQ2CRUaR8nVRemxri/PpXqoEioMeifarabHareaBr1ClVBhMuzal8mwq0qoUL54bl/OimNVQmYhs+Qf1E7f2cX95/e2CZnVlDf3MgqZBVbyWQUW8lkEZvKZBaZYOrwlpoE79LF0OEv0cVf37KW137jFTzzBU4T9WuErPuANfll7ANgQNzKsr1f8AAAAAElFTkSuQmCC';
