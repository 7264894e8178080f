// Starts the app of a prerendered page after its first paint (issue #16,
// docs/decisions/036-prerendered-public-pages.md). The page is already on screen as HTML, so its
// code waits until the browser has drawn it: the stylesheet and the page come first, then the app's
// modules (preloaded together, no waterfall) and the entry that hydrates what is shown. The server
// writes this script in place of the entry's own tag: `data-entry` is the entry and `data-modules`
// the modules to preload, space-separated (src/server/modules/seo/route-preloads.ts).
(function () {
  var script = document.querySelector('script[data-entry]');
  if (!script) return;
  function start() {
    var modules = (script.getAttribute('data-modules') || '').split(' ');
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = script.getAttribute('data-entry');
    document.head.appendChild(entry);
  }
  // After the next frame has been painted: a task queued from a rAF callback runs after that paint.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
