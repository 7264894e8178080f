// The offline page's language (issue #15, src/web/sw/offline-page.ts): the one the app uses,
// from `?lang=` or else localStorage `lang`, English by default (spec section 1).
(function () {
  var lang = 'en';
  try {
    var asked = new URLSearchParams(window.location.search).get('lang');
    lang = asked === 'es' || asked === 'en' ? asked : window.localStorage.getItem('lang') === 'es' ? 'es' : 'en';
  } catch (error) {
    // storage blocked: English
  }
  var sections = document.querySelectorAll('main > section[lang]');
  for (var i = 0; i < sections.length; i++) {
    var section = sections[i];
    var shown = section.getAttribute('lang') === lang;
    section.hidden = !shown;
    if (shown) {
      document.documentElement.lang = lang;
      document.title = section.getAttribute('data-title') || document.title;
    }
  }
})();
