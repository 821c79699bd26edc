"""The JSON API (django-ninja); its OpenAPI document is served at /api/docs."""

from ninja import NinjaAPI

from .errors import JsonOnly, install_error_handlers
from .games import router as games_router
from .leagues import router as leagues_router

api = NinjaAPI(
    title="Smear Scores API",
    version="1",
    description="Read and write Smear games; the same rules as the scoring screens.",
    docs_url="/docs",
    parser=JsonOnly(),
)
install_error_handlers(api)
api.add_router("/", games_router)
api.add_router("/leagues", leagues_router)
