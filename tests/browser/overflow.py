"""What the browser tests measure on a page: every element that hides content sideways, and the crawl of
the pages reachable from a league's and an event's links.

An element hides content when its computed overflow-x clips or scrolls (auto, scroll, hidden, clip) and its
content is wider than its box (scrollWidth > clientWidth + 1), or when it or a line of its text reaches past
the screen's right or left edge (a page wider than the phone). Only the outermost such element is named: a
box that hides a table hides its cells too."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from urllib.parse import urldefrag, urljoin, urlparse

from playwright.sync_api import Page

# One line per element: the tag, its classes, the widths measured and the start of its text.
HIDDEN_OVERFLOW_JS = """
() => {
  const screen = document.documentElement.clientWidth;
  const named = el => {
    const cls = typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    const text = (el.innerText || el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 60);
    return `<${el.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const past = (box, what) => box.width > 0 && (box.right > screen + 1 || box.left < -1)
    ? `${what} from ${Math.round(box.left)} to ${Math.round(box.right)} px on a ${screen}-px screen` : "";
  const found = [];
  const flagged = new Set();  // an element flagged hides its descendants: only the outermost is named
  for (const el of document.querySelectorAll("body, body *")) {
    if (flagged.has(el.parentElement)) {
      flagged.add(el);
      continue;
    }
    const overflow = getComputedStyle(el).overflowX;
    const clips = ["auto", "scroll", "hidden", "clip"].includes(overflow);
    if (clips && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${named(el)}: content ${el.scrollWidth} px in a ${el.clientWidth}-px box`);
      flagged.add(el);
      continue;
    }
    const wide = past(el.getBoundingClientRect(), "its box runs");
    if (wide) {
      found.push(`${named(el)}: ${wide}`);
      flagged.add(el);
      continue;
    }
    for (const node of el.childNodes) {  // an unbreakable line running out of its element's box
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const line = past(range.getBoundingClientRect(), "its text runs");
      if (line) {
        found.push(`${named(el)}: ${line}`);
        flagged.add(el);
        break;
      }
    }
  }
  return found;
}
"""


def hidden_overflow(page: Page) -> list[str]:
    """Every element of the open page that hides content sideways or reaches past the screen's edges."""
    found: list[str] = page.evaluate(HIDDEN_OVERFLOW_JS)
    return found


def page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def links(page: Page, base: str) -> list[str]:
    """The view's own pages (under /l/) that the open page links to, without their #fragments."""
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    found = []
    for href in hrefs:
        url = urldefrag(urljoin(page.url, href)).url
        if urlparse(url).netloc == urlparse(base).netloc and urlparse(url).path.startswith("/l/"):
            found.append(url)
    return found


def crawl(page: Page, start: list[str], base: str, limit: int) -> Iterator[str]:
    """Open every page reachable from `start` by the view's own links, breadth first; yields each address
    once the page is open. Stops (by an AssertionError) past `limit` addresses: a loop of addresses."""
    seen, queue = set(start), deque(start)
    while queue:
        url = queue.popleft()
        response = page.goto(url)
        assert response is not None and response.status == 200, url
        yield url
        for link in links(page, base):
            if link not in seen:
                seen.add(link)
                queue.append(link)
        assert len(seen) < limit, f"more than {limit} addresses"


def problems_on(page: Page, url: str, screen: int, report: Callable[[str], None]) -> None:
    """Report (one line each) a page wider than the screen and each element hiding content sideways."""
    if page_width(page) > screen:
        report(f"{url}: the page is {page_width(page)} px wide")
    for line in hidden_overflow(page):
        report(f"{url}: {line}")
