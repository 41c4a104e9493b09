"""Read-only web pages of the games: the list, each game with its map, points and archive.

Public like a mailing list's archive, with no login: :mod:`referee.web.reading` is the one
gate to the store and reads only what every player may see. Pages are jinja2 templates under
``templates/web/``; a game's own pages come from its kind (:mod:`referee.web.kinds`), and the
map picture is the pure :func:`referee.web.mapsvg.draw_map`.

The stack is Starlette on uvicorn. The pages are a handful of GET routes over a synchronous
SQLAlchemy store, so a full framework would bring forms, sessions and an ORM of its own that
nothing here uses; Starlette is the small, typed, well-kept ASGI toolkit (the base of FastAPI)
with a test client and threadpool offloading for the store's blocking reads, and uvicorn is
its usual server, which runs in a thread beside the mail service for ``referee serve --web``
as easily as alone. The same renderer writes a static copy (``referee web build``), so an
operator may publish with any web server instead.
"""
