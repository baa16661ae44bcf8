"""The rules catalogue: data/<edition>/ loaded once into validated models."""

from bot.catalog.loader import Catalog, CatalogError, load_catalog

__all__ = ["Catalog", "CatalogError", "load_catalog"]
