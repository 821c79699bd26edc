"""The JSON API (django-ninja); its OpenAPI document is served at /api/docs."""

from .errors import JsonOnly, SmearAPI
from .games import router as games_router
from .leagues import router as leagues_router
from .seasons import router as seasons_router

api = SmearAPI(
    title="Smear Scores API",
    version="1",
    description="Read and write Smear games; the same rules as the scoring screens.",
    docs_url="/docs",
    parser=JsonOnly(),
)
api.add_router("/", games_router)
api.add_router("/leagues", leagues_router)
api.add_router("/clubs", seasons_router)
