"""The read-only web view: aiohttp serves server-rendered Jinja2 pages of a league reached by its link."""
