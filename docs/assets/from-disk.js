// Opened from disk (file://), a page has no use for its head's language links: the theme's
// JavaScript asks for sitemap.xml beside each of them, which the browser refuses from disk
// (an error per page). The language switcher's own links already lead to each page's
// translation. Loaded in the head, before the theme's script.
if (location.protocol === "file:") {
  document.querySelectorAll('link[rel="alternate"][hreflang]').forEach(function (link) {
    link.remove();
  });
}
