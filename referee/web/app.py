"""The ASGI application: the site's pages over HTTP, read-only (GET and HEAD only)."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from referee.web.site import Site


def make_app(site: Site) -> Starlette:
    """An app serving ``site``: ``/`` is the list of games, every other path a page's file
    name; the database is read in a worker thread so a slow render never stalls the loop."""

    async def page(request: Request) -> Response:
        path = request.path_params.get("path", "")
        rendered = await run_in_threadpool(site.render, path)
        if rendered is None:
            return PlainTextResponse("Not found", status_code=404)
        return Response(
            rendered.body, media_type=rendered.media_type, headers={"Cache-Control": "no-cache"}
        )

    routes = [
        Route("/", page, methods=["GET", "HEAD"]),
        Route("/{path:path}", page, methods=["GET", "HEAD"]),
    ]
    return Starlette(routes=routes)
