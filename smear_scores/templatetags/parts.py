"""Parts of a page that every viewer of one kind sees alike, drawn once and kept in the
cache (settings.CACHES): ``{% sharedpart "name" %}…{% endsharedpart %}``.

The view puts a ``SharedParts`` in the context as ``parts``, keyed by what the page shows
and the version it shows it at (the scoreboard: the game, its version and whether the
phone scores or watches). The first viewer draws each part and keeps it; the next viewer
of that kind at that version gets it from the cache, and the reads only a part needs
(given to the template as lazy values) are never made. Without ``parts``, or for a part
the view asks to draw afresh (``SharedParts.fresh``), the part is drawn as any template.

Nothing of one viewer is kept for another. A part is drawn with a stand-in for the CSRF
token (a random string drawn with it and kept beside it), which this viewer's own token
replaces as the part is put on the page. What only one phone sees (the scoring link, the
address it used, a notice, a refusal, what it tapped) stays outside the parts in the
template, and the view names a part fresh when it holds such a thing (the hand form with
a notice). The key holds the release (``release_id``: settings.RELEASE, set at deploy),
so a new release never shows a part an older one drew, and the address prefix the page
is served under, so a part's links are never another prefix's."""

from __future__ import annotations

import logging
import secrets
import subprocess
from functools import cache
from importlib.metadata import version

from django import template
from django.conf import settings
from django.core.cache import cache as default_cache
from django.template.base import FilterExpression, Node, NodeList, Parser, Token
from django.template.context import Context
from django.urls import get_script_prefix
from django.utils.functional import SimpleLazyObject, empty
from django.utils.safestring import SafeString, mark_safe

register = template.Library()
logger = logging.getLogger(__name__)

# A version's parts are needed until the next hand (about a minute at a table); a board
# left open longer draws them once more.
KEEP_SECONDS = 600


@cache
def release_id() -> str:
    """The release this process runs, worked out once: the parts one release drew (with its
    static files' names) are never shown by another. ``RELEASE`` as the deploy sets it;
    unset, the checkout's commit; outside a checkout, the package's version."""
    if settings.RELEASE:
        return settings.RELEASE
    try:
        found = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"],
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
        return found.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return version("smear-scores")


class SharedParts:
    """The parts of one page for one kind of viewer at one version (``key``), read from
    the cache once (all of them, one round trip) and written back when one is drawn.
    ``fresh``: the names of parts to draw for this viewer only, neither read nor kept."""

    def __init__(self, key: str, *, fresh: frozenset[str] | set[str] = frozenset()):
        # The address prefix this request runs under (a proxy's SCRIPT_NAME) is part of the
        # key: a part's links are written under it.
        self.key = f"parts:{release_id()}:{get_script_prefix()}:{key}"
        self.fresh = frozenset(fresh)
        self._kept: dict[str, tuple[str, str]] | None = None
        # The cache failed once for this page: the rest is drawn without asking it again.
        self._failed = False
        # How many parts this viewer drew (the rest came from the cache).
        self.drawn = 0

    def kept(self, name: str) -> tuple[str, str] | None:
        if self._kept is None:
            try:
                self._kept = default_cache.get(self.key) or {}
            except Exception:  # a cache that fails (Redis gone) is a miss
                logger.warning("The cache could not be read; drawing %s afresh", self.key)
                self._kept, self._failed = {}, True
        return self._kept.get(name)

    def keep(self, name: str, part: tuple[str, str]) -> None:
        self.drawn += 1
        if self._kept is None:
            self._kept = {}
        self._kept[name] = part
        if self._failed:
            return
        try:
            default_cache.set(self.key, self._kept, KEEP_SECONDS)
        except Exception:  # the page is drawn all the same
            logger.warning("The cache could not be written; %s is not kept", self.key)
            self._failed = True


def _read(context: Context) -> dict[str, object]:
    """The page's board and hand form, read, for a part drawn now: the part looks them up
    tens of times, each lookup through the lazy object's proxy otherwise. (A page whose
    parts are all kept reads neither.) Django's lazy object has no public way to read it
    once: its ``_wrapped`` and ``_setup`` are read here."""
    read = {}
    for name in ("board", "form"):
        value = context.get(name)
        if isinstance(value, SimpleLazyObject):
            if value._wrapped is empty:  # noqa: SLF001
                value._setup()  # noqa: SLF001
            read[name] = value._wrapped  # noqa: SLF001
    return read


def board_moved(board: object) -> bool:
    """Whether the page's board (read, if the part read it) is of a newer version than
    the one its parts are kept under (selectors.games.Board.moved)."""
    if isinstance(board, SimpleLazyObject):
        if board._wrapped is empty:  # noqa: SLF001
            return False
        board = board._wrapped  # noqa: SLF001
    return bool(getattr(board, "moved", False))


class SharedPartNode(Node):
    def __init__(self, name: FilterExpression, nodelist: NodeList):
        self.name = name
        self.nodelist = nodelist

    def render(self, context: Context) -> SafeString:
        parts = context.get("parts")
        name = str(self.name.resolve(context))
        if not isinstance(parts, SharedParts):
            return self.nodelist.render(context)
        if name in parts.fresh:
            with context.push(**_read(context)):
                return self.nodelist.render(context)
        part = parts.kept(name)
        if part is None:
            stand_in = secrets.token_hex(16)
            with context.push(csrf_token=stand_in, **_read(context)):
                part = (stand_in, self.nodelist.render(context))
            if not board_moved(context.get("board")):
                parts.keep(name, part)
        stand_in, html = part
        if stand_in in html:
            # Resolved only now, as {% csrf_token %} would have: a part without a form
            # asks for no token (and so sets no CSRF cookie).
            token = context.get("csrf_token")
            token = str(token) if token is not None else ""
            if not token or token == "NOTPROVIDED":
                # Rendered without a request: the token's inputs are left out, as
                # {% csrf_token %} leaves them out; draw the part as it is.
                return self.nodelist.render(context)
            html = html.replace(stand_in, token)
        return mark_safe(html)


@register.tag("sharedpart")
def sharedpart(parser: Parser, token: Token) -> SharedPartNode:
    """``{% sharedpart "name" %}…{% endsharedpart %}``: the part named ``name`` (any
    template value) of the page the context's ``parts`` keys."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError(
            f'{bits[0]} takes one argument, the part\'s name: {{% {bits[0]} "teams" %}}'
        )
    nodelist = parser.parse(("endsharedpart",))
    parser.delete_first_token()
    return SharedPartNode(parser.compile_filter(bits[1]), nodelist)
