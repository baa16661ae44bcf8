# The bot in a container: slim Python, a non-root user, the SQLite database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/league.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY data ./data
RUN pip install . \
    && useradd --create-home --uid 10001 league \
    && mkdir -p /data && chown league:league /data

USER league
VOLUME ["/data"]
EXPOSE 8080
CMD ["python", "-m", "bot"]
